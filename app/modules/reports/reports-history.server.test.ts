// The reports' history tables (drizzle/0028, decision 034) against the direct queries they replace:
// on random offers, inquiries, replies and status changes, written in several statements and out
// of time order, then changed (statuses, replies, deletions of inquiries, offers and staff), every
// figure read from the history equals what the direct query over the base tables gives.
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { parsePeriod, periodBuckets, periodInstants, type ReportPeriod } from "./period.ts";
import { LISTED_STATUSES, RENTED_STATUS, SOLD_STATUS } from "./report-view.ts";
import { loadReports } from "./reports.server.ts";

const db = useTestDatabase();
const NOW = new Date("2026-06-15T09:00:00Z");
const DAY = 86_400_000;

async function rows<T>(query: SQL): Promise<T[]> {
  return (await db().execute(query)).rows as T[];
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A seeded random number in [0, 1): the same data on every run, many shapes of it. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

beforeAll(async () => {
  const r = random(29);
  const at = (daysBack: number) => new Date(NOW.getTime() - r() * daysBack * DAY).toISOString();
  const staff = await rows<{ id: number }>(
    sql`insert into staff_users (name, username, phone, role) select 'موظف ' || g, 'history' || g, '05512300' || lpad(g::text, 2, '0'), 'staff' from generate_series(1, 4) g returning id`,
  );
  const offers: number[] = [];
  for (let i = 0; i < 120; i++) {
    const [offer] = await rows<{ id: number }>(
      sql`insert into offers (title, property_type, status, city, location, details, created_at) values (${`عرض ${i}`}, 'شقة', 'للبيع', 'الرياض', 'الملقا', '{}'::jsonb, ${at(800)}::timestamptz) returning id`,
    );
    offers.push(offer!.id);
  }
  const statuses = ["pending", "replied", "completed"];
  const inquiryIds: number[] = [];
  for (let batch = 0; batch < 4; batch++) {
    const values = Array.from({ length: 150 }, () => {
      const created = at(800);
      const replied = r() < 0.6 ? [{ timestamp: new Date(Date.parse(created) + r() * 3 * DAY).toISOString(), method: "email", message: "رد" }] : [];
      const offer = r() < 0.5 ? offers[Math.floor(r() * offers.length)]! : null;
      const title = offer === null && r() < 0.3 ? "عرض محذوف" : "";
      return sql`(${"عميل"}, '0501234567', ${offer}, ${title}, ${statuses[Math.floor(r() * statuses.length)]}, ${JSON.stringify(replied)}::jsonb, ${created}::timestamptz)`;
    });
    const inserted = await rows<{ id: number }>(
      sql`insert into inquiries (name, phone, property_id, property_title, status, reply_history, created_at) values ${sql.join(values, sql`, `)} returning id`,
    );
    inquiryIds.push(...inserted.map((row) => row.id));
  }
  // Replies and status changes, in batches whose times are not in order.
  for (let batch = 0; batch < 5; batch++) {
    const entries = Array.from({ length: 120 }, () => {
      if (r() < 0.6) {
        const actor = r() < 0.9 ? staff[Math.floor(r() * staff.length)]!.id : null;
        const from = r() < 0.6 ? "pending" : "replied";
        return sql`('inquiry', ${inquiryIds[Math.floor(r() * inquiryIds.length)]}, ${r() < 0.5 ? "reply-email" : "reply-whatsapp"}, ${actor}, 'موظف', ${JSON.stringify({ from, to: "replied" })}::jsonb, ${at(800)}::timestamptz)`;
      }
      const to = ["مباع", "مؤجر", "للبيع", "للإيجار", "محجوز"][Math.floor(r() * 5)]!;
      return sql`('offer', ${offers[Math.floor(r() * offers.length)]}, 'status-change', ${staff[0]!.id}, 'موظف', ${JSON.stringify({ from: "للبيع", to })}::jsonb, ${at(800)}::timestamptz)`;
    });
    await db().execute(sql`insert into audit_log (entity, entity_id, action, actor_id, actor_name, details, created_at) values ${sql.join(entries, sql`, `)}`);
  }
  // Later changes: statuses, replies, an inquiry moved in time, deletions of inquiries, offers and a member.
  await db().execute(sql`update inquiries set status = 'completed' where id % 7 = 0`);
  await db().execute(sql`update inquiries set reply_history = '[]'::jsonb where id % 11 = 0`);
  await db().execute(sql`update inquiries set property_id = null where id % 13 = 0`);
  await db().execute(sql`update inquiries set created_at = created_at - interval '5 days' where id % 17 = 0`);
  await db().execute(sql`delete from inquiries where id % 19 = 0`);
  await db().execute(sql`delete from offers where id in ${offers.filter((_, i) => i % 10 === 0)}`);
  await db().execute(sql`delete from staff_users where id = ${staff[3]!.id}`);
});

/** The direct queries the history replaced (as they were before drizzle/0028), over the base tables. */
async function direct(period: ReportPeriod) {
  const { previousStart, start, end } = periodInstants(period);
  const [p, s, e] = [previousStart.toISOString(), start.toISOString(), end.toISOString()];
  const cur = (column: SQL) => sql`${column} >= ${s}::timestamptz`;
  const either = (column: SQL) => sql`${column} >= ${p}::timestamptz and ${column} < ${e}::timestamptz`;
  const market = await rows<{ outcome: string; current: boolean; median: number | null; average: number | null; n: number }>(
    sql`select outcome, current, (percentile_cont(0.5) within group (order by days))::float8 as median, avg(days)::float8 as average, count(*)::int as n
        from (
          select e.details->>'to' as outcome, ${cur(sql`e.created_at`)} as current,
                 extract(epoch from e.created_at - greatest(o.created_at, coalesce(relisted.at, o.created_at))) / 86400 as days
          from audit_log e join offers o on o.id = e.entity_id
          left join lateral (
            select max(q.created_at) as at from audit_log q
            where q.entity = 'offer' and q.entity_id = e.entity_id and q.action = 'status-change' and q.created_at < e.created_at and q.details->>'to' in (${inList(LISTED_STATUSES)})
          ) relisted on true
          where e.entity = 'offer' and e.action = 'status-change' and ${either(sql`e.created_at`)} and e.details->>'to' in (${inList([SOLD_STATUS, RENTED_STATUS])})
        ) x group by 1, 2 order by 1, 2`,
  );
  const [inquiry] = await rows<Record<string, number | null>>(
    sql`select count(*) filter (where ${cur(sql`created_at`)})::int as received, count(*) filter (where not ${cur(sql`created_at`)})::int as received_before,
               count(*) filter (where ${cur(sql`created_at`)} and (property_id is not null or property_title <> ''))::int as from_offer,
               count(*) filter (where status = 'completed' and ${cur(sql`created_at`)})::int as completed,
               (percentile_cont(0.5) within group (order by extract(epoch from (reply_history->0->>'timestamp')::timestamptz - created_at) / 60)
                 filter (where ${cur(sql`created_at`)} and jsonb_array_length(reply_history) > 0))::float8 as median_now,
               (percentile_cont(0.5) within group (order by extract(epoch from (reply_history->0->>'timestamp')::timestamptz - created_at) / 60)
                 filter (where not ${cur(sql`created_at`)} and jsonb_array_length(reply_history) > 0))::float8 as median_before
        from inquiries where ${either(sql`created_at`)}`,
  );
  const key = period.bucket === "day" ? sql`'YYYY-MM-DD'` : sql`'YYYY-MM'`;
  const buckets = await rows<{ key: string; n: number }>(
    sql`select to_char(((created_at at time zone 'UTC') + interval '3 hours')::date, ${key}) as key, count(*)::int as n
        from inquiries where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz group by 1`,
  );
  const replies = await rows<{ id: number | null; name: string; n: number; n_before: number; firsts: number; median_now: number | null; median_before: number | null }>(
    sql`select r.actor_id as id, coalesce(st.name, r.actor_name) as name, r.n, r.n_before, r.firsts, r.median_now, r.median_before
        from (
          select a.actor_id, max(a.actor_name) as actor_name, count(*) filter (where a.current)::int as n, count(*) filter (where not a.current)::int as n_before,
                 count(*) filter (where a.current and a.first)::int as firsts,
                 (percentile_cont(0.5) within group (order by extract(epoch from a.created_at - i.created_at) / 60) filter (where a.current and a.first))::float8 as median_now,
                 (percentile_cont(0.5) within group (order by extract(epoch from a.created_at - i.created_at) / 60) filter (where not a.current and a.first))::float8 as median_before
          from (
            select actor_id, actor_name, entity_id, created_at, ${cur(sql`created_at`)} as current, details->>'from' = 'pending' as first
            from audit_log where entity = 'inquiry' and action in ('reply-email', 'reply-whatsapp') and ${either(sql`created_at`)}
          ) a left join inquiries i on a.first and i.id = a.entity_id
          group by a.actor_id
        ) r left join staff_users st on st.id = r.actor_id
        order by r.n desc, r.n_before desc, name`,
  );
  const counts = new Map(buckets.map((b) => [b.key, b.n]));
  return { market, inquiry: inquiry!, perBucket: periodBuckets(period).map((k) => ({ key: k, count: counts.get(k) ?? 0 })), replies };
}

const close = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 1e6) / 1e6);

/** The migration's backfill (what it writes from the rows already there), emptied tables filled again by it. */
async function refillFromMigration() {
  const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../../../drizzle/0028_report_history.sql"), "utf8");
  const backfill = migration.slice(migration.indexOf("-- What is already there."));
  await db().execute(sql`truncate report_inquiry_days, report_first_replies, report_replies, report_offer_sales`);
  for (const statement of backfill.split("--> statement-breakpoint")) await db().execute(sql.raw(statement));
}

describe("the reports' history equals the direct queries", () => {
  const periods = [
    "period=today",
    "period=7d",
    "period=30d",
    "period=this-month",
    "period=last-month",
    "period=custom&from=2025-06-15&to=2026-06-15",
    "period=custom&from=2024-12-03&to=2025-02-20",
  ];
  for (const [index, query] of periods.entries()) {
    it(query, async () => {
      // The last periods are read from what the migration's backfill writes.
      if (index === periods.length - 2) await refillFromMigration();
      const { period } = parsePeriod(new URLSearchParams(query), NOW);
      const [fromHistory, reference] = await Promise.all([loadReports(db(), period, NOW), direct(period)]);
      // Days on market: per outcome, this period and the previous one.
      const market = fromHistory.offers.daysOnMarket;
      for (const [outcome, figures] of [
        ["مباع", market.sold],
        ["مؤجر", market.rented],
      ] as const) {
        const now = reference.market.find((row) => row.outcome === outcome && row.current);
        const before = reference.market.find((row) => row.outcome === outcome && !row.current);
        expect([close(figures.median.current), close(figures.average.current), figures.count.current], `${outcome} now`).toEqual([
          close(now?.median),
          close(now?.average),
          now?.n ?? 0,
        ]);
        expect([close(figures.median.previous), close(figures.average.previous), figures.count.previous], `${outcome} before`).toEqual([
          close(before?.median),
          close(before?.average),
          before?.n ?? 0,
        ]);
      }
      // Inquiries: received, from offer pages, a status, the median first reply, per bucket.
      const inquiries = fromHistory.inquiries;
      expect([inquiries.received.current, inquiries.received.previous, inquiries.fromOfferPages.current]).toEqual([
        reference.inquiry.received,
        reference.inquiry.received_before,
        reference.inquiry.from_offer,
      ]);
      expect(inquiries.byStatus.find((s) => s.status === "completed")?.count.current).toBe(reference.inquiry.completed);
      expect([close(inquiries.medianFirstReplyMinutes.current), close(inquiries.medianFirstReplyMinutes.previous)]).toEqual([
        close(reference.inquiry.median_now),
        close(reference.inquiry.median_before),
      ]);
      expect(inquiries.perBucket).toEqual(reference.perBucket);
      // Replies per member (and per member gone), their first replies and their median.
      expect(
        fromHistory.staff.replies.map((r) => [
          r.id,
          r.name,
          r.replies.current,
          r.replies.previous,
          r.firstReplies.current,
          close(r.medianFirstReplyMinutes.current),
          close(r.medianFirstReplyMinutes.previous),
        ]),
      ).toEqual(reference.replies.map((r) => [r.id, r.name, r.n, r.n_before, r.firsts, close(r.median_now), close(r.median_before)]));
    });
  }

  it("has something to compare in the year: sales, rentals, replies by a member gone, first replies", async () => {
    const { period } = parsePeriod(new URLSearchParams("period=custom&from=2025-06-15&to=2026-06-15"), NOW);
    const figures = await loadReports(db(), period, NOW);
    expect(figures.offers.daysOnMarket.sold.count.current).toBeGreaterThan(5);
    expect(figures.offers.daysOnMarket.rented.count.current).toBeGreaterThan(5);
    expect(figures.staff.replies.some((r) => r.id === null)).toBe(true);
    expect(figures.inquiries.medianFirstReplyMinutes.current).not.toBeNull();
    expect(figures.inquiries.received.current).toBeGreaterThan(100);
  });
});
