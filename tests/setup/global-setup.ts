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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-vitest-"));
  const port = await freePort();
  const server = await startEmbeddedPostgres(dir, port);
  const { db, pool } = connect(server.url, 1);
  await migrateDatabase(db, pool);
  await pool.end();
  project.provide("databaseUrl", server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
