import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { ownerPortalAccounts, owners, staffUsers } from "~/db/schema.ts";
import { parsePhone } from "~/utils/phone.ts";

/** The demo owner's portal account (demo mode only): the first demo owner signs in on 0500000005 (decision 056). */
const DEMO_OWNER_PHONE = "0500000005";

/** Adds the account once, after the property-management demo records (no owner yet: nothing). */
export async function seedDemoOwnerPortal(db: Db) {
  const [owner] = await db.select({ id: owners.id, name: owners.name }).from(owners).orderBy(asc(owners.id)).limit(1);
  if (!owner) return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(staffUsers)
      .values({ name: owner.name, username: `owner-${owner.id}`, phone: parsePhone(DEMO_OWNER_PHONE)!, role: "owner", email: "" })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    if (user) await tx.insert(ownerPortalAccounts).values({ userId: user.id, ownerId: owner.id }).onConflictDoNothing();
  });
}
