import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { appSecrets } from "~/db/schema.ts";

/** Per database: a secret belongs to the database that keeps it (tests give each file its own). */
const caches = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A server secret (HMAC key) created at random on first use and kept in PostgreSQL, so every
 * app instance signs and checks with the same key and a restart does not invalidate anything.
 */
export function getAppSecret(db: Db, name: string): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Promise<string>>()));
  let secret = cache.get(name);
  if (!secret) {
    secret = (async () => {
      await db
        .insert(appSecrets)
        .values({ name, value: crypto.randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
      if (!row) throw new Error(`secret ${name} could not be stored`);
      return row.value;
    })();
    secret.catch(() => cache.delete(name));
    cache.set(name, secret);
  }
  return secret;
}
