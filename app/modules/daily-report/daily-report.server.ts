import { firstAnswerFigures } from "~/modules/clients/index.server.ts";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { getEnv } from "~/utils/env.server.ts";
import { dailyReportText, type DailyReport, type DailyReportLinks } from "./daily-report-text.ts";
import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

export { dailyReportText, type DailyReport };

/** Riyadh is UTC+3 all year (no daylight saving): its days and hours are UTC's shifted by 3 hours. */
const DAY_MS = 24 * 60 * 60_000;

/** The Riyadh calendar day (yyyy-mm-dd) and hour (0–23) at an instant. */
export function riyadhClock(at: Date): { day: string; hour: number } {
  const shifted = new Date(at.getTime() + RIYADH_OFFSET_MS);
  return { day: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
}

/** The Riyadh day before `day` (yyyy-mm-dd). */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The day whose report is due at an instant: yesterday in Riyadh. */
export function reportDayAt(at: Date): string {
  return previousDay(riyadhClock(at).day);
}

/** [start, end) of a Riyadh day, as instants. */
export function riyadhDayBounds(day: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new Error(`not a day: ${day}`);
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - RIYADH_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

function dailyReportLinks(publicUrl: string, day: string): DailyReportLinks {
  const admin = `${publicUrl.replace(/\/+$/, "")}/admin`;
  return {
    inquiries: `${admin}/inquiries`,
    pendingInquiries: `${admin}/inquiries?status=pending`,
    submissions: `${admin}/submissions`,
    offers: `${admin}/offers`,
    lateTasks: `${admin}/tasks?late=1`,
    approvals: `${admin}/finance#awaiting-title`,
    finance: `${admin}/finance?month=${day.slice(0, 7)}`,
    reports: `${admin}/reports`,
  };
}

interface FigureRow extends Record<string, unknown> {
  inquiries_received: number;
  inquiries_pending: number;
  inquiries_late: number;
  submissions_received: number;
  offers_published: number;
  status_changes_known: boolean;
  sold_by_changes: number;
  rented_by_changes: number;
  sold_by_update: number;
  rented_by_update: number;
  tasks_late: number;
  awaiting_approval: number;
  income: string;
  expenses: string;
}

/**
 * The figures of one Riyadh day (yyyy-mm-dd), in one query over indexed columns: inquiries
 * received, still pending and late (pending > 24 h at the end of the day); owners' submissions;
 * offers published, sold and rented (from the audit log's offer status changes — entity "offer",
 * action "status-change", details {from, to} — or, while the log holds none yet, the offers now
 * sold or rented whose last update fell that day, marked as an estimate); tasks open and older than
 * 24 hours at the end of the day; finance requests awaiting approval; income and expenses of the
 * transactions dated that day. Statuses are as they are now (when the report is built, the morning
 * after); what arrived after the day does not count.
 */
export async function buildDailyReport(db: Db | Tx, day: string, options: { publicUrl?: string; now?: Date } = {}): Promise<DailyReport> {
  const { start, end } = riyadhDayBounds(day);
  const lateBefore = sql`${end}::timestamptz - interval '24 hours'`;
  const inDay = (column: string) => sql`${sql.identifier(column)} >= ${start} and ${sql.identifier(column)} < ${end}`;
  const offerChanges = sql`entity = 'offer' and action = 'status-change'`;
  const result = await db.execute<FigureRow>(sql`
    select
      (select count(*)::int from inquiries where ${inDay("created_at")}) as inquiries_received,
      (select count(*)::int from inquiries where status = 'pending' and created_at < ${end}) as inquiries_pending,
      (select count(*)::int from inquiries where status = 'pending' and created_at < ${lateBefore}) as inquiries_late,
      (select count(*)::int from submissions where ${inDay("created_at")}) as submissions_received,
      (select count(*)::int from offers where ${inDay("created_at")}) as offers_published,
      exists (select 1 from audit_log where ${offerChanges} and created_at < ${end}) as status_changes_known,
      (select count(distinct entity_id)::int from audit_log where ${offerChanges} and ${inDay("created_at")} and details->>'to' = 'مباع') as sold_by_changes,
      (select count(distinct entity_id)::int from audit_log where ${offerChanges} and ${inDay("created_at")} and details->>'to' = 'مؤجر') as rented_by_changes,
      (select count(*)::int from offers where status = 'مباع' and ${inDay("updated_at")}) as sold_by_update,
      (select count(*)::int from offers where status = 'مؤجر' and ${inDay("updated_at")}) as rented_by_update,
      (select count(*)::int from tasks where status not in ('Completed', 'Cancelled') and created_at < ${lateBefore}) as tasks_late,
      (select count(*)::int from tasks where status = 'Awaiting Approval' and created_at < ${end}) as awaiting_approval,
      (select coalesce(sum(amount), 0)::text from transactions where type = 'income' and ${inDay("date")}) as income,
      (select coalesce(sum(amount), 0)::text from transactions where type = 'expense' and ${inDay("date")}) as expenses
  `);
  const row = result.rows[0]!;
  const byChanges = row.status_changes_known;
  return {
    day,
    builtAt: (options.now ?? new Date()).toISOString(),
    inquiries: { received: row.inquiries_received, pending: row.inquiries_pending, late: row.inquiries_late },
    submissions: { received: row.submissions_received },
    offers: {
      published: row.offers_published,
      sold: byChanges ? row.sold_by_changes : row.sold_by_update,
      rented: byChanges ? row.rented_by_changes : row.rented_by_update,
      soldRentedSource: byChanges ? "status-changes" : "updated-offers",
    },
    tasks: { late: row.tasks_late },
    finance: { awaitingApproval: row.awaiting_approval, income: Number(row.income), expenses: Number(row.expenses) },
    links: dailyReportLinks(options.publicUrl ?? getEnv().PUBLIC_URL, day),
    firstAnswers: (await firstAnswerFigures(db, { from: start, to: end }, options.now)).map(({ ownerName, clients, answered, medianHours, withinShare }) => ({
      ownerName,
      clients,
      answered,
      medianHours,
      withinShare,
    })),
  };
}
