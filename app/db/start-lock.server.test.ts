// Several app instances starting at the same moment on one new database (a first deploy, a
// rolling restart): each migrates and seeds, one after the other under the start lock.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { seedDefaults } from "../../server/seed-defaults.ts";
import { openDatabase, withStartLock, type Database } from "./client.server.ts";

const INSTANCES = 4;
const name = `t_start_${crypto.randomBytes(6).toString("hex")}`;
const adminUrl = () => inject("databaseUrl").replace(/\/[^/]+$/, "/postgres");
const url = () => inject("databaseUrl").replace(/\/[^/]+$/, `/${name}`);
const opened: Database[] = [];

async function admin(text: string) {
  const client = new pg.Client(adminUrl());
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// An empty database, not the migrated template: what a first deploy meets.
beforeAll(() => admin(`create database ${name} template template0 encoding 'UTF8'`));
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await admin(`drop database if exists ${name} with (force)`);
});

it("instances starting together on an empty database migrate once and seed once, one at a time", async () => {
  let inside = 0;
  let mostInside = 0;
  const prepared: number[] = [];
  const databases = await Promise.all(
    Array.from({ length: INSTANCES }, (_, instance) =>
      openDatabase({
        databaseUrl: url(),
        dataDir: "unused",
        embeddedPort: 0,
        prepare: async (db) => {
          inside += 1;
          mostInside = Math.max(mostInside, inside);
          await seedDefaults(db, { demoMode: false });
          await new Promise((resolve) => setTimeout(resolve, 20)); // long enough for a second one to come in, were it let
          prepared.push(instance);
          inside -= 1;
        },
      }),
    ),
  );
  opened.push(...databases);
  expect(prepared.toSorted()).toEqual([0, 1, 2, 3]);
  expect(mostInside).toBe(1);

  const pool = databases[0]!.pool;
  const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const { rows: migrations } = await pool.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
  expect(migrations[0]!.count).toBe(journal.entries.length);
  // The default lists once, not once per instance.
  const { rows: cities } = await pool.query<{ name: string; count: number }>("select name, count(*)::int as count from cities group by name having count(*) > 1");
  expect(cities).toEqual([]);
  const { rows: settings } = await pool.query<{ count: number }>("select count(*)::int as count from settings");
  expect(settings[0]!.count).toBe(1);
});

it("the lock is free again when the work throws", async () => {
  const pool = new pg.Pool({ connectionString: url(), max: 1 });
  const other = new pg.Client(url());
  try {
    await expect(withStartLock(pool, () => Promise.reject(new Error("seed failed")))).rejects.toThrow("seed failed");
    // Another connection (another instance) can take it (as soon as the closed session has ended).
    await other.connect();
    const take = async () => (await other.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext('aqar:start')) as locked")).rows[0]!.locked;
    await expect.poll(take, { timeout: 2_000 }).toBe(true);
  } finally {
    await other.end();
    await pool.end();
  }
});
