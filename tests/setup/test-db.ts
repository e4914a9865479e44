import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { connect, type Db } from "~/db/client.server.ts";
import { invalidateSiteContent } from "~/modules/content/content.server.ts";
import { invalidateLookups } from "~/modules/lookups/lookups.server.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";

/**
 * A fresh database for this test file, copied from the migrated template.
 * Call at the top of a test file; use the returned getter inside tests.
 */
export function useTestDatabase({ connections = 4 }: { connections?: number } = {}): () => Db {
  const templateUrl = inject("databaseUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  let handle: ReturnType<typeof connect> | undefined;
  const adminUrl = templateUrl.replace(/\/[^/]+$/, "/postgres");

  beforeAll(async () => {
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`create database ${name} template aqar`);
    await admin.end();
    handle = connect(templateUrl.replace(/\/[^/]+$/, `/${name}`), connections);
    // Test files share a worker's modules (isolate: false in vitest.config.ts): the process caches
    // of the previous file's database must not answer for this one.
    invalidateSettings();
    invalidateSiteContent();
    invalidateLookups();
  });

  afterAll(async () => {
    await handle?.pool.end();
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  return () => {
    if (!handle) throw new Error("the test database is not ready yet (use it inside tests or hooks)");
    return handle.db;
  };
}
