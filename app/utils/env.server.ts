import path from "node:path";
import { z } from "zod";
import { parseStorageUrl, type StorageConfig } from "./storage-url.server.ts";

const booleanFlag = z.enum(["1", "0", "true", "false", "yes", "no"], { message: "must be 1/0, true/false or yes/no" }).transform((v) => v === "1" || v === "true" || v === "yes");

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
  /** Where uploaded photos are kept: unset for DATA_DIR/uploads, or s3://bucket?endpoint=… (utils/storage-url.server.ts, decision 021). */
  STORAGE_URL: z.string().optional(),
  /** How many proxies in front set X-Forwarded-For (0: none; the client's address is the connection's). */
  TRUST_PROXY: z.coerce.number({ message: "must be the number of proxies in front of the app (0 for none)" }).int().min(0).max(10).default(0),
  /** On SIGTERM, seconds during which /healthz/ready answers 503 while requests are still served, before the server stops. */
  DRAIN_SECONDS: z.coerce.number({ message: "must be a number" }).int().min(0).max(300).default(0),
  /** Memory for the public page cache in production (decision 020), in MiB; 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number({ message: "must be a number" }).int().min(0).max(4096).default(48),
  /**
   * Signs the cookies whose content the server trusts (the one-time toast): the same value on every
   * instance behind a balancer (decision 023); a comma-separated list signs with the first and still
   * reads the others, for a rotation.
   */
  COOKIE_SECRET: z
    .string()
    .refine((value) => value.split(",").every((secret) => secret.trim().length >= 32), "each secret must be at least 32 characters (e.g. openssl rand -base64 32)")
    .optional(),
  /** "outbox" writes every e-mail to DATA_DIR/outbox/email.jsonl; "smtp" sends it through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** "outbox" writes every text message to DATA_DIR/outbox/sms.jsonl; "http" posts it to SMS_API_URL. */
  SMS_TRANSPORT: z.enum(["outbox", "http"]).optional(),
  SMS_API_URL: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
  SMS_API_USER: z.string().min(1).optional(),
  SMS_API_PASSWORD: z.string().min(1).optional(),
  /** The sender name or number the provider shows (the form field From). */
  SMS_SENDER: z.string().min(1).optional(),
  /** "outbox" writes every WhatsApp message to DATA_DIR/outbox/whatsapp.jsonl; "cloud" sends it through the WhatsApp Business Cloud API. */
  WHATSAPP_TRANSPORT: z.enum(["outbox", "cloud"]).optional(),
  /** The Cloud API's base address with its version, e.g. https://graph.facebook.com/v23.0 (messages go to {base}/{phone number id}/messages). */
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
  /** A system user's access token with the whatsapp_business_messaging permission. */
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  /** The sender: the id of the business phone number (not the number itself). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, "must be the numeric phone number id")
    .optional(),
  /** REGA's advertisement validation (decision 047): the gateway's base address (…/v2/brokerage); with the client id and secret it is on, without them off. */
  REGA_API_URL: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
  REGA_CLIENT_ID: z.string().min(1).optional(),
  REGA_CLIENT_SECRET: z.string().min(1).optional(),
});

export type Env = Omit<z.infer<typeof schema>, "WHATSAPP_TRANSPORT" | "COOKIE_SECRET"> & {
  /** COOKIE_SECRET read: the first signs, every one is accepted when reading. */
  COOKIE_SECRETS: string[];
  DEMO_MODE: boolean;
  PUBLIC_URL: string;
  DATA_DIR: string;
  /** STORAGE_URL read: the local disk or an S3-compatible bucket. */
  STORAGE: StorageConfig;
  MAIL_TRANSPORT: "outbox" | "smtp";
  MAIL_FROM: string;
  SMS_TRANSPORT: "outbox" | "http";
  /** "off": production without WhatsApp settings; each WhatsApp send then fails saying so. */
  WHATSAPP_TRANSPORT: "outbox" | "cloud" | "off";
};

/** Signs cookies where COOKIE_SECRET may be left out (development, tests, demo mode): public, so never a real site's. */
const DEVELOPMENT_COOKIE_SECRET = "aqar-development-cookie-secret-known-to-everyone";

/**
 * Parses the environment once; on a bad variable, lists each problem and exits. A command-line
 * script that answers no request (backup, restore, staff:create, storage:migrate) passes
 * `signsCookies: false`: it needs no COOKIE_SECRET.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env, { signsCookies = true }: { signsCookies?: boolean } = {}): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const demoMode = env.DEMO_MODE ?? env.NODE_ENV !== "production";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  // Real mail only when asked for, or in production outside demo mode; the outbox elsewhere.
  const mailTransport = env.MAIL_TRANSPORT ?? (env.NODE_ENV === "production" && !demoMode ? "smtp" : "outbox");
  // Same rule for text messages: the one-time sign-in codes of demo staff land in the outbox.
  const smsTransport = env.SMS_TRANSPORT ?? (env.NODE_ENV === "production" && !demoMode ? "http" : "outbox");
  const missing: string[] = [];
  if (mailTransport === "smtp" && !env.SMTP_URL) {
    missing.push("SMTP_URL: required when e-mail is sent by SMTP (set SMTP_URL, or MAIL_TRANSPORT=outbox to keep e-mail in DATA_DIR/outbox)");
  }
  if (smsTransport === "http" && !env.SMS_API_URL) {
    missing.push("SMS_API_URL: required when text messages are sent by HTTP (set SMS_API_URL, or SMS_TRANSPORT=outbox to keep them in DATA_DIR/outbox)");
  }
  // WhatsApp carries only the daily report, so production may run without it ("off"); asked for, or
  // partly configured, it needs all three.
  const whatsappSettings = { WHATSAPP_API_URL: env.WHATSAPP_API_URL, WHATSAPP_TOKEN: env.WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID: env.WHATSAPP_PHONE_NUMBER_ID };
  const whatsappGiven = Object.values(whatsappSettings).some((value) => value !== undefined);
  const whatsappTransport = env.WHATSAPP_TRANSPORT ?? (env.NODE_ENV === "production" && !demoMode ? (whatsappGiven ? "cloud" : "off") : "outbox");
  if (whatsappTransport === "cloud") {
    for (const [name, value] of Object.entries(whatsappSettings)) {
      if (value === undefined)
        missing.push(`${name}: required when WhatsApp messages are sent through the Cloud API (set it, or WHATSAPP_TRANSPORT=outbox to keep them in DATA_DIR/outbox)`);
    }
  }
  // REGA's verification is optional (off without its settings); partly configured, it needs all three.
  const regaSettings = { REGA_API_URL: env.REGA_API_URL, REGA_CLIENT_ID: env.REGA_CLIENT_ID, REGA_CLIENT_SECRET: env.REGA_CLIENT_SECRET };
  if (Object.values(regaSettings).some((value) => value !== undefined)) {
    for (const [name, value] of Object.entries(regaSettings)) {
      if (value === undefined)
        missing.push(`${name}: required when REGA's ad licence verification is on (set all of REGA_API_URL, REGA_CLIENT_ID, REGA_CLIENT_SECRET, or none to leave it off)`);
    }
  }
  // A known secret would let anyone forge a signed cookie: a real site must choose its own, the
  // same on every instance; development, tests and the demo sign with a fixed one.
  if (signsCookies && env.NODE_ENV === "production" && !demoMode && !env.COOKIE_SECRET) {
    missing.push("COOKIE_SECRET: required in production, the same on every instance (at least 32 characters, e.g. openssl rand -base64 32)");
  }
  const storage = parseStorageUrl(env.STORAGE_URL, path.resolve(env.DATA_DIR));
  if ("problems" in storage) missing.push(...storage.problems);
  if (missing.length > 0 || "problems" in storage) throw new Error(`Invalid environment:\n${missing.map((line) => `  - ${line}`).join("\n")}`);
  const { COOKIE_SECRET, ...rest } = env;
  return {
    ...rest,
    COOKIE_SECRETS: COOKIE_SECRET ? COOKIE_SECRET.split(",").map((secret) => secret.trim()) : [DEVELOPMENT_COOKIE_SECRET],
    DATA_DIR: path.resolve(env.DATA_DIR),
    DEMO_MODE: demoMode,
    PUBLIC_URL: publicUrl,
    MAIL_TRANSPORT: mailTransport,
    MAIL_FROM: env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    SMS_TRANSPORT: smsTransport,
    WHATSAPP_TRANSPORT: whatsappTransport,
    STORAGE: storage.config,
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
