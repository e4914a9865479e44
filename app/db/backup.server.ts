// Backups: one tar archive holding a pg_dump custom-format dump of the database and the uploaded
// files (DATA_DIR/uploads), and the restore of such an archive into an empty data folder or an
// empty DATABASE_URL database. Used by `npm run backup` and `npm run restore` (decision 010).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { log } from "~/utils/log.server.ts";
import { embeddedConnectionUrl, isRunning, readPostmasterLock, startEmbeddedPostgres } from "./client.server.ts";
import { readCustomArchive, type CustomArchive } from "./custom-archive.server.ts";
import { runPgDump } from "./pg-dump.server.ts";

/** Where the database is: DATABASE_URL, else the embedded server of DATA_DIR. */
export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
}

export const MANIFEST_FILE = "aqar-backup.json";
export const DUMP_FILE = "database.pgdump";
const UPLOADS = "uploads";

interface BackupManifest {
  format: "aqar-backup";
  version: 1;
  createdAt: string;
  database: { file: string; name: string; serverVersion: string; pgDumpVersion: string; bytes: number; sha256: string };
  uploads: { files: number; bytes: number };
}

/** A refusal or failure to tell the person running the command, without a stack trace. */
export class BackupError extends Error {}

/** How the command reached the database, and how to let go of it. */
interface Reached {
  url: string;
  how: "DATABASE_URL" | "the running embedded server" | "an embedded server started for this command";
  close: () => Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL; else the embedded server that already runs on DATA_DIR (the app's, found through
 * postmaster.pid, so a running app is never refused); else an embedded server started for the
 * command and stopped after it.
 */
async function reachDatabase(target: BackupTarget, purpose: "backup" | "restore"): Promise<Reached> {
  if (target.databaseUrl) return { url: target.databaseUrl, how: "DATABASE_URL", close: () => Promise.resolve() };
  const databaseDir = path.join(target.dataDir, "postgres");
  if (purpose === "backup" && !fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${target.dataDir} (no ${databaseDir}): set DATA_DIR to the server's data folder, or DATABASE_URL.`);
  }
  const lock = readPostmasterLock(databaseDir);
  if (lock?.pid && lock.port && isRunning(lock.pid) && fs.existsSync(path.join(target.dataDir, "postgres-password"))) {
    const url = embeddedConnectionUrl(target.dataDir, lock.port);
    if (await answers(url)) return { url, how: "the running embedded server", close: () => Promise.resolve() };
  }
  const server = await startEmbeddedPostgres(target.dataDir, target.embeddedPort);
  return { url: server.url, how: "an embedded server started for this command", close: server.stop };
}

function run(command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error) => reject(new BackupError(`Could not run ${command}: ${error.message}`)));
    child.once("close", (code) => resolve({ code: code ?? 1, stderr: stderr.trim() }));
  });
}

function countFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** A folder given as the target gets a dated file name inside it. */
function backupFileName(target: string, now = new Date()): string {
  const isFolder = target.endsWith("/") || target.endsWith(path.sep) || (fs.existsSync(target) && fs.statSync(target).isDirectory());
  if (!isFolder) return path.resolve(target);
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  return path.resolve(target, `aqar-backup-${stamp}.tar`);
}

export interface BackupSummary {
  file: string;
  bytes: number;
  reached: Reached["how"];
  manifest: BackupManifest;
}

/**
 * Writes the archive: the database first (pg_dump works from one snapshot, while the app goes on
 * serving), then the uploaded files. The file appears whole or not at all, readable by its owner only.
 */
export async function createBackup(target: BackupTarget, destination: string): Promise<BackupSummary> {
  const file = backupFileName(destination);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const reached = await reachDatabase(target, "backup");
  let dump: Buffer;
  try {
    dump = await runPgDump(reached.url, ["--format=custom", "--lock-wait-timeout=60s"]);
  } finally {
    await reached.close();
  }
  const archive = readCustomArchive(dump); // a dump we cannot read back is no backup

  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-backup-"));
  const partial = `${file}.partial-${process.pid}`;
  try {
    const uploadsDir = path.join(target.dataDir, UPLOADS);
    const manifest: BackupManifest = {
      format: "aqar-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      database: {
        file: DUMP_FILE,
        name: archive.database,
        serverVersion: archive.serverVersion,
        pgDumpVersion: archive.pgDumpVersion,
        bytes: dump.length,
        sha256: crypto.createHash("sha256").update(dump).digest("hex"),
      },
      uploads: countFiles(uploadsDir),
    };
    fs.writeFileSync(path.join(staging, DUMP_FILE), dump, { mode: 0o600 });
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const uploadsFrom = fs.existsSync(uploadsDir) ? target.dataDir : staging;
    if (uploadsFrom === staging) fs.mkdirSync(path.join(staging, UPLOADS));
    fs.writeFileSync(partial, "", { mode: 0o600 });
    const tar = await run("tar", ["-cf", partial, "-C", staging, MANIFEST_FILE, DUMP_FILE, "-C", uploadsFrom, UPLOADS]);
    // 1: a file changed while it was read (a photo uploaded meanwhile); the archive is still whole.
    if (tar.code > 1) throw new BackupError(`tar could not write ${file}: ${tar.stderr}`);
    if (tar.code === 1) log.warn("backup: files changed while they were archived", { detail: tar.stderr });
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, reached: reached.how, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const TIMEOUT_SETTINGS = ["statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout", "transaction_timeout"];

/**
 * Replays a custom-format dump into the connected (empty) database in one transaction, as
 * `pg_restore --no-owner --no-privileges --single-transaction` does: objects belong to the role
 * that restores, grants are left out, and either everything is restored or nothing.
 */
async function restoreDump(client: pg.ClientBase, archive: CustomArchive): Promise<{ tables: number; rows: number }> {
  let tables = 0;
  let rows = 0;
  let tableAccessMethod = "";
  await client.query("begin");
  try {
    // pg_restore's fixed session state (a setting this server lacks is skipped).
    await client.query(`select set_config(name, '0', true) from pg_settings where name = any($1::text[])`, [TIMEOUT_SETTINGS]);
    await client.query("set local check_function_bodies = false; set local xmloption = content; set local client_min_messages = warning; set local row_security = off");
    for (const entry of archive.entries) {
      switch (entry.desc) {
        case "DATABASE":
        case "DATABASE PROPERTIES":
        case "ACL":
        case "DEFAULT ACL":
          continue; // the database exists already; no grants (--no-privileges)
        case "COMMENT":
          // Comments on the database or an extension belong to their owner, not to the restoring role.
          if (entry.tag.startsWith("DATABASE ") || entry.tag.startsWith("EXTENSION ")) continue;
          break;
        case "BLOB":
        case "BLOBS":
        case "BLOB METADATA":
          throw new BackupError("The dump holds large objects, which this restore does not handle.");
      }
      if (entry.desc === "TABLE" && entry.tableam && entry.tableam !== tableAccessMethod) {
        await client.query(`set local default_table_access_method = ${client.escapeIdentifier(entry.tableam)}`);
        tableAccessMethod = entry.tableam;
      }
      if (entry.desc === "TABLE DATA") {
        const data = archive.data(entry.dumpId);
        if (!data) continue;
        if (entry.copyStmt) {
          await pipeline(Readable.from([data]), client.query(copyFrom(entry.copyStmt)));
          for (let at = data.indexOf(0x0a); at !== -1; at = data.indexOf(0x0a, at + 1)) rows += 1; // one line a row
        } else {
          await client.query(data.toString("utf8")); // a dump made with --inserts
        }
        tables += 1;
        continue;
      }
      if (entry.defn.trim()) await client.query(entry.defn);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
  await client.query("analyze");
  return { tables, rows };
}

/** Tables, views and sequences outside the system schemas: a database to restore into has none. */
async function userRelations(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return rows[0]?.count ?? 0;
}

function readManifest(staging: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST_FILE), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`This is not a backup made by npm run backup (no ${MANIFEST_FILE} inside).`);
  }
  if (manifest.format !== "aqar-backup" || manifest.version !== 1) throw new BackupError("Unknown backup format or version.");
  return manifest;
}

export interface RestoreSummary {
  reached: Reached["how"];
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores an archive of createBackup into an empty database (DATABASE_URL, or the embedded one
 * of DATA_DIR, created if the folder is new) and an empty DATA_DIR/uploads. Refuses, before
 * writing anything, when either already holds data. Restore before the app's first start: the
 * app creates its tables at start, and the restore brings them.
 */
export async function restoreBackup(target: BackupTarget, source: string): Promise<RestoreSummary> {
  const file = path.resolve(source);
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  fs.mkdirSync(target.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(target.dataDir, ".restore-"));
  try {
    const tar = await run("tar", ["-xf", file, "-C", staging, "--no-same-owner", MANIFEST_FILE, DUMP_FILE, UPLOADS]);
    if (tar.code !== 0) throw new BackupError(`Could not read ${file} as a backup: ${tar.stderr}`);
    const manifest = readManifest(staging);
    const dump = fs.readFileSync(path.join(staging, manifest.database.file));
    if (crypto.createHash("sha256").update(dump).digest("hex") !== manifest.database.sha256) {
      throw new BackupError("The database dump in this backup is damaged (its checksum does not match).");
    }
    const archive = readCustomArchive(dump);

    const uploadsDir = path.join(target.dataDir, UPLOADS);
    if (countFiles(uploadsDir).files > 0) {
      throw new BackupError(`${uploadsDir} already holds files: restore into an empty data folder.`);
    }

    const reached = await reachDatabase(target, "restore");
    let restored: { tables: number; rows: number };
    try {
      const client = new pg.Client({ connectionString: reached.url });
      await client.connect();
      try {
        const existing = await userRelations(client);
        if (existing > 0) {
          throw new BackupError(
            `The database ${client.database} is not empty (${existing} tables, views or sequences): ` + `restore into an empty database, before the app's first start there.`,
          );
        }
        restored = await restoreDump(client, archive);
      } finally {
        await client.end();
      }
    } finally {
      await reached.close();
    }

    const restoredUploads = path.join(staging, UPLOADS);
    if (fs.existsSync(restoredUploads)) {
      fs.rmSync(uploadsDir, { recursive: true, force: true }); // empty, checked above
      fs.renameSync(restoredUploads, uploadsDir);
    }
    return { reached: reached.how, manifest, ...restored, files: countFiles(uploadsDir).files };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
