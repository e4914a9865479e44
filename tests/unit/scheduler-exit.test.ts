// The scheduler must not keep the process alive once stopped: tests and e2e start and stop the app
// many times, and a server closing on SIGTERM must exit. A real child process proves it.
import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, inject, it } from "vitest";
import { useTestDatabase } from "../setup/test-db.ts";

const db = useTestDatabase({ connections: 1 });
const root = path.resolve(import.meta.dirname, "../..");

it("a stopped scheduler leaves nothing that keeps the process alive", async () => {
  const { rows } = await db().execute<{ name: string }>(sql`select current_database() as name`);
  const url = inject("databaseUrl").replace(/\/[^/]+$/, `/${rows[0]!.name}`);
  const child = spawn(process.execPath, [path.join(root, "tests/unit/fixtures/scheduler-exit.ts")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let stoppedAt = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!stoppedAt && stdout.includes("stopped")) stoppedAt = Date.now();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  expect(stderr).toBe("");
  expect(stdout).toBe("stopped\n");
  expect(exit).toEqual({ code: 0, signal: null });
  // Ended by itself within moments of the stop, not killed after the 20 s.
  expect(Date.now() - stoppedAt).toBeLessThan(3_000);
});
