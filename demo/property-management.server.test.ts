import { count } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { managedProperties, managedUnits, managementContracts, owners } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { createOffice } from "../tests/factories/office.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";
import { seedDemoPropertyManagement } from "./property-management.server.ts";

const db = useTestDatabase();

beforeAll(async () => {
  await seedLookupDefaults(db());
  await createOffice(db());
});

const rows = async (table: typeof owners | typeof managedProperties | typeof managedUnits | typeof managementContracts) => (await db().select({ n: count() }).from(table))[0]!.n;

it("seeds two owners, a building of four units and a single unit, each under a contract in force, once", async () => {
  const now = Date.parse("2026-11-28T09:00:00Z");
  await seedDemoPropertyManagement(db(), now);
  await seedDemoPropertyManagement(db(), now);
  expect([await rows(owners), await rows(managedProperties), await rows(managedUnits), await rows(managementContracts)]).toEqual([2, 2, 5, 2]);
  const contracts = await db().select().from(managementContracts);
  expect(contracts.every((c) => c.startsOn <= "2026-11-28" && c.endsOn >= "2026-11-28")).toBe(true);
});
