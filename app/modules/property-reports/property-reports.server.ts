/**
 * The property-management figures of the reports page (issue 33), each one aggregate in SQL:
 * occupancy now, the collection rate of the instalments due in the period, arrears ageing now,
 * leases ending soon, and the approved maintenance cost charged to owners in the period. Money
 * stays in halalas (bigint sums, read as text and made numbers only here: far below 2^53).
 * Days are Riyadh calendar days (`date` columns), both ends of a period included.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { AGEING_BUCKETS, ENDING_WINDOWS, type AgeingBucket, type AgeingRow, type PropertyReport } from "./property-reports-view.ts";

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** A run of Riyadh days, both ends included, and the run of the same length before it. */
export interface DayPeriod {
  from: string;
  to: string;
  previous: { from: string; to: string };
}

const halalas = (value: unknown) => Number(value ?? 0);

/** A lease is in force on `day` from its start to its end, or to its early termination. */
const inForceOn = (day: string) => sql`l.starts_on <= ${day}::date and coalesce(l.terminated_on, l.ends_on) >= ${day}::date`;

/** Units leased today against all units, per property (with its owner). */
async function occupancy(db: Db, today: string): Promise<PropertyReport["occupancy"]> {
  const found = await rows<{ property_id: number; property_name: string; owner_id: number; owner_name: string; units: number; leased: number }>(
    db,
    sql`select p.id as property_id, p.name as property_name, o.id as owner_id, o.name as owner_name,
               count(u.id)::int as units,
               count(u.id) filter (where exists (select 1 from leases l where l.unit_id = u.id and ${inForceOn(today)}))::int as leased
        from managed_properties p
        join owners o on o.id = p.owner_id
        left join managed_units u on u.property_id = p.id
        group by p.id, o.id
        order by p.name, p.id`,
  );
  const list = found.map((r) => ({ propertyId: r.property_id, propertyName: r.property_name, ownerId: r.owner_id, ownerName: r.owner_name, units: r.units, leased: r.leased }));
  return { rows: list, units: list.reduce((s, r) => s + r.units, 0), leased: list.reduce((s, r) => s + r.leased, 0) };
}

/**
 * The instalments due in the period (by due date), per property: what was due and what of it has
 * been paid so far (payments are applied to instalments, so a late payment still counts for the
 * instalment it paid). The previous period's totals for the comparison.
 */
async function collection(db: Db, period: DayPeriod): Promise<PropertyReport["collection"]> {
  const inPeriod = sql`i.due_on between ${period.from}::date and ${period.to}::date`;
  const [perProperty, [previous]] = await Promise.all([
    rows<{ property_id: number; property_name: string; instalments: number; due: string; collected: string }>(
      db,
      sql`select p.id as property_id, p.name as property_name, count(*)::int as instalments, sum(i.amount_halalas)::text as due, sum(i.paid_halalas)::text as collected
          from rent_instalments i
          join leases l on l.id = i.lease_id
          join managed_units u on u.id = l.unit_id
          join managed_properties p on p.id = u.property_id
          where ${inPeriod}
          group by p.id
          order by p.name, p.id`,
    ),
    rows<{ due: string | null; collected: string | null }>(
      db,
      sql`select sum(amount_halalas)::text as due, sum(paid_halalas)::text as collected
          from rent_instalments
          where due_on between ${period.previous.from}::date and ${period.previous.to}::date`,
    ),
  ]);
  const list = perProperty.map((r) => ({
    propertyId: r.property_id,
    propertyName: r.property_name,
    instalments: r.instalments,
    dueHalalas: halalas(r.due),
    collectedHalalas: halalas(r.collected),
  }));
  return {
    rows: list,
    instalments: list.reduce((s, r) => s + r.instalments, 0),
    dueHalalas: list.reduce((s, r) => s + r.dueHalalas, 0),
    collectedHalalas: list.reduce((s, r) => s + r.collectedHalalas, 0),
    previous: { dueHalalas: halalas(previous?.due), collectedHalalas: halalas(previous?.collected) },
  };
}

/** The ageing bucket of an instalment `days` past due, in SQL (the same bounds as AGEING_BUCKETS). */
function bucketOf(days: SQL): SQL {
  const bounded = AGEING_BUCKETS.filter((b) => b.upTo !== null);
  return sql`case ${sql.join(
    bounded.map((b) => sql`when ${days} <= ${b.upTo} then ${b.key}`),
    sql` `,
  )} else ${AGEING_BUCKETS.at(-1)!.key} end`;
}

const emptyBuckets = (): Record<AgeingBucket, number> => Object.fromEntries(AGEING_BUCKETS.map((b) => [b.key, 0])) as Record<AgeingBucket, number>;

/**
 * What is unpaid of the instalments overdue today (due before today, not fully paid), by days
 * overdue, per property and per owner, and in all: one pass with grouping sets, through the
 * partial index of unpaid instalments (drizzle/0043).
 */
async function ageing(db: Db, today: string): Promise<PropertyReport["ageing"]> {
  const days = sql`(${today}::date - i.due_on)`;
  const found = await rows<{
    by_property: boolean;
    by_owner: boolean;
    property_id: number | null;
    property_name: string | null;
    owner_id: number | null;
    owner_name: string | null;
    bucket: AgeingBucket | null;
    unpaid: string;
  }>(
    db,
    sql`select grouping(p.id) = 0 as by_property, grouping(o.id) = 0 as by_owner,
               p.id as property_id, min(p.name) as property_name, o.id as owner_id, min(o.name) as owner_name,
               b.bucket, sum(i.amount_halalas - i.paid_halalas)::text as unpaid
        from rent_instalments i
        cross join lateral (select ${bucketOf(days)} as bucket) b
        join leases l on l.id = i.lease_id
        join managed_units u on u.id = l.unit_id
        join managed_properties p on p.id = u.property_id
        join owners o on o.id = p.owner_id
        where i.due_on < ${today}::date and i.paid_halalas < i.amount_halalas
        group by grouping sets ((p.id, b.bucket), (o.id, b.bucket), (b.bucket))`,
  );
  const groups = new Map<string, AgeingRow>();
  const add = (key: string, id: number, name: string, bucket: AgeingBucket, amount: number) => {
    const row = groups.get(key) ?? { id, name, buckets: emptyBuckets(), totalHalalas: 0 };
    row.buckets[bucket] += amount;
    row.totalHalalas += amount;
    groups.set(key, row);
  };
  for (const r of found) {
    const amount = halalas(r.unpaid);
    if (r.by_property) add(`p${r.property_id}`, r.property_id!, r.property_name!, r.bucket!, amount);
    else if (r.by_owner) add(`o${r.owner_id}`, r.owner_id!, r.owner_name!, r.bucket!, amount);
    else add("all", 0, "المجموع", r.bucket!, amount);
  }
  const of = (prefix: string) =>
    [...groups.entries()]
      .filter(([key]) => key.startsWith(prefix))
      .map(([, row]) => row)
      .sort((a, b) => b.totalHalalas - a.totalHalalas || a.name.localeCompare(b.name, "ar"));
  return { byProperty: of("p"), byOwner: of("o"), total: groups.get("all") ?? { id: 0, name: "المجموع", buckets: emptyBuckets(), totalHalalas: 0 } };
}

/**
 * Leases in force that end within the longest window (90 days from today), not ended early and
 * not already renewed by another lease: the ones that need a decision. Soonest first.
 */
async function endingLeases(db: Db, today: string): Promise<PropertyReport["ending"]> {
  const longest = Math.max(...ENDING_WINDOWS);
  const found = await rows<{ lease_id: number; tenant_name: string; property_id: number; property_name: string; unit_label: string; ends_on: string; days_left: number }>(
    db,
    sql`select l.id as lease_id, t.name as tenant_name, p.id as property_id, p.name as property_name, u.label as unit_label,
               to_char(l.ends_on, 'YYYY-MM-DD') as ends_on, (l.ends_on - ${today}::date)::int as days_left
        from leases l
        join tenants t on t.id = l.tenant_id
        join managed_units u on u.id = l.unit_id
        join managed_properties p on p.id = u.property_id
        where l.ends_on between ${today}::date and ${today}::date + ${longest}::int
          and l.starts_on <= ${today}::date and l.terminated_on is null
          and not exists (select 1 from leases r where r.renews_lease_id = l.id)
        order by l.ends_on, l.id`,
  );
  const leases = found.map((r) => ({
    leaseId: r.lease_id,
    tenantName: r.tenant_name,
    propertyId: r.property_id,
    propertyName: r.property_name,
    unitLabel: r.unit_label,
    endsOn: r.ends_on,
    daysLeft: r.days_left,
  }));
  const counts = Object.fromEntries(ENDING_WINDOWS.map((w) => [w, leases.filter((l) => l.daysLeft <= w).length])) as PropertyReport["ending"]["counts"];
  return { counts, leases };
}

/**
 * The maintenance cost charged to owners in the period (by the charge's day), per property: a
 * charge counts once the manager approved its finance request, i.e. a transaction exists for its
 * task (a pending or rejected request has none).
 */
async function maintenanceCost(db: Db, period: DayPeriod): Promise<PropertyReport["maintenance"]> {
  const found = await rows<{ property_id: number; property_name: string; charges: number; amount: string }>(
    db,
    sql`select p.id as property_id, p.name as property_name, count(*)::int as charges, sum(c.amount_halalas)::text as amount
        from owner_charges c
        join transactions x on x.related_task_id = c.finance_task_id
        join managed_properties p on p.id = c.property_id
        where c.charged_on between ${period.from}::date and ${period.to}::date
        group by p.id
        order by sum(c.amount_halalas) desc, p.name`,
  );
  const list = found.map((r) => ({ propertyId: r.property_id, propertyName: r.property_name, charges: r.charges, amountHalalas: halalas(r.amount) }));
  return { rows: list, amountHalalas: list.reduce((s, r) => s + r.amountHalalas, 0), charges: list.reduce((s, r) => s + r.charges, 0) };
}

/** Every property-management figure for the period, as of `today` (a Riyadh day). */
export async function loadPropertyReport(db: Db, period: DayPeriod, today: string): Promise<PropertyReport> {
  const [occ, coll, age, ending, maintenance] = await Promise.all([
    occupancy(db, today),
    collection(db, period),
    ageing(db, today),
    endingLeases(db, today),
    maintenanceCost(db, period),
  ]);
  return { today, occupancy: occ, collection: coll, ageing: age, ending, maintenance };
}
