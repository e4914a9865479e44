// Keyword + filter search over 100,000 generated offers, with the app's own code (issue 17, decision 002):
//   1. listOffers, as /offers calls it, against a database of the bench server's PostgreSQL filled by
//      search-data.ts: one-word, three-word, typo and no-result keywords, each with the list's filters,
//      p50/p95/p99 per kind (budget p95 ≤ 10 ms, p99 ≤ 25 ms); then every statement one search of
//      each kind sends, under EXPLAIN ANALYZE, with the indexes they use (and no sequential scan);
//   2. the header overlay's request, GET /api/search?q=, of the running server, with the same
//      offers added to its database (removed afterwards): budget p95 ≤ 15 ms;
//   3. the map search's bounding-box query on the same scratch database (map-search.ts): budget p95 ≤ 15 ms.
import { drizzle } from "drizzle-orm/node-postgres";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { measureMapSearch } from "./map-search.ts";
import { BUDGET, heading, ms, percentile, report, summary, table } from "./report.ts";
import { generateOffers, OVERLAY_QUERIES, QUERY_KINDS, removeGeneratedOffers, SEARCH_ROWS, searchWorkload, type BenchSearch } from "./search-data.ts";
import { timedPage, withScratchDatabase, type BenchServer } from "./server.ts";

const SEARCH_DB = "bench_search";
/** Timed searches of each kind (after a warm-up of the whole workload). */
const RUNS_PER_KIND = 240;
/** Timed overlay requests per query (after one untimed). */
const OVERLAY_RUNS = 20;

type Query = { sql: string; params: unknown[] };

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

function describe(filters: BenchSearch["filters"]): string {
  const { keyword, page: _page, ...rest } = filters;
  const parts = Object.entries(rest).map(([key, value]) => `${key}=${value}`);
  return `'${keyword}'${parts.length ? ` + ${parts.join(", ")}` : ""}`;
}

export async function measureSearch(server: BenchServer) {
  heading(`Keyword + filter search over ${SEARCH_ROWS.toLocaleString("en")} generated offers`);
  await measureListOffers(server);
  await measureOverlay(server);
}

async function measureListOffers(server: BenchServer) {
  const { listOffers } = await import("~/modules/offers/offers.server.ts");
  const schema = await import("~/db/schema.ts");
  await withScratchDatabase(server, SEARCH_DB, async (pool) => {
    const t = performance.now();
    await generateOffers(pool);
    console.log(`  migrations + ${SEARCH_ROWS.toLocaleString("en")} offers (3-5 photos each) generated, vacuumed and analyzed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const { rows: sizes } = await pool.query<{ name: string; size: string }>(
      `select relname as name, pg_size_pretty(pg_relation_size(oid)) as size from pg_class
       where relname in ('offers', 'offers_search_all_idx', 'offers_search_head_idx', 'offers_search_recent_idx', 'offers_search_city_idx', 'search_vocabulary',
         'offer_search_postings', 'offer_search_postings_walk_idx', 'offer_search_postings_id_stem_pk') order by relname`,
    );
    console.log(`  sizes: ${sizes.map((r) => `${r.name} ${r.size}`).join(", ")}`);
    const { rows: sample } = await pool.query<{ title: string; city: string; status: string; price: string }>("select title, city, status, price from offers order by id limit 3");
    for (const row of sample) console.log(`    e.g. ${row.title} — ${row.city} — ${row.status} — ${row.price} ريال`);

    // The app's own query code (drizzle) on the generated data, its statements captured.
    let captured: Query[] = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) } });
    const workload = searchWorkload(RUNS_PER_KIND);
    for (const search of workload) await listOffers(db, search.filters); // warm-up, not counted
    const byKind = new Map<string, { times: number[]; totals: number[] }>();
    const byQuery = new Map<string, { kind: string; times: number[]; totals: number[]; suggestion?: string }>();
    // Interleaved, so a slow moment of the machine falls on every kind alike.
    const order = workload.map((_, i) => i).sort((a, b) => (a % RUNS_PER_KIND) - (b % RUNS_PER_KIND) || a - b);
    for (const i of order) {
      const { kind, filters } = workload[i]!;
      const start = performance.now();
      const result = await listOffers(db, filters);
      const elapsed = performance.now() - start;
      const k = byKind.get(kind) ?? { times: [], totals: [] };
      k.times.push(elapsed);
      k.totals.push(result.total);
      byKind.set(kind, k);
      const q = byQuery.get(filters.keyword!) ?? { kind, times: [], totals: [], suggestion: result.suggestion };
      q.times.push(elapsed);
      q.totals.push(result.total);
      byQuery.set(filters.keyword!, q);
    }
    captured = [];

    console.log(`\n  ${RUNS_PER_KIND} searches of each kind (with none, one or several of the filters: city, status, price range, bedrooms), first page of 24, one connection:`);
    table(
      ["keyword", "kind", "searches", "matches (min-max)", "«هل تقصد»", "median", "max"],
      [...byQuery.entries()].map(([keyword, e]) => {
        const s = stats(e.times);
        return [keyword, e.kind, String(e.times.length), `${Math.min(...e.totals)}-${Math.max(...e.totals)}`, e.suggestion ?? "", ms(s.p50), ms(s.max)];
      }),
      [false, false, true, true, false, true, true],
    );
    console.log("");
    const kinds: Record<string, ReturnType<typeof stats>> = {};
    table(
      ["kind", "searches", "p50", "p95", "p99", "max"],
      QUERY_KINDS.map((kind) => {
        const s = stats(byKind.get(kind)!.times);
        kinds[kind] = s;
        return [kind, String(byKind.get(kind)!.times.length), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
      }),
      [false, true, true, true, true, true],
    );
    console.log("  (time in listOffers: every statement it sends, with the driver's round trips)");
    for (const kind of QUERY_KINDS) {
      const s = kinds[kind]!;
      summary.push({ metric: `search p95, ${kind}`, value: ms(s.p95), budget: `<= ${BUDGET.searchP95Ms} ms`, status: s.p95 <= BUDGET.searchP95Ms ? "ok" : "over" });
      summary.push({ metric: `search p99, ${kind}`, value: ms(s.p99), budget: `<= ${BUDGET.searchP99Ms} ms`, status: s.p99 <= BUDGET.searchP99Ms ? "ok" : "over" });
    }

    // Informational: the same one-word searches in a chosen price order (no ranking: matched, then sorted by price).
    const priced = workload.filter((search) => search.kind === "one word").map((search, i) => ({ ...search.filters, priceSort: (["low", "high", "perM2"] as const)[i % 3] }));
    const pricedTimes: number[] = [];
    for (const filters of priced) {
      const start = performance.now();
      await listOffers(db, filters);
      pricedTimes.push(performance.now() - start);
    }
    const p = stats(pricedTimes);
    console.log(`\n  informational: the ${pricedTimes.length} one-word searches in a price order (low, high, per m²): p50 ${ms(p.p50)}   p95 ${ms(p.p95)}   p99 ${ms(p.p99)}`);
    summary.push({ metric: "search p95, one word in a price order", value: ms(p.p95), budget: "-", status: "info" });
    captured = [];

    // Every statement of one search of each kind under EXPLAIN ANALYZE: exactly the SQL the app sent.
    const indexes = new Set<string>();
    const seqScans: string[] = [];
    const smallScans: string[] = [];
    const examples: BenchSearch[] = [
      { kind: "one word", filters: { keyword: "شقق", city: "الرياض", status: "للبيع", page: 1 } },
      { kind: "one word", filters: { keyword: "النرجس", city: "الرياض", page: 1 } },
      { kind: "three words", filters: { keyword: "فيلا للبيع جدة", page: 1 } },
      { kind: "typo", filters: { keyword: "النرجص", city: "الرياض", page: 1 } },
      { kind: "no result", filters: { keyword: "قصر ملكي", status: "للإيجار", page: 1 } },
    ];
    for (const example of examples) {
      captured = [];
      await listOffers(db, example.filters);
      const statements = captured.filter((q) => !/^explain /i.test(q.sql) && !/from pg_class/i.test(q.sql));
      console.log(`\n  ${example.kind}: ${describe(example.filters)}: ${statements.length} statements`);
      for (const statement of statements) {
        const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        console.log(`  SQL: ${statement.sql.replace(/\s+/g, " ")}`);
        console.log(`  params: ${JSON.stringify(statement.params)}`);
        console.log(plan.replace(/^/gm, "    "));
        for (const match of plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/g)) indexes.add(match[1] ?? match[2]!);
        // search_vocabulary is a few hundred words on a page or two, where reading it whole is its cheapest read.
        for (const match of plan.matchAll(/Seq Scan on (\S+)/g)) (match[1] === "search_vocabulary" ? smallScans : seqScans).push(`${match[1]} (${example.kind})`);
      }
    }
    console.log(`\n  indexes in the plans: ${[...indexes].sort().join(", ")}`);
    console.log(`  sequential scans of offers: ${seqScans.length ? seqScans.join(", ") : "none"}${smallScans.length ? `; of the vocabulary: ${smallScans.join(", ")}` : ""}`);
    summary.push({ metric: "search plans: sequential scans of offers", value: String(seqScans.length), budget: "0", status: seqScans.length ? "over" : "ok" });
    report.search = { rows: SEARCH_ROWS, runsPerKind: RUNS_PER_KIND, kinds, priceOrder: p, indexes: [...indexes].sort(), seqScans };

    await measureMapSearch(pool);
  });
}

/** GET /api/search?q= of the bench server, with the generated offers added to its database. */
async function measureOverlay(server: BenchServer) {
  const client = new pg.Client({ connectionString: await server.databaseUrl() });
  await client.connect();
  try {
    await removeGeneratedOffers(client); // a run stopped halfway left them
    const t = performance.now();
    await generateOffers(client);
    console.log(`\n  the same ${SEARCH_ROWS.toLocaleString("en")} offers added to the server's own database in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const rows: string[][] = [];
    const all: number[] = [];
    for (const q of OVERLAY_QUERIES) {
      const path = `/api/search?q=${encodeURIComponent(q)}`;
      await timedPage(server, path, "");
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < OVERLAY_RUNS; i++) {
        const result = await timedPage(server, path, "");
        times.push(result.elapsed);
        bytes = result.bytes;
      }
      all.push(...times);
      const s = stats(times);
      rows.push([q, `${bytes} B`, ms(s.p50), ms(s.p95), ms(s.max)]);
    }
    console.log(`  GET /api/search?q= (the header overlay: its JSON, whole request over HTTP), ${OVERLAY_RUNS} requests per query, one at a time:`);
    table(["q", "answer", "p50", "p95", "max"], rows, [false, true, true, true, true]);
    const overall = stats(all);
    console.log(`\n  all ${all.length} requests: p50 ${ms(overall.p50)}   p95 ${ms(overall.p95)}   p99 ${ms(overall.p99)}   max ${ms(overall.max)}`);
    summary.push({
      metric: "overlay GET /api/search p95",
      value: ms(overall.p95),
      budget: `<= ${BUDGET.overlayP95Ms} ms`,
      status: overall.p95 <= BUDGET.overlayP95Ms ? "ok" : "over",
    });
    report.searchOverlay = { runsPerQuery: OVERLAY_RUNS, overall };
  } finally {
    await removeGeneratedOffers(client).catch((e) => console.error(`could not remove the generated offers: ${e}`));
    await client.end();
  }
}
