// A stopping instance drains before it closes: on SIGTERM readiness answers 503 at once while the
// process still serves, for DRAIN_SECONDS, so a load balancer moves the traffic first; a second
// signal closes at once; the requests being answered are finished before the close. A real child process (tests/unit/fixtures/draining-app.ts) proves it.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "tests/unit/fixtures/draining-app.ts");
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});

interface Started {
  child: ChildProcess;
  base: string;
  /** When stdout said "closing", and the exit. */
  closing: Promise<number>;
  exited: Promise<{ code: number | null; at: number }>;
}

async function start(drainMs: number): Promise<Started> {
  const child = spawn(process.execPath, [fixture], { cwd: root, env: { ...process.env, DRAIN_MS: String(drainMs), LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  let stdout = "";
  let onClosing!: (at: number) => void;
  const closing = new Promise<number>((resolve) => (onClosing = resolve));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = /ready (\d+)/.exec(stdout);
      if (ready) resolve(Number(ready[1]));
      if (stdout.includes("closing")) onClosing(Date.now());
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before listening`)));
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once("exit", (code) => resolve({ code, at: Date.now() })));
  return { child, base: `http://127.0.0.1:${port}`, closing, exited };
}

async function get(base: string, path: string) {
  const response = await fetch(base + path);
  return { status: response.status, body: (await response.json()) as unknown };
}

it("on SIGTERM, readiness answers 503 «draining» while the process still serves, and it closes once the drain is over", async () => {
  const app = await start(1_500);
  expect(await get(app.base, "/healthz/ready")).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok" } } });
  const signalled = Date.now();
  app.child.kill("SIGTERM");
  await expect.poll(async () => (await get(app.base, "/healthz/ready")).status, { interval: 50 }).toBe(503);
  expect(await get(app.base, "/healthz/ready")).toEqual({ status: 503, body: { status: "draining" } });
  expect((await get(app.base, "/healthz")).status).toBe(200); // alive: nothing to restart
  const closedAt = await app.closing;
  expect(closedAt - signalled).toBeGreaterThanOrEqual(1_400);
  expect((await app.exited).code).toBe(0);
});

it("a second signal during the drain closes at once", async () => {
  const app = await start(60_000);
  app.child.kill("SIGTERM");
  await expect.poll(async () => (await get(app.base, "/healthz/ready")).status, { interval: 50 }).toBe(503);
  const second = Date.now();
  app.child.kill("SIGTERM");
  const { code, at } = await app.exited;
  expect(code).toBe(0);
  expect(at - second).toBeLessThan(3_000);
});

it("a request being answered when the signal comes is finished before the server closes", async () => {
  const app = await start(0);
  const slow = fetch(`${app.base}/slow`);
  await new Promise((resolve) => setTimeout(resolve, 200)); // the request has arrived
  app.child.kill("SIGTERM");
  const answer = await slow;
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ slow: "done" });
  const answeredAt = Date.now();
  expect(await app.closing).toBeGreaterThanOrEqual(answeredAt - 50);
  expect((await app.exited).code).toBe(0);
});

it("without a drain time, SIGTERM closes at once", async () => {
  const app = await start(0);
  const signalled = Date.now();
  app.child.kill("SIGTERM");
  const { code, at } = await app.exited;
  expect(code).toBe(0);
  expect(at - signalled).toBeLessThan(3_000);
});
