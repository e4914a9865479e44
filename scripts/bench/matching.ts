// Clients' requirements matched to one offer (issue 32, decision 050), with the app's own code:
// 100,000 generated offers (search-data.ts) and 10,000 requirements of 1,000 clients in a scratch
// database of the bench server's PostgreSQL; for 500 offers for sale or rent, the time to read the
// offer and find the active requirements it satisfies (offerForMatching + matchingRequirements, one
// connection): median and p95, budget p95 ≤ 20 ms. Then the match under EXPLAIN ANALYZE, with the
// indexes it uses and no sequential scan of client_requirements.
import { drizzle } from "drizzle-orm/node-postgres";
import { performance } from "node:perf_hooks";
import { BUDGET, heading, ms, percentile, summary } from "./report.ts";
import { generateOffers } from "./search-data.ts";
import { withScratchDatabase, type BenchServer } from "./server.ts";

const MATCHING_DB = "bench_matching";
const REQUIREMENTS = 10_000;
const CLIENTS = 1_000;
const TIMED_OFFERS = 500;

export async function measureMatching(server: BenchServer) {
  heading(`Clients' requirements matched to one offer: ${REQUIREMENTS.toLocaleString("en")} requirements, 100,000 offers`);
  const { matchingRequirements, offerForMatching, satisfiedBy } = await import("~/modules/client-requirements/match-rule.server.ts");
  const schema = await import("~/db/schema.ts");
  await withScratchDatabase(server, MATCHING_DB, async (pool) => {
    let t = performance.now();
    await generateOffers(pool);
    console.log(`  migrations + 100,000 offers generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await pool.query("select setseed(0.7)");
    const { rows: range } = await pool.query<{ min: number; max: number }>("select min(id) as min, max(id) as max from offers");
    await pool.query(`insert into clients (name) select 'عميل ' || g from generate_series(1, $1::int) g`, [CLIENTS]);
    // Each requirement is drawn around a random offer (as a client asks for what is on the market):
    // its purpose, its type and sometimes another, its city (seven in ten) and neighbourhood (four in
    // ten of those), a budget around its yearly amount, and sometimes rooms and an area range; one
    // in ten paused.
    await pool.query(
      `insert into client_requirements (client_id, purpose, property_types, cities, neighbourhoods, budget_min, budget_max, rooms_min, area_min, area_max, active)
       select 1 + (g % $2::int),
              case when o.is_rent then 'rent' else 'sale' end,
              case when r1 < 0.5 then array[o.property_type] else array[o.property_type, (array['شقة', 'فيلا', 'أرض', 'دوبلكس', 'دور'])[1 + floor(r2 * 5)::int]] end,
              case when r2 < 0.7 then array[o.city] else '{}' end,
              case when r2 < 0.28 then array[o.city || '/' || o.location] else '{}' end,
              case when r3 < 0.8 then (o.yearly_price * (0.6 + r1 * 0.3))::bigint end,
              case when r3 < 0.9 then (o.yearly_price * (1.05 + r2 * 0.4))::bigint end,
              case when r1 < 0.5 and o.bedrooms > 0 then greatest(1, o.bedrooms - 1) end,
              case when r3 < 0.4 then round((o.area * 0.7)::numeric)::float8 end,
              case when r3 < 0.3 then round((o.area * 1.4)::numeric)::float8 end,
              r3 > 0.1 or r1 > 0.5
       from (select g, $3::int + floor(random() * ($4::int - $3::int + 1))::int as offer_id, random() as r1, random() as r2, random() as r3
             from generate_series(1, $1::int * 2) g) picks
       join offers o on o.id = picks.offer_id and o.status in ('للبيع', 'للإيجار')
       limit $1::int`,
      [REQUIREMENTS, CLIENTS, range[0]!.min, range[0]!.max],
    );
    await pool.query("vacuum analyze client_requirements, clients");
    const { rows: counts } = await pool.query<{ n: number; active: number }>("select count(*)::int as n, count(*) filter (where active)::int as active from client_requirements");
    console.log(
      `  ${counts[0]!.n.toLocaleString("en")} requirements (${counts[0]!.active.toLocaleString("en")} active) of ${CLIENTS.toLocaleString("en")} clients generated in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const db = drizzle(pool, { schema });
    const { rows: picked } = await pool.query<{ id: number }>(`select id from offers where status in ('للبيع', 'للإيجار') order by hashtext(id::text) limit $1`, [TIMED_OFFERS]);
    const matchOne = async (id: number) => matchingRequirements(db, (await offerForMatching(db, id))!);
    for (const { id } of picked.slice(0, 50)) await matchOne(id); // warm-up, not counted
    const times: number[] = [];
    const found: number[] = [];
    for (const { id } of picked) {
      const start = performance.now();
      const matches = await matchOne(id);
      times.push(performance.now() - start);
      found.push(matches.length);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const byCount = [...found].sort((a, b) => a - b);
    console.log(
      `  ${TIMED_OFFERS} offers, one connection (read the offer, then its requirements): median ${ms(p50)}   p95 ${ms(p95)}   max ${ms(sorted.at(-1)!)}; requirements matched per offer: median ${percentile(byCount, 50)}, max ${byCount.at(-1)}`,
    );
    summary.push({ metric: "requirements matched to one offer, median", value: ms(p50), budget: "-", status: "info" });
    summary.push({ metric: "requirements matched to one offer, p95", value: ms(p95), budget: `<= ${BUDGET.matchP95Ms} ms`, status: p95 <= BUDGET.matchP95Ms ? "ok" : "over" });

    // The plan of one match, the SQL the app sends with the offer's values.
    const offer = (await offerForMatching(db, picked[0]!.id))!;
    const query = db.select({ id: schema.clientRequirements.id, clientId: schema.clientRequirements.clientId }).from(schema.clientRequirements).where(satisfiedBy(offer)).toSQL();
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
    const plan = rows.map((r) => r["QUERY PLAN"]);
    console.log(`\n  EXPLAIN ANALYZE of the match for offer ${offer.id} (${offer.isRent ? "rent" : "sale"}, ${offer.propertyType}, ${offer.city}):`);
    for (const line of plan) console.log(`    ${line}`);
    const indexes = [...new Set(plan.join("\n").match(/client_requirements_\w+_idx/g) ?? [])];
    const seqScan = plan.some((line) => /Seq Scan on client_requirements/.test(line));
    console.log(`  indexes used: ${indexes.join(", ") || "none"}; sequential scan of client_requirements: ${seqScan ? "YES" : "no"}`);
    summary.push({ metric: "requirements match uses an index", value: indexes.join(", ") || "none", budget: "no seq scan", status: seqScan || !indexes.length ? "over" : "ok" });
  });
}
