// The server the benchmark measures: the production build (built first if there is none, or with
// --build) with demo data, started on a free port with its own data folder (.bench-data, kept between
// runs so the demo photos are made once), ready once GET /healthz answers, stopped with SIGTERM.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "../..");
export const DATA_DIR = path.join(root, ".bench-data");
/** Where Debian and Ubuntu put jemalloc (package libjemalloc2). */
const JEMALLOC_PATHS = ["/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2"];

/** Ports the tests take (the app, Playwright's servers, their embedded PostgreSQL): never the bench's. */
const reserved = (port: number) => port === 3210 || (port >= 3290 && port <= 3299) || (port >= 54391 && port <= 54399);

/** A TCP port nobody listens on at 127.0.0.1 now, as the system hands them out. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (!reserved(port)) return port;
  }
  throw new Error("No free port outside the tests' ports.");
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds when there is no build or `force`; otherwise only says when the build is older than the sources. */
export function ensureBuild(force: boolean) {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!force && fs.existsSync(serverBuild)) {
    const sourcesAt = Math.max(
      ...["app", "demo", "server", "public"]
        .map((d) => path.join(root, d))
        .filter(fs.existsSync)
        .map(newestMtime),
    );
    if (fs.statSync(serverBuild).mtimeMs < sourcesAt) {
      console.log("Note: build/ is older than the sources; run `npm run bench -- --build` to measure the current code.");
    }
    return;
  }
  console.log(force ? "Building (--build)..." : "No production build found: running `npm run build`...");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

export interface BenchServer {
  /** http://localhost:port, the server's PUBLIC_URL, so canonical links are same-origin (for browsers). */
  base: string;
  /** http://127.0.0.1:port, for Node clients: no IPv6/IPv4 guessing. */
  direct: string;
  dataDir: string;
  /** The port of the server's embedded PostgreSQL. */
  pgPort: number;
  /** The server's output (request log, errors). */
  log: string;
  /** A connection URL for a database of the server's embedded PostgreSQL, as its owner. */
  databaseUrl(database?: string): Promise<string>;
  /** The server process (node server.ts itself): its memory is read from /proc/<pid>/status. */
  pid: number;
}

/**
 * Runs `use` with a fresh database of the bench server's PostgreSQL, opened and migrated as the app
 * opens its own; dropped afterwards, however `use` ends.
 */
export async function withScratchDatabase<T>(server: BenchServer, name: string, use: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const { openDatabase } = await import("~/db/client.server.ts");
  const admin = new pg.Client({ connectionString: await server.databaseUrl("postgres") });
  await admin.connect();
  let created = false;
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    created = true;
    const database = await openDatabase({ databaseUrl: await server.databaseUrl(name), dataDir: server.dataDir, embeddedPort: server.pgPort });
    try {
      return await use(database.pool);
    } finally {
      await database.close();
    }
  } finally {
    if (created) await admin.query(`drop database if exists ${name} with (force)`).catch((e) => console.error(`could not drop ${name}: ${e}`));
    await admin.end();
  }
}

/** A session of `userId` in the server's database, as the e2e fixtures make them: its cookie. */
export async function sessionCookie(client: pg.Client, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await client.query("insert into sessions (id_hash, user_id) values ($1, $2)", [crypto.createHash("sha256").update(token).digest("hex"), userId]);
  return `__Host-aqar-session=${token}`;
}

/** One back-office page of the running server, signed in: its time and size; anything but 200 is an error. */
export async function timedPage(server: BenchServer, path: string, cookie: string): Promise<{ elapsed: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(`${server.direct}${path}`, { headers: { cookie, accept: "text/html", "accept-encoding": "gzip, br" }, redirect: "manual" });
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}${response.headers.get("location") ? ` (to ${response.headers.get("location")})` : ""}`);
  return { elapsed, bytes: body.length };
}

let server: ChildProcess | undefined;

async function healthy(direct: string): Promise<boolean> {
  try {
    const response = await fetch(`${direct}/healthz`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startServer(): Promise<BenchServer> {
  const port = await freePort();
  let pgPort = await freePort();
  while (pgPort === port) pgPort = await freePort();
  const base = `http://localhost:${port}`;
  const direct = `http://127.0.0.1:${port}`;
  const log = path.join(DATA_DIR, "server.log");
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const firstRun = !fs.existsSync(path.join(DATA_DIR, "postgres", "PG_VERSION"));
  const logFd = fs.openSync(log, "w");
  const started = performance.now();
  // As `npm start` runs it: a young generation of at most 2 × 16 MiB, and the C library's allocator,
  // which server.ts tunes on glibc (decision 042). BENCH_JEMALLOC=1 preloads Debian's libjemalloc2
  // instead, to compare.
  const jemalloc = process.env.BENCH_JEMALLOC === "1" ? JEMALLOC_PATHS.find((file) => fs.existsSync(file)) : undefined;
  if (process.env.BENCH_JEMALLOC === "1" && !jemalloc) throw new Error("BENCH_JEMALLOC=1, but libjemalloc2 is not installed (apt-get install libjemalloc2).");
  console.log(`Memory allocator of the server: ${jemalloc ?? "the C library's, as npm start runs it (glibc: tuned by server.ts, decision 042)"}`);
  const child = spawn(process.execPath, ["--max-semi-space-size=16", "server.ts"], {
    cwd: root,
    stdio: ["ignore", logFd, logFd], // the request log goes to a file: no pipe for the server to block on
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_MODE: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: "warn",
      PUBLIC_URL: base,
      // The flood comes from many addresses, as through a proxy: X-Forwarded-For is believed.
      TRUST_PROXY: "1",
      ...(jemalloc ? { LD_PRELOAD: jemalloc } : {}),
    },
  });
  server = child;
  fs.closeSync(logFd);
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  console.log(`Starting the server on ${base}${firstRun ? " (first run: seeding demo data and photos, may take a few minutes)" : ""}...`);
  const deadline = Date.now() + (firstRun ? 600_000 : 180_000);
  for (let attempt = 0; Date.now() < deadline && attempt < 2000; attempt++) {
    if (exited !== undefined) throw new Error(`The server exited (code ${exited}) while starting:\n${tail(log)}`);
    if (await healthy(direct)) {
      console.log(`Server ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      const databaseUrl = async (database?: string) => {
        const { embeddedConnectionUrl } = await import("~/db/client.server.ts");
        return embeddedConnectionUrl(DATA_DIR, pgPort, database);
      };
      return { base, direct, dataDir: DATA_DIR, pgPort, log, databaseUrl, pid: child.pid! };
    }
    await sleep(500);
  }
  throw new Error(`The server did not answer /healthz in time:\n${tail(log)}`);
}

export async function stopServer() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM"); // graceful: the server also stops its embedded PostgreSQL
  const done = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
  if (!done) {
    console.error("The server did not stop within 30 s; killing it.");
    child.kill("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}
