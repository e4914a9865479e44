// The reports page over 100,000 offers and 50,000 inquiries (issue 15: under 300 ms of server time),
// with the app's own code:
//   1. loadReports, as the page's loader calls it (every figure, its queries in parallel), against
//      a fresh database of the bench server's PostgreSQL filled by reports-data.ts, for each period
//      of the picker (today, 7 and 30 days, this and last month, a custom year); p50/p95 per period;
//      each query timed alone, and EXPLAIN ANALYZE of the slowest with the indexes it uses;
//   2. the real page GET /admin/reports of the running server, signed in through a session row as
//      the e2e tests do, after the same rows were added to its database (removed afterwards).
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { BUDGET, heading, ms, percentile, report, summary, table } from "./report.ts";
import { generateReportData, removeReportData, REPORT_INQUIRIES, REPORT_OFFERS } from "./reports-data.ts";
import { sessionCookie, timedPage, withScratchDatabase, type BenchServer } from "./server.ts";

const REPORTS_DB = "bench_reports";
/** Timed calls per period (after 3 untimed ones). */
const RUNS = 30;
/** Timed page loads per period over HTTP. */
const HTTP_RUNS = 15;

type Query = { sql: string; params: unknown[] };

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

/** The periods of the picker, as the address gives them. */
function periods(now: Date) {
  const year = new Date(now.getTime() - 365 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
  const today = new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  return [
    { name: "today", query: "period=today" },
    { name: "last 7 days", query: "period=7d" },
    { name: "last 30 days (default)", query: "period=30d" },
    { name: "this month", query: "period=this-month" },
    { name: "last month", query: "period=last-month" },
    { name: "custom, a year", query: `period=custom&from=${year}&to=${today}` },
  ];
}

export async function measureReports(server: BenchServer) {
  heading(`Reports page over ${REPORT_OFFERS.toLocaleString("en")} offers and ${REPORT_INQUIRIES.toLocaleString("en")} inquiries`);
  await measureLoadReports(server);
  // BENCH_REPORTS_HTTP=0 measures loadReports alone (the page over HTTP fills the server's own database again, minutes more).
  if (process.env.BENCH_REPORTS_HTTP !== "0") await measureReportsPage(server);
}

async function measureLoadReports(server: BenchServer) {
  const { loadReports } = await import("~/modules/reports/reports.server.ts");
  const { parsePeriod } = await import("~/modules/reports/period.ts");
  const schema = await import("~/db/schema.ts");
  await withScratchDatabase(server, REPORTS_DB, async (pool) => {
    const t = performance.now();
    await generateReportData(pool);
    const { rows: sizes } = await pool.query<{ name: string; n: number }>(
      `select 'offers' as name, count(*)::int as n from offers union all select 'inquiries', count(*)::int from inquiries
     union all select 'audit entries', count(*)::int from audit_log union all select 'tasks', count(*)::int from tasks
     union all select 'submissions', count(*)::int from submissions union all select 'transactions', count(*)::int from transactions`,
    );
    console.log(`  generated in ${((performance.now() - t) / 1000).toFixed(1)} s: ${sizes.map((r) => `${r.n.toLocaleString("en")} ${r.name}`).join(", ")}`);

    let captured: Query[] = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) } });
    const now = new Date();
    const rows: string[][] = [];
    const all: number[] = [];
    const perPeriod: Array<{ name: string; p50: number; p95: number; queries: Query[] }> = [];
    for (const view of periods(now)) {
      const { period } = parsePeriod(new URLSearchParams(view.query), now);
      for (let i = 0; i < 3; i++) await loadReports(db, period, now); // warm-up, not counted
      captured = [];
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await loadReports(db, period, now);
        times.push(performance.now() - start);
      }
      captured = [];
      await loadReports(db, period, now);
      const queries = captured;
      captured = [];
      const { p50, p95, max } = stats(times);
      all.push(...times);
      perPeriod.push({ name: view.name, p50, p95, queries });
      rows.push([view.name, `${period.from} – ${period.to}`, ms(p50), ms(p95), ms(max)]);
    }
    console.log(`\n  loadReports (the page's loader: ${perPeriod[0]!.queries.length} queries in parallel on a pool of 10), ${RUNS} calls per period:`);
    table(["period", "days", "p50", "p95", "max"], rows, [false, false, true, true, true]);
    const overall = stats(all);
    const slowest = perPeriod.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\n  all ${all.length} calls: p50 ${ms(overall.p50)}   p95 ${ms(overall.p95)}   max ${ms(overall.max)}   slowest period: ${slowest.name} (p95 ${ms(slowest.p95)})`);
    summary.push({ metric: "reports loader p50 (100k offers, 50k inquiries)", value: ms(overall.p50), budget: "-", status: "info" });
    summary.push({
      metric: `reports loader slowest period p95 (${slowest.name})`,
      value: ms(slowest.p95),
      budget: `< ${BUDGET.reportsPageMs} ms`,
      status: slowest.p95 < BUDGET.reportsPageMs ? "ok" : "over",
    });

    // Each query of the slowest period alone (10 runs, median), then EXPLAIN ANALYZE of the slowest one.
    const timed: Array<{ query: Query; p50: number }> = [];
    for (const query of slowest.queries) {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        await pool.query(query.sql, query.params);
        times.push(performance.now() - start);
      }
      timed.push({ query, p50: stats(times).p50 });
    }
    timed.sort((a, b) => b.p50 - a.p50);
    console.log(`\n  the queries of "${slowest.name}" one at a time (median of 10), slowest first:`);
    table(
      ["p50", "query"],
      timed.map((t) => [ms(t.p50), t.query.sql.replace(/\s+/g, " ").slice(0, 110)]),
      [true, false],
    );
    const worst = timed[0]!;
    // The slowest two: the second tells whether the first is alone in its cost.
    for (const [rank, { query, p50 }] of timed.slice(0, 2).entries()) {
      console.log(`\n  EXPLAIN ANALYZE of the ${rank === 0 ? "slowest" : "second slowest"} query (${ms(p50)}):`);
      console.log(`  SQL: ${query.sql.replace(/\s+/g, " ")}`);
      console.log(`  params: ${JSON.stringify(query.params)}`);
      const { rows: plan } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
      console.log(
        plan
          .map((r) => r["QUERY PLAN"])
          .join("\n")
          .replace(/^/gm, "    "),
      );
    }
    const indexes = new Set<string>();
    for (const { query } of timed) {
      const { rows: lines } = await pool.query<{ "QUERY PLAN": string }>(`explain ${query.sql}`, query.params);
      for (const { "QUERY PLAN": line } of lines) {
        const match = /Index (?:Only )?Scan(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/.exec(line);
        if (match) indexes.add(match[1] ?? match[2]!);
      }
    }
    console.log(`\n  indexes in the plans: ${[...indexes].sort().join(", ") || "none"}`);
    report.reports = {
      offers: REPORT_OFFERS,
      inquiries: REPORT_INQUIRIES,
      runsPerPeriod: RUNS,
      overall,
      periods: perPeriod.map(({ name, p50, p95 }) => ({ name, p50, p95 })),
      slowestQuery: { sql: worst.query.sql, p50: worst.p50 },
      indexes: [...indexes].sort(),
    };
  });
}

/** GET /admin/reports of the bench server, as a manager, with the same rows added to its database. */
async function measureReportsPage(server: BenchServer) {
  const client = new pg.Client({ connectionString: await server.databaseUrl() });
  await client.connect();
  try {
    await removeReportData(client); // a run stopped halfway left them
    const staff = await generateReportData(client);
    const cookie = await sessionCookie(client, staff.managers[0]!);
    const load = (path: string) => timedPage(server, path, cookie);
    const rows: string[][] = [];
    const all: number[] = [];
    let worst = { name: "", p95: 0 };
    for (const view of periods(new Date())) {
      const path = `/admin/reports?${view.query}`;
      for (let i = 0; i < 3; i++) await load(path); // warm-up
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < HTTP_RUNS; i++) {
        const result = await load(path);
        times.push(result.elapsed);
        bytes = result.bytes;
      }
      all.push(...times);
      const { p50, p95, max } = stats(times);
      if (p95 > worst.p95) worst = { name: view.name, p95 };
      rows.push([view.name, `${(bytes / 1024).toFixed(0)} KiB`, ms(p50), ms(p95), ms(max)]);
    }
    console.log(`\n  GET /admin/reports over HTTP (the whole server-rendered page: guard, loader, render), ${HTTP_RUNS} loads per period, one at a time:`);
    table(["period", "html", "p50", "p95", "max"], rows, [false, true, true, true, true]);
    const overall = stats(all);
    console.log(`\n  all ${all.length} loads: p50 ${ms(overall.p50)}   p95 ${ms(overall.p95)}   max ${ms(overall.max)}`);
    summary.push({ metric: "GET /admin/reports p50", value: ms(overall.p50), budget: "-", status: "info" });
    summary.push({
      metric: `GET /admin/reports p95 (slowest period: ${worst.name})`,
      value: ms(worst.p95),
      budget: `< ${BUDGET.reportsPageMs} ms`,
      status: worst.p95 < BUDGET.reportsPageMs ? "ok" : "over",
    });
    report.reportsPage = { runsPerPeriod: HTTP_RUNS, overall, slowest: worst };
  } finally {
    await removeReportData(client).catch((e) => console.error(`could not remove the generated report data: ${e}`));
    await client.end();
  }
}
