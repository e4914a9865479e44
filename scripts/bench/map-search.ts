// The map search over the same 100,000 generated offers (issue 18, decision 022), with the app's own code,
// in the search part's scratch database (search.ts): areas of a whole city, a district, a neighbourhood and
// the kingdom, each with the list's filters as people combine them (none, the city, the status, a type, a
// price range, bedrooms, a keyword, a price order):
//   - the markers' query (listMapMarkers: the area, the filters, the first 500 in the list's order):
//     budget p95 ≤ 15 ms;
//   - the whole map view as its loader reads it (loadOffersMapView: the list of the area's page with its
//     count, the markers, the offers without a point): informational;
//   - every statement of a few of them under EXPLAIN ANALYZE, with the indexes used and no sequential scan.
import { drizzle } from "drizzle-orm/node-postgres";
import os from "node:os";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { BUDGET, ms, percentile, report, summary, table } from "./report.ts";
import { MAP_AREA_KINDS, mapWorkload, type BenchMapSearch } from "./search-data.ts";

/** Timed searches of each kind of area (after a warm-up of the whole workload). */
const RUNS_PER_KIND = 160;

type Query = { sql: string; params: unknown[] };

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

export async function measureMapSearch(pool: pg.Pool) {
  const { listMapMarkers, loadOffersMapView, MAP_MARKER_CAP } = await import("~/modules/offer-map/offers-map.server.ts");
  const schema = await import("~/db/schema.ts");
  let captured: Query[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) } });

  const { rows: located } = await pool.query<{ all: string; on_map: string; area: string; recent: string }>(
    `select count(*) as all, count(lat) as on_map, pg_size_pretty(pg_relation_size('offers_map_idx')) as area,
            pg_size_pretty(pg_relation_size('offers_map_recent_idx')) as recent from offers`,
  );
  const { all: offerCount, on_map: onMap, area, recent } = located[0]!;
  console.log(
    `\n  Map search (decision 022): ${onMap} of ${offerCount} offers with a point; offers_map_idx ${area}, offers_map_recent_idx ${recent}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`,
  );

  const workload = mapWorkload(RUNS_PER_KIND);
  for (const search of workload) await loadOffersMapView(db, search.filters); // warm-up, not counted
  const markersByKind = new Map<string, number[]>();
  const viewByKind = new Map<string, number[]>();
  const found = new Map<string, number[]>();
  let capped = 0;
  const slowest: { label: string; markers: number; view: number }[] = [];
  // Interleaved, so a slow moment of the machine falls on every kind alike.
  const order = workload.map((_, i) => i).sort((a, b) => (a % RUNS_PER_KIND) - (b % RUNS_PER_KIND) || a - b);
  for (const i of order) {
    const { kind, filters } = workload[i]!;
    let start = performance.now();
    const markers = await listMapMarkers(db, filters);
    const markersTime = performance.now() - start;
    start = performance.now();
    await loadOffersMapView(db, filters);
    const viewTime = performance.now() - start;
    slowest.push({ label: `${kind}: ${workload[i]!.label}`, markers: markersTime, view: viewTime });
    markersByKind.set(kind, [...(markersByKind.get(kind) ?? []), markersTime]);
    viewByKind.set(kind, [...(viewByKind.get(kind) ?? []), viewTime]);
    found.set(kind, [...(found.get(kind) ?? []), markers.markers.length]);
    if (markers.capped) capped += 1;
  }
  captured = [];

  console.log(
    `  ${RUNS_PER_KIND} map searches of each kind of area, one connection; markers capped at ${MAP_MARKER_CAP} (${capped} of ${workload.length} searches reached the cap):`,
  );
  const rows: string[][] = [];
  const all = { markers: [] as number[], view: [] as number[] };
  for (const kind of MAP_AREA_KINDS) {
    const m = stats(markersByKind.get(kind)!);
    const v = stats(viewByKind.get(kind)!);
    const counts = found.get(kind)!;
    all.markers.push(...markersByKind.get(kind)!);
    all.view.push(...viewByKind.get(kind)!);
    rows.push([kind, `${Math.min(...counts)}-${Math.max(...counts)}`, ms(m.p50), ms(m.p95), ms(m.p99), ms(v.p50), ms(v.p95), ms(v.p99)]);
  }
  const markers = stats(all.markers);
  const view = stats(all.view);
  rows.push(["all", "", ms(markers.p50), ms(markers.p95), ms(markers.p99), ms(view.p50), ms(view.p95), ms(view.p99)]);
  table(["area", "markers", "markers p50", "p95", "p99", "whole view p50", "p95", "p99"], rows, [false, true, true, true, true, true, true, true]);
  console.log(`  (markers: listMapMarkers, the bounding-box query; whole view: loadOffersMapView, the loader's list with its count, markers and offers without a point)`);
  slowest.sort((a, b) => b.markers - a.markers);
  console.log(
    `  slowest markers: ${slowest
      .slice(0, 6)
      .map((s) => `${s.label} ${ms(s.markers)}`)
      .join("; ")}`,
  );
  slowest.sort((a, b) => b.view - a.view);
  console.log(
    `  slowest views: ${slowest
      .slice(0, 6)
      .map((s) => `${s.label} ${ms(s.view)}`)
      .join("; ")}`,
  );
  summary.push({ metric: "map bbox p95, markers", value: ms(markers.p95), budget: `<= ${BUDGET.mapBboxP95Ms} ms`, status: markers.p95 <= BUDGET.mapBboxP95Ms ? "ok" : "over" });
  summary.push({ metric: "map bbox p95, whole map view", value: ms(view.p95), budget: "-", status: "info" });

  // Every statement of a few searches under EXPLAIN ANALYZE: exactly the SQL the app sent.
  const examples: BenchMapSearch[] = [
    workload.find((s) => s.kind === "city" && !s.filters.city && !s.filters.status && !s.filters.keyword && !s.filters.priceSort)!,
    workload.find((s) => s.kind === "district" && s.filters.status && s.filters.minPrice)!,
    workload.find((s) => s.kind === "neighbourhood" && s.filters.bedrooms)!,
    workload.find((s) => s.kind === "district" && s.filters.keyword)!,
    workload.find((s) => s.kind === "kingdom" && s.filters.propertyType)!,
  ].filter(Boolean);
  const indexes = new Set<string>();
  const seqScans: string[] = [];
  for (const example of examples) {
    captured = [];
    await loadOffersMapView(db, example.filters);
    const statements = captured.filter((q) => !/^explain /i.test(q.sql) && !/from pg_class|pg_stats/i.test(q.sql));
    console.log(`\n  ${example.kind}: ${example.label} (bbox=${example.filters.bbox}): ${statements.length} statements`);
    for (const statement of statements) {
      const { rows: plan } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
      console.log(`  SQL: ${statement.sql.replace(/\s+/g, " ")}`);
      console.log(`  params: ${JSON.stringify(statement.params)}`);
      console.log(text.replace(/^/gm, "    "));
      for (const match of text.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/g)) indexes.add(match[1] ?? match[2]!);
      for (const match of text.matchAll(/Seq Scan on (\S+)/g)) if (match[1] !== "search_vocabulary") seqScans.push(`${match[1]} (${example.kind})`);
    }
  }
  console.log(`\n  map search: indexes in the plans: ${[...indexes].sort().join(", ")}`);
  console.log(`  map search: sequential scans: ${seqScans.length ? seqScans.join(", ") : "none"}`);
  summary.push({ metric: "map bbox plans: sequential scans", value: String(seqScans.length), budget: "0", status: seqScans.length ? "over" : "ok" });
  report.mapSearch = { runsPerKind: RUNS_PER_KIND, markers, view, capped, indexes: [...indexes].sort(), seqScans, loadAverage: os.loadavg()[0] };
}
