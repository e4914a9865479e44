import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";

/**
 * What every database needs, demo or not: the default lookup lists and the settings row.
 * Demo data (demo mode only) is seeded by demo/seed.server.ts, which server/app.ts loads on demand.
 */
export async function seedDefaults(db: Db) {
  await seedLookupDefaults(db);
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
}
