import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { leases, rentInstalments } from "~/db/schema.ts";
import { addDays, riyadhDayOf } from "~/utils/riyadh-day.ts";
import { INSTALMENTS_AHEAD_DAYS, instalmentsOf } from "./rent-schedule.ts";

type LeaseRow = Pick<typeof leases.$inferSelect, "id" | "startsOn" | "endsOn" | "terminatedOn" | "yearlyRentHalalas" | "schedule">;

const leaseColumns = {
  id: leases.id,
  startsOn: leases.startsOn,
  endsOn: leases.endsOn,
  terminatedOn: leases.terminatedOn,
  yearlyRentHalalas: leases.yearlyRentHalalas,
  schedule: leases.schedule,
};

/**
 * Inserts a lease's instalments due up to `INSTALMENTS_AHEAD_DAYS` days from today (Riyadh), from
 * its start: the missed ones too. ON CONFLICT (lease, due date) DO NOTHING: each due date exists
 * once whatever runs at once. Returns how many were new.
 */
async function insertInstalments(db: Db | Tx, lease: LeaseRow, horizon: string): Promise<number> {
  const due = instalmentsOf({ ...lease, lastDay: lease.terminatedOn ?? lease.endsOn }).filter((i) => i.dueOn <= horizon);
  if (!due.length) return 0;
  const inserted = await db
    .insert(rentInstalments)
    .values(due.map((i) => ({ leaseId: lease.id, dueOn: i.dueOn, amountHalalas: i.amountHalalas })))
    .onConflictDoNothing({ target: [rentInstalments.leaseId, rentInstalments.dueOn] })
    .returning({ id: rentInstalments.id });
  return inserted.length;
}

/** A lease's instalments, now (the leases page calls it when it saves a lease; the daily job covers it anyway). */
export async function generateInstalmentsForLease(leaseId: number, db: Db | Tx, now = new Date()): Promise<number> {
  const [lease] = await db.select(leaseColumns).from(leases).where(eq(leases.id, leaseId));
  return lease ? insertInstalments(db, lease, addDays(riyadhDayOf(now), INSTALMENTS_AHEAD_DAYS)) : 0;
}

/**
 * A lease ended early: its instalments due after its last day go, unless something was paid on them
 * (the payment stays where the accountant can see it). In the caller's transaction.
 */
export async function dropInstalmentsAfter(db: Db | Tx, leaseId: number, lastDay: string): Promise<number> {
  const dropped = await db
    .delete(rentInstalments)
    .where(and(eq(rentInstalments.leaseId, leaseId), sql`${rentInstalments.dueOn} > ${lastDay}`, eq(rentInstalments.paidHalalas, 0)))
    .returning({ id: rentInstalments.id });
  return dropped.length;
}

/** The daily job's work: every lease in force, or starting within the horizon. Returns how many instalments were new. */
export async function generateDueInstalments(db: Db, now = new Date()): Promise<number> {
  const today = riyadhDayOf(now);
  const horizon = addDays(today, INSTALMENTS_AHEAD_DAYS);
  const rows = await db
    .select(leaseColumns)
    .from(leases)
    .where(and(lte(leases.startsOn, horizon), gte(sql`coalesce(${leases.terminatedOn}, ${leases.endsOn})`, today)));
  let created = 0;
  for (const lease of rows) created += await insertInstalments(db, lease, horizon);
  return created;
}
