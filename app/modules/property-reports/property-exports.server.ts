/**
 * The property-management datasets of the reports' exports (the workbook's sheets and their CSV
 * files): the instalments due in the period, and the maintenance cost charged to owners (approved)
 * in the period. Same shape as the reports' other datasets: Arabic headers, column kinds, rows newest
 * first in keyset batches, at most `cap` rows. Money is written in riyals from exact halalas.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";

type Cell = string | number | Date | null;
type Kind = "text" | "integer" | "money" | "date";

interface Dataset {
  columns: Array<{ header: string; kind: Kind; width: number }>;
  batches(db: Db, range: { start: Date; end: Date }, cap?: number): AsyncGenerator<Cell[][]>;
}

const BATCH = 1000;
const col = (header: string, kind: Kind, width = 14) => ({ header, kind, width });
const riyals = (halalas: unknown) => Number(halalas ?? 0) / 100;
/** A Riyadh day as the moment it starts: the sheets and files write it as that day. */
const dayValue = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The Riyadh days of an export's [start, end) instants, both ends included. */
function daysOf(range: { start: Date; end: Date }) {
  return { from: riyadhDayOf(range.start), to: riyadhDayOf(range.end.getTime() - 1) };
}

/** Rows ordered by (day desc, id desc), a batch at a time after the last one read. */
async function* byDayAndId<R extends { day: string; id: number }>(
  page: (after: SQL, limit: number) => Promise<R[]>,
  toCells: (r: R) => Cell[],
  cap: number,
): AsyncGenerator<Cell[][]> {
  let after: { day: string; id: number } | null = null;
  let left = cap;
  while (left > 0) {
    const limit = Math.min(BATCH, left);
    const found = await page(after ? sql`(${after.day}::date, ${after.id}::int)` : sql`('infinity'::date, 0)`, limit);
    if (found.length) yield found.map(toCells);
    if (found.length < limit) return;
    left -= found.length;
    const last = found.at(-1)!;
    after = { day: last.day, id: last.id };
  }
}

type InstalmentRow = { id: number; day: string; lease_id: number; property: string; unit: string; tenant: string; owner: string; amount: string; paid: string };

export const instalmentsDataset = (cap: number): Dataset => ({
  columns: [
    col("رقم القسط", "integer", 10),
    col("تاريخ الاستحقاق", "date", 14),
    col("العقار", "text", 28),
    col("الوحدة", "text", 10),
    col("المستأجر", "text", 24),
    col("المالك", "text", 24),
    col("المبلغ (ريال)", "money", 16),
    col("المدفوع (ريال)", "money", 16),
    col("المتبقي (ريال)", "money", 16),
    col("رقم العقد", "integer", 10),
  ],
  batches: (db, range, limitAll = cap) => {
    const { from, to } = daysOf(range);
    return byDayAndId<InstalmentRow>(
      async (after, limit) =>
        (
          await db.execute<InstalmentRow>(
            sql`select i.id, to_char(i.due_on, 'YYYY-MM-DD') as day, l.id as lease_id, p.name as property, u.label as unit, t.name as tenant, o.name as owner,
                       i.amount_halalas::text as amount, i.paid_halalas::text as paid
                from rent_instalments i
                join leases l on l.id = i.lease_id
                join tenants t on t.id = l.tenant_id
                join managed_units u on u.id = l.unit_id
                join managed_properties p on p.id = u.property_id
                join owners o on o.id = p.owner_id
                where i.due_on between ${from}::date and ${to}::date and (i.due_on, i.id) < ${after}
                order by i.due_on desc, i.id desc
                limit ${limit}`,
          )
        ).rows,
      (r) => [r.id, dayValue(r.day), r.property, r.unit, r.tenant, r.owner, riyals(r.amount), riyals(r.paid), riyals(Number(r.amount) - Number(r.paid)), r.lease_id],
      limitAll,
    );
  },
});

type ChargeRow = { id: number; day: string; property: string; unit: string | null; owner: string; description: string; amount: string; task_id: number };

export const chargesDataset = (cap: number): Dataset => ({
  columns: [
    col("رقم التكلفة", "integer", 10),
    col("التاريخ", "date", 14),
    col("العقار", "text", 28),
    col("الوحدة", "text", 10),
    col("المالك", "text", 24),
    col("الوصف", "text", 36),
    col("المبلغ (ريال)", "money", 16),
    col("رقم المهمة", "integer", 10),
  ],
  batches: (db, range, limitAll = cap) => {
    const { from, to } = daysOf(range);
    return byDayAndId<ChargeRow>(
      async (after, limit) =>
        (
          await db.execute<ChargeRow>(
            sql`select c.id, to_char(c.charged_on, 'YYYY-MM-DD') as day, p.name as property, u.label as unit, o.name as owner, c.description,
                       c.amount_halalas::text as amount, c.finance_task_id as task_id
                from owner_charges c
                join transactions x on x.related_task_id = c.finance_task_id
                join managed_properties p on p.id = c.property_id
                join owners o on o.id = c.owner_id
                left join managed_units u on u.id = c.unit_id
                where c.charged_on between ${from}::date and ${to}::date and (c.charged_on, c.id) < ${after}
                order by c.charged_on desc, c.id desc
                limit ${limit}`,
          )
        ).rows,
      (r) => [r.id, dayValue(r.day), r.property, r.unit, r.owner, r.description, riyals(r.amount), r.task_id],
      limitAll,
    );
  },
});
