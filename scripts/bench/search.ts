// Keyword + filter search over 100,000 generated offers, with the app's own code: a database of the
// bench server's PostgreSQL, opened and migrated by openDatabase, filled by search-data.ts, then
// searched by listOffers (budget p95 ≤ 10 ms), with the plan of one query.
import { drizzle } from "drizzle-orm/node-postgres";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { BUDGET, heading, ms, percentile, report, summary, table } from "./report.ts";
import { generateOffers, SEARCH_ROWS, searchWorkload } from "./search-data.ts";
import type { BenchServer } from "./server.ts";

const SEARCH_DB = "bench_search";

export async function measureSearch(server: BenchServer) {
  heading(`Keyword + filter search over ${SEARCH_ROWS.toLocaleString("en")} generated offers`);
  const { openDatabase } = await import("~/db/client.server.ts");
  const { listOffers } = await import("~/modules/offers/offers.server.ts");
  const schema = await import("~/db/schema.ts");
  const admin = new pg.Client({ connectionString: await server.databaseUrl("postgres") });
  await admin.connect();
  let created = false;
  try {
    await admin.query(`drop database if exists ${SEARCH_DB} with (force)`);
    await admin.query(`create database ${SEARCH_DB}`);
    created = true;

    // The app's own connection and migrations, as at its start.
    const t = performance.now();
    const database = await openDatabase({ databaseUrl: await server.databaseUrl(SEARCH_DB), dataDir: server.dataDir, embeddedPort: server.pgPort });
    try {
      await generateOffers(database.pool);
      console.log(`  migrations + ${SEARCH_ROWS.toLocaleString("en")} offers (3-5 photos each) generated and analyzed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const { rows: sample } = await database.pool.query<{ title: string; city: string; status: string; price: string }>(
        "select title, city, status, price from offers order by id limit 3",
      );
      for (const row of sample) console.log(`    e.g. ${row.title} — ${row.city} — ${row.status} — ${row.price} ريال`);

      // Run the app's own query code (drizzle) against the generated data, capturing its SQL.
      let lastQuery: { sql: string; params: unknown[] } | undefined;
      const db = drizzle(database.pool, { schema, logger: { logQuery: (sql: string, params: unknown[]) => (lastQuery = { sql, params }) } });
      const workload = searchWorkload(240);
      for (const filters of workload.slice(0, 24)) await listOffers(db, filters); // warm-up, not counted
      const timings: number[] = [];
      const byKeyword = new Map<string, { times: number[]; totals: number[] }>();
      for (const filters of workload) {
        const start = performance.now();
        const result = await listOffers(db, filters);
        const elapsed = performance.now() - start;
        timings.push(elapsed);
        const entry = byKeyword.get(filters.keyword!) ?? { times: [], totals: [] };
        entry.times.push(elapsed);
        entry.totals.push(result.total);
        byKeyword.set(filters.keyword!, entry);
      }
      const sorted = [...timings].sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      const p95 = percentile(sorted, 95);
      const max = sorted[sorted.length - 1]!;
      console.log(`  ${timings.length} searches (keyword + city and/or status, first page of 24, newest first), one connection:`);
      table(
        ["keyword", "searches", "matches (min-max)", "median", "max"],
        [...byKeyword.entries()].map(([keyword, e]) => {
          const times = [...e.times].sort((a, b) => a - b);
          return [keyword, String(e.times.length), `${Math.min(...e.totals)}-${Math.max(...e.totals)}`, ms(percentile(times, 50)), ms(times[times.length - 1]!)];
        }),
        [false, true, true, true, true],
      );
      console.log(`\n  p50 ${ms(p50)}   p95 ${ms(p95)}   max ${ms(max)}   (time in listOffers, including the driver round trip)`);
      summary.push({ metric: "search p50", value: ms(p50), budget: "-", status: "info" });
      summary.push({
        metric: "search p95",
        value: ms(p95),
        budget: `<= ${BUDGET.searchP95Ms} ms`,
        status: p95 <= BUDGET.searchP95Ms ? "ok" : "over",
      });
      summary.push({ metric: "search max", value: ms(max), budget: "-", status: "info" });

      // EXPLAIN ANALYZE of one typical query: exactly the SQL the app sent.
      await listOffers(db, { keyword: "النرجس", city: "الرياض", status: "للإيجار", page: 1 });
      if (lastQuery) {
        const { rows } = await database.pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${lastQuery.sql}`, lastQuery.params);
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        console.log(`\n  EXPLAIN ANALYZE for keyword 'النرجس', city 'الرياض', status 'للإيجار':`);
        console.log(`  SQL: ${lastQuery.sql}`);
        console.log(`  params: ${JSON.stringify(lastQuery.params)}`);
        console.log(plan.replace(/^/gm, "    "));
        const usesTrigram = plan.includes("offers_search_trgm_idx");
        console.log(`  trigram index (offers_search_trgm_idx) used: ${usesTrigram ? "yes" : "NO"}`);
        summary.push({ metric: "search uses trigram index", value: usesTrigram ? "yes" : "no", budget: "yes", status: usesTrigram ? "ok" : "over" });
      }
      report.search = { rows: SEARCH_ROWS, searches: timings.length, p50, p95, max };
    } finally {
      await database.close();
    }
  } finally {
    if (created) await admin.query(`drop database if exists ${SEARCH_DB} with (force)`).catch((e) => console.error(`could not drop ${SEARCH_DB}: ${e}`));
    await admin.end();
  }
}
