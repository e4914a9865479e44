import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no"], { message: "must be 1/0, true/false or yes/no" })
  .transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a number" }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number({ message: "must be a number" }).int().min(1024).max(65535).default(54329),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://example.sa" }).optional(),
  DEMO_MODE: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema> & { DEMO_MODE: boolean; PUBLIC_URL: string; DATA_DIR: string };

/** Parses the environment once; on a bad variable, lists each problem and exits. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    DEMO_MODE: env.DEMO_MODE ?? env.NODE_ENV !== "production",
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
