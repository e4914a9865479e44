// `npm run backup` and `npm run restore` as an operator runs them, on the embedded database: while
// the app runs (through its PostgreSQL), while it does not (the command starts one), and the
// restore into a new data folder that the app then serves. The app is the fixture of the crash
// tests (tests/unit/fixtures/embedded-app.ts), which opens the database as server.ts does.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isRunning, readPostmasterLock } from "~/db/client.server.ts";
import { freePort } from "../tests/setup/free-port.ts";

const root = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-backup-cli-"));
fs.chmodSync(work, 0o755); // run as root, the embedded PostgreSQL (user postgres) must reach the data folders inside
const children = new Set<ChildProcess>();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv, until?: string): { child: ChildProcess; started: Promise<void>; done: Promise<Run> } {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) =>
    child.once("exit", (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
  const started = new Promise<void>((resolve, reject) => {
    if (!until) return resolve();
    const check = () => (stdout.includes(until) ? resolve() : child.exitCode !== null ? reject(new Error(stderr)) : setTimeout(check, 50));
    check();
  });
  return { child, started, done };
}

const app = (dataDir: string, port: string, pgPort: string) =>
  run([path.join(root, "tests/unit/fixtures/embedded-app.ts")], { DATA_DIR: dataDir, PORT: port, EMBEDDED_PG_PORT: pgPort }, "ready");
const script = (name: "backup" | "restore", file: string, dataDir: string, pgPort: string) =>
  run([path.join(root, `scripts/${name}.ts`), file], { DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, DATABASE_URL: "" }).done;

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of ["source", "restored"]) {
    const pid = readPostmasterLock(path.join(work, dir, "postgres"))?.pid;
    if (pid && isRunning(pid)) process.kill(pid, "SIGINT");
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(work, { recursive: true, force: true });
});

describe("npm run backup / npm run restore with the embedded database", () => {
  it("backs up while the app runs and while it does not, and restores into an empty data folder that the app then serves", async () => {
    const sourceDir = path.join(work, "source");
    const restoredDir = path.join(work, "restored");
    const [appPort, appPgPort, otherPgPort] = [String(await freePort()), String(await freePort()), String(await freePort())];

    const running = app(sourceDir, appPort, appPgPort);
    await running.started;
    await fetch(`http://127.0.0.1:${appPort}/notes?note=${encodeURIComponent("عرض محفوظ")}`, { method: "POST" });
    const photo = path.join(sourceDir, "uploads", "images", `${"a".repeat(32)}-400.webp`);
    fs.mkdirSync(path.dirname(photo), { recursive: true });
    fs.writeFileSync(photo, "RIFF....WEBPVP8 a photo");

    // The app runs: the backup goes through its PostgreSQL (found in postmaster.pid, whatever port it has).
    const whileRunning = await script("backup", path.join(work, "while-running.tar"), sourceDir, otherPgPort);
    expect(whileRunning.stderr).toBe("");
    expect(whileRunning.code).toBe(0);
    expect(whileRunning.stdout).toMatch(/Backup written to .*while-running\.tar .*through the running embedded server\) and 1 uploaded files/);

    running.child.kill("SIGTERM");
    expect((await running.done).code).toBe(0);

    // The app is stopped: the command starts the embedded server for itself, and stops it after.
    const backups = path.join(work, "backups") + path.sep;
    const whileStopped = await script("backup", backups, sourceDir, otherPgPort);
    expect(whileStopped.code).toBe(0);
    expect(whileStopped.stdout).toMatch(/through an embedded server started for this command/);
    expect(readPostmasterLock(path.join(sourceDir, "postgres"))).toBeUndefined();
    const [archive] = fs.readdirSync(backups);
    expect(archive).toMatch(/^aqar-backup-\d{8}-\d{4}\.tar$/);

    const restore = await script("restore", path.join(backups, archive!), restoredDir, otherPgPort);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored the backup of .*through an embedded server started for this command\) and 1 uploaded files/);
    expect(readPostmasterLock(path.join(restoredDir, "postgres"))).toBeUndefined();
    expect(fs.readFileSync(path.join(restoredDir, "uploads", "images", path.basename(photo)), "utf8")).toBe("RIFF....WEBPVP8 a photo");

    const restoredApp = app(restoredDir, appPort, otherPgPort);
    await restoredApp.started;
    expect(await (await fetch(`http://127.0.0.1:${appPort}/notes`)).json()).toEqual(["عرض محفوظ"]);
    restoredApp.child.kill("SIGTERM");
    expect((await restoredApp.done).code).toBe(0);

    // A second restore into the now used folder is refused, and says why.
    const again = await script("restore", path.join(work, "while-running.tar"), restoredDir, otherPgPort);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Restore failed:");
    expect(again.stderr).toContain("already holds files: restore into an empty data folder.");
  }, 120_000);

  it("explains its usage", async () => {
    const usage = await run([path.join(root, "scripts/backup.ts")], {}).done;
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run backup -- <file.tar | folder/>");
  });
});
