import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";

/** A stand-in verification link for demo mode; a real firm enters REGA's link in the settings. */
const DEMO_VERIFICATION_TEMPLATE = "https://rega.gov.sa/ad-licence?number={licence}";

/**
 * What every database needs, demo or not: the default lookup lists and the settings row.
 * Demo data (demo mode only) is seeded by demo/seed.server.ts, which server/app.ts loads on demand.
 */
export async function seedDefaults(db: Db, { demoMode }: { demoMode: boolean }) {
  await seedLookupDefaults(db);
  // The ad licence rule (decision 017) is on from the first start, except in demo mode, where the
  // manager can see both ways; a row that exists keeps what the manager chose.
  await db
    .insert(settings)
    .values({ id: 1, requireAdLicence: !demoMode, licenceVerificationTemplate: demoMode ? DEMO_VERIFICATION_TEMPLATE : "" })
    .onConflictDoNothing();
}
