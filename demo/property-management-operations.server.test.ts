import { count, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { leases, maintenanceRequests, ownerStatements, rentInstalments, rentPaymentAllocations, rentPayments, tenants } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { loadPropertyReport } from "~/modules/property-reports/index.server.ts";
import { isCrNumber, isSaudiNationalId } from "~/modules/property-management/identity-numbers.ts";
import { createOffice } from "../tests/factories/office.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";
import { seedDemoPropertyOperations } from "./property-management-operations.server.ts";
import { seedDemoPropertyManagement } from "./property-management.server.ts";

const db = useTestDatabase();
const NOW = Date.parse("2026-11-28T09:00:00Z");
const TODAY = "2026-11-28";

beforeAll(async () => {
  await seedLookupDefaults(db());
  await createOffice(db());
  await seedDemoPropertyManagement(db(), NOW);
});

const rows = async (table: typeof tenants | typeof leases | typeof rentInstalments | typeof rentPayments | typeof maintenanceRequests | typeof ownerStatements) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

it("seeds tenants, leases, six months of rent, arrears, maintenance and a statement, once", async () => {
  await seedDemoPropertyOperations(db(), NOW);
  const first = [await rows(tenants), await rows(leases), await rows(rentInstalments), await rows(rentPayments), await rows(maintenanceRequests), await rows(ownerStatements)];
  await seedDemoPropertyOperations(db(), NOW);
  expect([await rows(tenants), await rows(leases), await rows(rentInstalments), await rows(rentPayments), await rows(maintenanceRequests), await rows(ownerStatements)]).toEqual(
    first,
  );
  expect(first.slice(0, 2)).toEqual([7, 8]);
  expect(first[4]).toBe(2);
  expect(first[5]).toBe(1);

  const found = await db().select().from(tenants);
  expect(found.every((t) => (t.kind === "person" ? isSaudiNationalId(t.identityNumber) : isCrNumber(t.identityNumber)) && /^\+9665\d{8}$/.test(t.phone))).toBe(true);

  // Every payment is allocated whole, and every instalment's paid amount is its allocations' sum.
  const mismatched = await db().execute(sql`
    select i.id from ${rentInstalments} i left join ${rentPaymentAllocations} a on a.instalment_id = i.id
    group by i.id having i.paid_halalas <> coalesce(sum(a.amount_halalas), 0)`);
  expect(mismatched.rows).toEqual([]);

  const report = await loadPropertyReport(db(), { from: "2026-10-30", to: TODAY, previous: { from: "2026-09-30", to: "2026-10-29" } }, TODAY);
  expect([report.occupancy.leased, report.occupancy.units]).toEqual([4, 5]);
  // Two in arrears: unit ٣'s month 10 days overdue (half paid) and the office's quarter 45 days overdue.
  expect(report.ageing.total.buckets.d30).toBe(4_200_000 / 12 / 2);
  expect(report.ageing.total.buckets.d60).toBe(9_600_000 / 4);
  expect(report.ageing.total.buckets.d90 + report.ageing.total.buckets.over90).toBe(0);
  expect(report.ending.counts[60]).toBe(1);
  expect(report.maintenance.amountHalalas).toBe(85_000);
  expect(report.collection.collectedHalalas).toBeGreaterThan(0);
  expect(report.collection.collectedHalalas).toBeLessThan(report.collection.dueHalalas);
});
