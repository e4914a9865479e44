import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { ownerPortalAccounts, owners, staffUsers } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { createOffice } from "../tests/factories/office.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";
import { seedDemoOwnerPortal } from "./owner-portal.server.ts";
import { seedDemoPropertyManagement } from "./property-management.server.ts";

const db = useTestDatabase();

beforeAll(async () => {
  await seedLookupDefaults(db());
  await createOffice(db());
});

it("gives the first demo owner a portal account on 0500000005, once", async () => {
  await seedDemoOwnerPortal(db()); // no owner yet: nothing
  expect(await db().select().from(ownerPortalAccounts)).toEqual([]);
  await seedDemoPropertyManagement(db(), Date.parse("2026-11-28T09:00:00Z"));
  await seedDemoOwnerPortal(db());
  await seedDemoOwnerPortal(db());
  const [first] = await db().select({ id: owners.id }).from(owners).orderBy(asc(owners.id)).limit(1);
  const accounts = await db()
    .select({ ownerId: ownerPortalAccounts.ownerId, phone: staffUsers.phone, role: staffUsers.role })
    .from(ownerPortalAccounts)
    .innerJoin(staffUsers, eq(staffUsers.id, ownerPortalAccounts.userId));
  expect(accounts).toEqual([{ ownerId: first!.id, phone: "+966500000005", role: "owner" }]);
});
