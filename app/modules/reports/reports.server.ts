/**
 * The reports' figures (issue 15), every one an aggregate in SQL (GROUP BY, FILTER,
 * percentile_cont for medians) over the period and the previous period of the same length in one
 * pass each, served by indexes on the tables' times (offers, inquiries, submissions, tasks,
 * transactions: created_at / date; the audit log: entity, action, created_at). Times are Riyadh's:
 * a period is a run of whole Riyadh days (period.ts), and days and months are cut at UTC+3.
 */
import { sql, type SQL } from "drizzle-orm";
import { firstAnswerFigures } from "~/modules/clients/index.server.ts";
import type { Db } from "~/db/client.server.ts";
import { loadPropertyReport } from "~/modules/property-reports/index.server.ts";
import { countActiveAlerts } from "~/modules/alerts/alerts.server.ts";
import { INQUIRY_LATE_AFTER_MS, INQUIRY_STATUSES, type InquiryStatus } from "~/modules/inquiries/status.ts";
import { CLOSED_TASK_STATUSES } from "~/modules/tasks/status.ts";
import { riyadhDayOf, RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";
import { periodBuckets, periodInstants, trendMonths, type ReportPeriod } from "./period.ts";
import {
  RENT_STATUSES,
  RENTED_STATUS,
  SALE_STATUSES,
  SOLD_STATUS,
  type AssigneeTasks,
  type Compared,
  type DaysOnMarket,
  type ExportDataset,
  type FinanceReport,
  type InquiriesReport,
  type OfferGroup,
  type OffersReport,
  type PricePerMeterRow,
  type ReportsData,
  type StaffReplies,
  type StaffReport,
  type SubmissionsReport,
} from "./report-view.ts";

/** How many (kind, city, type) groups the asking-price table lists, the most published first. */
const PRICE_GROUPS_SHOWN = 30;
/** The offers with most inquiries. */
const TOP_OFFERS = 10;

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** The bounds of a period as SQL parameters: [prev, start) is the previous period, [start, end) this one. */
interface Bounds {
  prev: string;
  start: string;
  end: string;
}

function boundsOf(period: ReportPeriod): Bounds {
  const { previousStart, start, end } = periodInstants(period);
  return { prev: previousStart.toISOString(), start: start.toISOString(), end: end.toISOString() };
}

const inCurrent = (column: SQL, b: Bounds) => sql`${column} >= ${b.start}::timestamptz`;
const inPrevious = (column: SQL, b: Bounds) => sql`${column} < ${b.start}::timestamptz`;
const inEither = (column: SQL, b: Bounds) => sql`${column} >= ${b.prev}::timestamptz and ${column} < ${b.end}::timestamptz`;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
/** A Riyadh calendar day (date) or month (yyyy-mm) of a timestamptz column. */
const riyadhDay = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '3 hours')::date`;
const riyadhMonth = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;

const compared = (current: unknown, previous: unknown): Compared => ({ current: Number(current ?? 0), previous: Number(previous ?? 0) });
const maybe = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

// ---- Offers ----

type OfferGroupRow = {
  by_status: boolean;
  by_city: boolean;
  by_type: boolean;
  status: string | null;
  city: string | null;
  property_type: string | null;
  now: number;
  published: number;
  published_before: number;
};

/**
 * Offers now by status, city and type, with how many of each were published (added) in the period
 * and in the previous one: one scan of the table with grouping sets (the empty set is the total).
 */
async function offerGroups(db: Db, b: Bounds) {
  const created = sql`created_at`;
  const found = await rows<OfferGroupRow>(
    db,
    sql`select grouping(status) = 0 as by_status, grouping(city) = 0 as by_city, grouping(property_type) = 0 as by_type,
               status, city, property_type,
               count(*)::int as now,
               count(*) filter (where ${inCurrent(created, b)} and created_at < ${b.end}::timestamptz)::int as published,
               count(*) filter (where created_at >= ${b.prev}::timestamptz and ${inPrevious(created, b)})::int as published_before
        from offers
        group by grouping sets ((status), (city), (property_type), ())`,
  );
  const group = (row: OfferGroupRow, name: string | null): OfferGroup => ({ name: name || "غير محدد", now: row.now, published: compared(row.published, row.published_before) });
  const sorted = (groups: OfferGroup[]) => groups.sort((a, b) => b.now - a.now || b.published.current - a.published.current || a.name.localeCompare(b.name, "ar"));
  const total = found.find((r) => !r.by_status && !r.by_city && !r.by_type);
  return {
    total: total?.now ?? 0,
    published: compared(total?.published, total?.published_before),
    byStatus: sorted(found.filter((r) => r.by_status).map((r) => group(r, r.status))),
    byCity: sorted(found.filter((r) => r.by_city).map((r) => group(r, r.city))),
    byType: sorted(found.filter((r) => r.by_type).map((r) => group(r, r.property_type))),
  };
}

/**
 * The average asking price per m² of the offers published in each period, by listing kind (for
 * sale or sold; for rent or rented), city and type. Offers without an area or a price, and those
 * reserved or postponed (neither kind), are left out.
 */
async function pricePerMeter(db: Db, b: Bounds): Promise<{ rows: PricePerMeterRow[]; more: number }> {
  const created = sql`created_at`;
  const found = await rows<{
    kind: "sale" | "rent";
    city: string;
    property_type: string;
    avg_now: number | null;
    n_now: number;
    avg_before: number | null;
    n_before: number;
    groups: number;
  }>(
    db,
    sql`select case when status in (${list(SALE_STATUSES)}) then 'sale' else 'rent' end as kind, city, property_type,
               (avg(price / area) filter (where ${inCurrent(created, b)}))::float8 as avg_now,
               count(*) filter (where ${inCurrent(created, b)})::int as n_now,
               (avg(price / area) filter (where ${inPrevious(created, b)}))::float8 as avg_before,
               count(*) filter (where ${inPrevious(created, b)})::int as n_before,
               (count(*) over ())::int as groups
        from offers
        where ${inEither(created, b)} and area > 0 and price > 0 and status in (${list([...SALE_STATUSES, ...RENT_STATUSES])})
        group by 1, 2, 3
        order by n_now desc, n_before desc, 1, 2, 3
        limit ${PRICE_GROUPS_SHOWN}`,
  );
  return {
    rows: found.map((r) => ({
      kind: r.kind,
      city: r.city || "غير محدد",
      type: r.property_type,
      current: { average: maybe(r.avg_now), count: r.n_now },
      previous: { average: maybe(r.avg_before), count: r.n_before },
    })),
    more: Math.max(0, (found[0]?.groups ?? 0) - found.length),
  };
}

/**
 * Days on market of the offers sold or rented in each period: from the day the offer went on the
 * list (its creation, or its last move back to for sale / for rent) to the status change that sold
 * or rented it. Status changes are in the audit log only since issue 15, so the figures count from
 * then (`recordingSince`, the first entry); offers deleted since are left out.
 */
async function daysOnMarket(db: Db, b: Bounds): Promise<OffersReport["daysOnMarket"]> {
  // Each sale's days are kept as it is recorded (report_offer_sales, drizzle/0028): only the period's rows are read.
  const [found, [since]] = await Promise.all([
    rows<{ outcome: string; current: boolean; median: number | null; average: number | null; n: number }>(
      db,
      sql`select outcome, ${inCurrent(sql`at`, b)} as current,
                 (percentile_cont(0.5) within group (order by days))::float8 as median,
                 avg(days)::float8 as average,
                 count(*)::int as n
          from report_offer_sales
          where ${inEither(sql`at`, b)}
          group by 1, 2`,
    ),
    rows<{ since: Date | string | null }>(db, sql`select min(created_at) as since from audit_log where entity = 'offer' and action = 'status-change'`),
  ]);
  const of = (outcome: string): DaysOnMarket => {
    const now = found.find((r) => r.outcome === outcome && r.current);
    const before = found.find((r) => r.outcome === outcome && !r.current);
    return {
      median: { current: maybe(now?.median), previous: maybe(before?.median) },
      average: { current: maybe(now?.average), previous: maybe(before?.average) },
      count: compared(now?.n, before?.n),
    };
  };
  return { sold: of(SOLD_STATUS), rented: of(RENTED_STATUS), recordingSince: since?.since ? new Date(since.since).toISOString() : null };
}

// ---- Inquiries ----

/**
 * The inquiries of each period: received, by status, from an offer page (they name an offer) or
 * the contact page, and the median time to the first reply (its reply history's first entry).
 */
async function inquiryFigures(db: Db, b: Bounds) {
  // Counted from the days' counts and the first replies kept as they are written (drizzle/0028).
  const day = sql`day`;
  const cur = sql`${day} >= ${riyadhDay(sql`${b.start}::timestamptz`)}`;
  const prev = sql`${day} < ${riyadhDay(sql`${b.start}::timestamptz`)}`;
  const statusColumns = INQUIRY_STATUSES.map(
    (status) =>
      sql`coalesce(sum(n) filter (where ${cur} and status = ${status}), 0)::int as ${sql.identifier(`now_${status}`)}, coalesce(sum(n) filter (where ${prev} and status = ${status}), 0)::int as ${sql.identifier(`before_${status}`)}`,
  );
  const [[counts], [medians]] = await Promise.all([
    rows<Record<string, number | null>>(
      db,
      sql`select coalesce(sum(n) filter (where ${cur}), 0)::int as received, coalesce(sum(n) filter (where ${prev}), 0)::int as received_before,
                 coalesce(sum(n) filter (where ${cur} and from_offer), 0)::int as from_offer, coalesce(sum(n) filter (where ${prev} and from_offer), 0)::int as from_offer_before,
                 ${sql.join(statusColumns, sql`, `)}
          from report_inquiry_days
          where ${day} >= ${riyadhDay(sql`${b.prev}::timestamptz`)} and ${day} < ${riyadhDay(sql`${b.end}::timestamptz`)}`,
    ),
    rows<Record<string, number | null>>(
      db,
      sql`select (percentile_cont(0.5) within group (order by minutes) filter (where ${inCurrent(sql`received_at`, b)}))::float8 as median_now,
                 (percentile_cont(0.5) within group (order by minutes) filter (where ${inPrevious(sql`received_at`, b)}))::float8 as median_before
          from report_first_replies
          where ${inEither(sql`received_at`, b)}`,
    ),
  ]);
  const row = { ...counts, ...medians };
  const r = row ?? {};
  const received = compared(r.received, r.received_before);
  const fromOfferPages = compared(r.from_offer, r.from_offer_before);
  return {
    received,
    fromOfferPages,
    fromContactPage: { current: received.current - fromOfferPages.current, previous: received.previous - fromOfferPages.previous },
    byStatus: INQUIRY_STATUSES.map((status: InquiryStatus) => ({ status, count: compared(r[`now_${status}`], r[`before_${status}`]) })),
    medianFirstReplyMinutes: { current: maybe(r.median_now), previous: maybe(r.median_before) },
  };
}

/** Inquiries received per Riyadh day (or month) of the period, every bucket present. */
async function inquiriesPerBucket(db: Db, period: ReportPeriod, b: Bounds) {
  const key = period.bucket === "day" ? sql`to_char(day, 'YYYY-MM-DD')` : sql`to_char(day, 'YYYY-MM')`;
  const found = await rows<{ key: string; n: number }>(
    db,
    sql`select ${key} as key, sum(n)::int as n from report_inquiry_days
        where day >= ${riyadhDay(sql`${b.start}::timestamptz`)} and day < ${riyadhDay(sql`${b.end}::timestamptz`)}
        group by 1`,
  );
  const counts = new Map(found.map((r) => [r.key, r.n]));
  return periodBuckets(period).map((k) => ({ key: k, count: counts.get(k) ?? 0 }));
}

/** Inquiries waiting now, and those late (pending more than 24 hours). */
async function inquiriesWaiting(db: Db, now: Date) {
  const lateBefore = new Date(now.getTime() - INQUIRY_LATE_AFTER_MS).toISOString();
  const [row] = await rows<{ pending: number; late: number }>(
    db,
    sql`select count(*)::int as pending, count(*) filter (where created_at < ${lateBefore}::timestamptz)::int as late from inquiries where status = 'pending'`,
  );
  return { pendingNow: row?.pending ?? 0, lateNow: row?.late ?? 0 };
}

/** The offers with most inquiries in the period, with their count in the previous one. */
async function topOffers(db: Db, b: Bounds): Promise<InquiriesReport["topOffers"]> {
  const created = sql`created_at`;
  // Counted first, then only the ten are joined to their offers.
  const found = await rows<{ id: number; title: string | null; sent_title: string; n: number; n_before: number }>(
    db,
    sql`select t.id, o.title, t.sent_title, t.n, t.n_before
        from (
          select property_id as id, max(property_title) as sent_title,
                 count(*) filter (where ${inCurrent(created, b)})::int as n,
                 count(*) filter (where ${inPrevious(created, b)})::int as n_before
          from inquiries
          where ${inEither(created, b)} and property_id is not null
          group by property_id
          having count(*) filter (where ${inCurrent(created, b)}) > 0
          order by n desc, property_id desc
          limit ${TOP_OFFERS}
        ) t
        left join offers o on o.id = t.id
        order by t.n desc, t.id desc`,
  );
  return found.map((r) => ({ id: r.id, title: r.title ?? r.sent_title, exists: r.title !== null, inquiries: compared(r.n, r.n_before) }));
}

// ---- Owner submissions ----

/** The submissions received in each period and what became of them: rejected, turned into offers, still pending. */
async function submissionFigures(db: Db, b: Bounds): Promise<SubmissionsReport> {
  const created = sql`created_at`;
  const cur = inCurrent(created, b);
  const prev = inPrevious(created, b);
  const [r] = await rows<Record<string, number>>(
    db,
    sql`select count(*) filter (where ${cur})::int as received, count(*) filter (where ${prev})::int as received_before,
               count(*) filter (where ${cur} and status = 'rejected')::int as rejected, count(*) filter (where ${prev} and status = 'rejected')::int as rejected_before,
               count(*) filter (where ${cur} and status = 'reviewed')::int as converted, count(*) filter (where ${prev} and status = 'reviewed')::int as converted_before,
               count(*) filter (where ${cur} and status = 'pending')::int as pending, count(*) filter (where ${prev} and status = 'pending')::int as pending_before
        from submissions
        where ${inEither(created, b)}`,
  );
  return {
    received: compared(r?.received, r?.received_before),
    rejected: compared(r?.rejected, r?.rejected_before),
    converted: compared(r?.converted, r?.converted_before),
    pending: compared(r?.pending, r?.pending_before),
  };
}

// ---- Staff ----

/**
 * Replies per employee in each period (the audit log's reply entries, by whoever sent them), and
 * the median time of their first replies: from the inquiry's arrival to the reply that was its
 * first. A reply is the first when the inquiry was still pending (its entry's `from`): the reply
 * is recorded under the inquiry's row lock with the status it found, and only the first finds
 * it pending (a reply makes it replied; a completed one takes no reply).
 */
async function staffReplies(db: Db, b: Bounds): Promise<StaffReplies[]> {
  // The replies as they were recorded (report_replies, drizzle/0028); a first reply's inquiry joined for its arrival.
  const found = await rows<{
    id: number | null;
    name: string;
    n: number;
    n_before: number;
    firsts: number;
    firsts_before: number;
    median_now: number | null;
    median_before: number | null;
  }>(
    db,
    sql`select r.actor_id as id, coalesce(s.name, r.actor_name) as name, r.n, r.n_before, r.firsts, r.firsts_before, r.median_now, r.median_before
        from (
          select a.actor_id, max(a.actor_name) as actor_name,
                 count(*) filter (where a.current)::int as n, count(*) filter (where not a.current)::int as n_before,
                 count(*) filter (where a.current and a.first)::int as firsts, count(*) filter (where not a.current and a.first)::int as firsts_before,
                 (percentile_cont(0.5) within group (order by date_part('epoch', a.at - i.created_at) / 60) filter (where a.current and a.first))::float8 as median_now,
                 (percentile_cont(0.5) within group (order by date_part('epoch', a.at - i.created_at) / 60) filter (where not a.current and a.first))::float8 as median_before
          from (
            select actor_id, actor_name, inquiry_id, at, ${inCurrent(sql`at`, b)} as current, first
            from report_replies
            where ${inEither(sql`at`, b)}
          ) a
          left join inquiries i on a.first and i.id = a.inquiry_id
          group by a.actor_id
        ) r
        left join staff_users s on s.id = r.actor_id
        order by r.n desc, r.n_before desc, name`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    replies: compared(r.n, r.n_before),
    firstReplies: compared(r.firsts, r.firsts_before),
    medianFirstReplyMinutes: { current: maybe(r.median_now), previous: maybe(r.median_before) },
  }));
}

/** Open and late tasks (open and older than 24 hours) per assignee, now. */
async function tasksPerAssignee(db: Db, now: Date): Promise<AssigneeTasks[]> {
  const lateBefore = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  const found = await rows<{ id: number | null; name: string | null; open: number; late: number }>(
    db,
    sql`select t.assigned_to as id, s.name, count(*)::int as open, count(*) filter (where t.created_at < ${lateBefore}::timestamptz)::int as late
        from tasks t
        left join staff_users s on s.id = t.assigned_to
        where t.status not in (${list(CLOSED_TASK_STATUSES)})
        group by t.assigned_to, s.name
        order by late desc, open desc, s.name`,
  );
  return found.map((r) => ({ id: r.id, name: r.name ?? "دون تكليف", open: r.open, late: r.late }));
}

// ---- Finance ----

/** Income, expenses and net of each period, and per Riyadh month over the trend's months. */
async function financeFigures(db: Db, period: ReportPeriod, b: Bounds): Promise<FinanceReport & { count: number }> {
  const date = sql`date`;
  const months = trendMonths(period);
  const trendStart = new Date(Date.parse(`${months[0]}-01T00:00:00Z`) - RIYADH_OFFSET_MS).toISOString();
  const sumOf = (condition: SQL) => sql`coalesce(sum(amount) filter (where ${condition}), 0)::text`;
  const income = sql`type = 'income'`;
  const expense = sql`type = 'expense'`;
  const [[totals], perMonth] = await Promise.all([
    rows<Record<string, string | number>>(
      db,
      sql`select ${sumOf(sql`${income} and ${inCurrent(date, b)}`)} as income, ${sumOf(sql`${income} and ${inPrevious(date, b)}`)} as income_before,
                 ${sumOf(sql`${expense} and ${inCurrent(date, b)}`)} as expense, ${sumOf(sql`${expense} and ${inPrevious(date, b)}`)} as expense_before,
                 count(*) filter (where ${inCurrent(date, b)})::int as n
          from transactions where ${inEither(date, b)}`,
    ),
    rows<{ month: string; income: string; expense: string }>(
      db,
      sql`select ${riyadhMonth(date)} as month, ${sumOf(income)} as income, ${sumOf(expense)} as expense
          from transactions where date >= ${trendStart}::timestamptz and date < ${b.end}::timestamptz
          group by 1`,
    ),
  ]);
  // Sums are exact numerics in SQL (as the finance page's); they become numbers only here.
  const t = totals ?? {};
  const money = (value: unknown) => Number(value ?? 0);
  const byMonth = new Map(perMonth.map((r) => [r.month, r]));
  const incomeC = compared(money(t.income), money(t.income_before));
  const expenseC = compared(money(t.expense), money(t.expense_before));
  return {
    income: incomeC,
    expense: expenseC,
    // Rounded to the halala: the difference of two exact sums as numbers.
    net: { current: Math.round((incomeC.current - expenseC.current) * 100) / 100, previous: Math.round((incomeC.previous - expenseC.previous) * 100) / 100 },
    months: months.map((month) => {
      const row = byMonth.get(month);
      const inc = money(row?.income);
      const exp = money(row?.expense);
      return { month, income: inc, expense: exp, net: Math.round((inc - exp) * 100) / 100 };
    }),
    count: Number(t.n ?? 0),
  };
}

/** Tasks created in the period (the export's rows). */
async function tasksCreated(db: Db, b: Bounds): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from tasks where created_at >= ${b.start}::timestamptz and created_at < ${b.end}::timestamptz`);
  return row?.n ?? 0;
}

/** Every figure of the reports page for the period, queries in parallel. */
export async function loadReports(db: Db, period: ReportPeriod, now = new Date()): Promise<ReportsData> {
  const b = boundsOf(period);
  const [groups, prices, market, inquiries, perBucket, waiting, top, submissions, replies, tasks, finance, tasksInPeriod, activeAlerts, firstAnswers, property] = await Promise.all(
    [
      offerGroups(db, b),
      pricePerMeter(db, b),
      daysOnMarket(db, b),
      inquiryFigures(db, b),
      inquiriesPerBucket(db, period, b),
      inquiriesWaiting(db, now),
      topOffers(db, b),
      submissionFigures(db, b),
      staffReplies(db, b),
      tasksPerAssignee(db, now),
      financeFigures(db, period, b),
      tasksCreated(db, b),
      countActiveAlerts(db),
      firstAnswerFigures(db, { from: new Date(b.start), to: new Date(b.end) }, now),
      loadPropertyReport(db, period, riyadhDayOf(now)),
    ],
  );
  const { count: transactionsInPeriod, ...financeReport } = finance;
  const staff: StaffReport = { replies, tasks, firstAnswers };
  const exportCounts: Record<ExportDataset, number> = {
    offers: groups.published.current,
    inquiries: inquiries.received.current,
    submissions: submissions.received.current,
    tasks: tasksInPeriod,
    transactions: transactionsInPeriod,
    instalments: property.collection.instalments,
    charges: property.maintenance.charges,
  };
  return {
    period,
    generatedAt: now.toISOString(),
    offers: { ...groups, pricePerMeter: prices.rows, pricePerMeterMore: prices.more, daysOnMarket: market, activeAlerts },
    inquiries: { ...inquiries, perBucket, ...waiting, topOffers: top },
    submissions,
    staff,
    finance: financeReport,
    property,
    exportCounts,
  };
}
