// The embedded PostgreSQL and the death of the Node process that started it: kill -9 leaves it
// running and the next start must recover; SIGTERM and crashes must stop it. Real processes: the
// fixture app (tests/unit/fixtures/embedded-app.ts) uses openDatabase and server/shutdown.ts.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunning, readPostmasterLock } from "~/db/client.server.ts";
import { freePort } from "../setup/free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "tests/unit/fixtures/embedded-app.ts");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-crash-"));
const databaseDir = path.join(dataDir, "postgres");
let env: NodeJS.ProcessEnv;
const children = new Set<ChildProcess>();

interface App {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Starts the fixture app; resolves once it serves, or with its exit when it gave up. */
async function startApp(): Promise<App> {
  const child = spawn(process.execPath, [fixture], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal, stderr });
    }),
  );
  await Promise.race([
    exited,
    // Told by the output itself, not a timer that polls on after the app died: test files share a
    // worker, and a later file's fake timers would run such a poller forever.
    new Promise<void>((resolve) => {
      const check = () => {
        if (!stdout.includes("ready")) return;
        child.stdout.off("data", check);
        resolve();
      };
      child.stdout.on("data", check);
    }),
  ]);
  return { child, url: `http://127.0.0.1:${env.PORT}`, exited };
}

const postmasterPid = () => readPostmasterLock(databaseDir)?.pid ?? 0;

async function waitUntil(condition: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
  };
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  const pid = postmasterPid();
  if (pid && isRunning(pid)) {
    process.kill(pid, "SIGINT");
    await waitUntil(() => !isRunning(pid)).catch(() => process.kill(pid, "SIGKILL"));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL and the end of the Node process", () => {
  it("survives kill -9 of the app, and the next start stops it cleanly and goes on with the same data", async () => {
    const first = await startApp();
    expect(first.child.exitCode).toBeNull();
    expect((await fetch(`${first.url}/notes?note=before-the-kill`, { method: "POST" })).ok).toBe(true);
    const orphan = postmasterPid();
    expect(isRunning(orphan)).toBe(true);

    // A second app on the same folder while the first one lives: refused, as before.
    const second = await startApp();
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data folder ${dataDir} is already used by another running server (PostgreSQL process ${orphan})`);
    expect(isRunning(orphan)).toBe(true);

    // What the OOM killer does: the app dies at once, its PostgreSQL stays.
    first.child.kill("SIGKILL");
    await first.exited;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isRunning(orphan)).toBe(true);

    const third = await startApp();
    expect(third.child.exitCode).toBeNull();
    expect(isRunning(orphan)).toBe(false);
    const restarted = postmasterPid();
    expect(restarted).not.toBe(orphan);
    expect(isRunning(restarted)).toBe(true);
    expect(await (await fetch(`${third.url}/notes`)).json()).toEqual(["before-the-kill"]);

    // SIGTERM: the app stops its PostgreSQL, which removes its lock file.
    third.child.kill("SIGTERM");
    expect((await third.exited).code).toBe(0);
    expect(isRunning(restarted)).toBe(false);
    expect(fs.existsSync(path.join(databaseDir, "postmaster.pid"))).toBe(false);
  }, 120_000);

  it("stops the embedded PostgreSQL on SIGINT and when the app dies of an uncaught error; an unhandled rejection is logged and the app goes on", async () => {
    for (const trigger of ["SIGINT", "/crash", "/reject"]) {
      const app = await startApp();
      expect(app.child.exitCode).toBeNull();
      const pid = postmasterPid();
      expect(isRunning(pid)).toBe(true);
      if (trigger === "SIGINT") app.child.kill("SIGINT");
      else await fetch(`${app.url}${trigger}`);
      if (trigger === "/reject") {
        // Logged, not fatal (issue 30): the same process still answers, and stops cleanly when asked.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(app.child.exitCode).toBeNull();
        expect((await fetch(`${app.url}/notes`)).ok).toBe(true);
        app.child.kill("SIGINT");
      }
      const { code, stderr } = await app.exited;
      if (trigger === "/crash") {
        expect(code).toBe(1);
        expect(stderr).toMatch(/uncaught error.*a bug nobody caught/);
      } else expect(code).toBe(0);
      if (trigger === "/reject") expect(stderr).toMatch(/unhandled rejection.*a promise nobody awaited/);
      expect(isRunning(pid)).toBe(false);
      expect(fs.existsSync(path.join(databaseDir, "postmaster.pid"))).toBe(false);
    }
  }, 120_000);
});
