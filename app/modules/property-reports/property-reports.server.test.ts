import { beforeAll, describe, expect, it } from "vitest";
import { leases, managedProperties, managedUnits, ownerCharges, owners, rentInstalments, tasks, tenants, transactions } from "~/db/schema.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { chargesDataset, instalmentsDataset } from "./property-exports.server.ts";
import { loadPropertyReport } from "./property-reports.server.ts";

const db = useTestDatabase();

const TODAY = "2026-11-28";
/** November up to today; the previous period is the 28 days before. */
const PERIOD = { from: "2026-11-01", to: TODAY, previous: { from: "2026-10-04", to: "2026-10-31" } };
const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const ids = { a: 0, b: 0, ownerA: 0, ownerB: 0, leaseA1: 0, leaseB1: 0 };

async function owner(name: string) {
  const [row] = await db()
    .insert(owners)
    .values({ kind: "person", name, identityNumber: String(1_000_000_000 + ++seq), iban: "SA0380000000608010167519" })
    .returning({ id: owners.id });
  return row!.id;
}
async function property(ownerId: number, name: string) {
  const [row] = await db().insert(managedProperties).values({ ownerId, kind: "building", name, city: "الرياض", neighbourhood: "الملقا" }).returning({ id: managedProperties.id });
  return row!.id;
}
async function unit(propertyId: number, label: string) {
  const [row] = await db().insert(managedUnits).values({ propertyId, label, type: "شقة" }).returning({ id: managedUnits.id });
  return row!.id;
}
async function lease(unitId: number, startsOn: string, endsOn: string, extra: Partial<typeof leases.$inferInsert> = {}) {
  const [tenant] = await db()
    .insert(tenants)
    .values({ kind: "person", name: `مستأجر ${++seq}`, identityNumber: String(2_000_000_000 + seq), phone: `+9665000${String(seq).padStart(5, "0")}` })
    .returning({ id: tenants.id });
  const [row] = await db()
    .insert(leases)
    .values({ unitId, tenantId: tenant!.id, ejarNumber: String(90_000 + seq), startsOn, endsOn, yearlyRentHalalas: 1_200_000, schedule: "monthly", ...extra })
    .returning({ id: leases.id });
  return row!.id;
}
async function instalment(leaseId: number, dueOn: string, amountHalalas: number, paidHalalas = 0) {
  await db().insert(rentInstalments).values({ leaseId, dueOn, amountHalalas, paidHalalas });
}
/** A charge to the owner; `approved`: its finance request became a transaction. */
async function charge(ownerId: number, propertyId: number, chargedOn: string, amountHalalas: number, finance: "approved" | "pending" | "none") {
  let financeTaskId: number | null = null;
  if (finance !== "none") {
    const [task] = await db()
      .insert(tasks)
      .values({ title: "إصلاح", amount: amountHalalas / 100, transactionType: "expense", status: finance === "approved" ? "Completed" : "Awaiting Approval" })
      .returning({ id: tasks.id });
    financeTaskId = task!.id;
    if (finance === "approved")
      await db()
        .insert(transactions)
        .values({ description: "إصلاح", amount: amountHalalas / 100, type: "expense", relatedTaskId: financeTaskId });
  }
  await db().insert(ownerCharges).values({ ownerId, propertyId, description: "إصلاح تسريب", amountHalalas, chargedOn, financeTaskId });
}

beforeAll(async () => {
  ids.ownerA = await owner("مالك أ");
  ids.ownerB = await owner("مالك ب");
  ids.a = await property(ids.ownerA, "عمارة أ");
  ids.b = await property(ids.ownerB, "عمارة ب");
  const [a1, a2, a3] = [await unit(ids.a, "١"), await unit(ids.a, "٢"), await unit(ids.a, "٣")];
  await unit(ids.a, "٤"); // never leased
  const [b1, b2] = [await unit(ids.b, "١"), await unit(ids.b, "٢")];
  ids.leaseA1 = await lease(a1, "2026-04-01", "2027-03-31"); // ends in 123 days
  await lease(a2, "2026-01-01", "2026-12-31", { terminatedOn: "2026-10-31" }); // left early: the unit is vacant
  await lease(a3, "2026-01-01", day(22)); // ends in 22 days
  ids.leaseB1 = await lease(b1, "2026-02-11", day(74)); // ends in 74 days
  const renewed = await lease(b2, "2026-01-21", day(53)); // ends in 53 days, already renewed
  await lease(b2, day(54), "2028-01-20", { renewsLeaseId: renewed });

  // Overdue on A1 at the buckets' edges: 30/31, 60/61, 90/91 days.
  await instalment(ids.leaseA1, day(-30), 1000, 400);
  await instalment(ids.leaseA1, day(-31), 2000);
  await instalment(ids.leaseA1, day(-60), 3000);
  await instalment(ids.leaseA1, day(-61), 4000);
  await instalment(ids.leaseA1, day(-90), 5000);
  await instalment(ids.leaseA1, day(-91), 6000);
  await instalment(ids.leaseA1, day(-5), 8000, 8000); // paid: not in arrears
  await instalment(ids.leaseA1, TODAY, 7000); // due today: not overdue yet
  await instalment(ids.leaseB1, day(-1), 10_000);
  await instalment(ids.leaseB1, "2026-11-10", 10_000, 2500);

  await charge(ids.ownerA, ids.a, "2026-11-15", 15_000, "approved");
  await charge(ids.ownerA, ids.a, "2026-11-16", 99_900, "pending");
  await charge(ids.ownerA, ids.a, "2026-11-17", 77_700, "none");
  await charge(ids.ownerA, ids.a, "2026-10-15", 30_000, "approved"); // before the period
  await charge(ids.ownerB, ids.b, "2026-11-01", 5000, "approved");
});

describe("the property-management report", () => {
  it("counts a unit as leased only under a lease in force today (a terminated lease leaves it vacant)", async () => {
    const { occupancy } = await loadPropertyReport(db(), PERIOD, TODAY);
    expect(occupancy.rows.map((r) => [r.propertyName, r.leased, r.units])).toEqual([
      ["عمارة أ", 2, 4],
      ["عمارة ب", 2, 2],
    ]);
    expect([occupancy.leased, occupancy.units]).toEqual([4, 6]);
  });

  it("rates collection as paid over due of the instalments due in the period, partial payments counted exactly", async () => {
    const { collection } = await loadPropertyReport(db(), PERIOD, TODAY);
    // Due in November: 7000 (today, unpaid) + 8000 (paid) on A; 10000 (unpaid) + 10000 (2500 paid) on B.
    expect(collection.rows.map((r) => [r.propertyName, r.instalments, r.dueHalalas, r.collectedHalalas])).toEqual([
      ["عمارة أ", 2, 15_000, 8000],
      ["عمارة ب", 2, 20_000, 2500],
    ]);
    expect([collection.dueHalalas, collection.collectedHalalas]).toEqual([35_000, 10_500]);
    // October 4–31: 1000 (400 paid) and 2000.
    expect(collection.previous).toEqual({ dueHalalas: 3000, collectedHalalas: 400 });
  });

  it("ages what is unpaid of overdue instalments: 30 and 31, 60 and 61, 90 and 91 days fall on either side of each bound", async () => {
    const { ageing } = await loadPropertyReport(db(), PERIOD, TODAY);
    const a = ageing.byProperty.find((r) => r.id === ids.a)!;
    expect(a.buckets).toEqual({ d30: 600, d60: 2000 + 3000, d90: 4000 + 5000, over90: 6000 });
    expect(a.totalHalalas).toBe(20_600);
    expect(ageing.byProperty.find((r) => r.id === ids.b)!.buckets).toEqual({ d30: 10_000 + 7500, d60: 0, d90: 0, over90: 0 });
    expect(ageing.byOwner.map((r) => [r.name, r.totalHalalas])).toEqual([
      ["مالك أ", 20_600],
      ["مالك ب", 17_500],
    ]);
    expect(ageing.total).toMatchObject({ buckets: { d30: 18_100, d60: 5000, d90: 9000, over90: 6000 }, totalHalalas: 38_100 });
  });

  it("lists leases ending within 30, 60 and 90 days, leaving out those already renewed", async () => {
    const { ending } = await loadPropertyReport(db(), PERIOD, TODAY);
    expect(ending.counts).toEqual({ 30: 1, 60: 1, 90: 2 });
    expect(ending.leases.map((l) => [l.propertyName, l.endsOn, l.daysLeft])).toEqual([
      ["عمارة أ", day(22), 22],
      ["عمارة ب", day(74), 74],
    ]);
  });

  it("counts maintenance cost only for charges whose finance request was approved, in the period", async () => {
    const { maintenance } = await loadPropertyReport(db(), PERIOD, TODAY);
    expect(maintenance.rows.map((r) => [r.propertyName, r.charges, r.amountHalalas])).toEqual([
      ["عمارة أ", 1, 15_000],
      ["عمارة ب", 1, 5000],
    ]);
    expect(maintenance.amountHalalas).toBe(20_000);
  });

  it("exports the period's instalments and approved charges, newest first, money in riyals", async () => {
    const range = { start: new Date("2026-10-31T21:00:00Z"), end: new Date("2026-11-28T21:00:00Z") };
    const read = async (batches: AsyncGenerator<Array<Array<unknown>>>) => {
      const all: unknown[][] = [];
      for await (const batch of batches) all.push(...batch);
      return all;
    };
    const instalments = await read(instalmentsDataset(50_000).batches(db(), range));
    expect(instalments.map((r) => [r[6], r[7], r[8]])).toEqual([
      [70, 0, 70],
      [100, 0, 100],
      [80, 80, 0],
      [100, 25, 75],
    ]);
    const charges = await read(chargesDataset(50_000).batches(db(), range));
    expect(charges.map((r) => [r[2], r[6]])).toEqual([
      ["عمارة أ", 150],
      ["عمارة ب", 50],
    ]);
    // The cap stops the rows wherever it falls.
    expect(await read(instalmentsDataset(50_000).batches(db(), range, 3))).toHaveLength(3);
  });
});
