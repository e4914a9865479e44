// /offers as the server renders it when the page cache cannot answer (a signed-in staff member, the
// first visit after a change): its HTML's size at a full page of 24 cards, where the bytes go, and
// the server's CPU time per render (issue 28: ≤ 100 KB of HTML, ≤ 8 ms of CPU); then the same CPU
// figure for the home page and an offer's page.
//   1. Copies of the demo offers in an available status (with their photos) are added until the
//      first page holds 24 cards (and its «recently sold or rented» section its own); they are
//      removed afterwards.
//   2. The page is fetched with a cookie the page cache never answers (decision 020), first to read
//      its parts (the router's data, inline scripts, the cards, the filters, header, footer, the
//      icon sprite), then RENDERS times in a row, reading the serving process's CPU time before and
//      after (/proc/<pid>/stat: user + system, in clock ticks of 10 ms, so over 200 renders the
//      figure is good to a twentieth of a millisecond, and it does not grow with the machine's load
//      as wall time does).
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { BUDGET, heading, kib, ms, percentile, report, summary, table } from "./report.ts";
import type { BenchServer } from "./server.ts";

const CARDS = 24;
const RENDERS = 200;
/** Never a session, but the page cache does not answer a request that carries one (decision 020). */
const UNCACHED = { cookie: "__Host-aqar-session=bench-not-a-session", "accept-encoding": "identity" };

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The page's bytes by part, each part's matches taken out before the next is looked for. */
function htmlParts(html: string): { part: string; bytes: number; count: number }[] {
  const bytes = (s: string) => Buffer.byteLength(s);
  let rest = html;
  const parts: { part: string; bytes: number; count: number }[] = [];
  const take = (part: string, pattern: RegExp) => {
    const found = rest.match(pattern) ?? [];
    for (const match of found) rest = rest.replace(match, "");
    parts.push({ part, bytes: found.reduce((sum, match) => sum + bytes(match), 0), count: found.length });
  };
  take("router data (loaders' JSON)", /<script[^>]*>window\.__reactRouterContext[\s\S]*?<\/script>/g);
  take("other inline scripts", /<script[^>]*>[\s\S]*?<\/script>/g);
  take("inline styles", /<style[^>]*>[\s\S]*?<\/style>/g);
  take("cards", /<article[\s\S]*?<\/article>/g);
  take("  of which photos (<picture>)", /<picture[\s\S]*?<\/picture>/g);
  take("filters form", /<form[\s\S]*?<\/form>/g);
  take("header", /<header[\s\S]*?<\/header>/g);
  take("footer", /<footer[\s\S]*?<\/footer>/g);
  take("head", /<head>[\s\S]*?<\/head>/g);
  take("icon sprite", /<svg aria-hidden="true" class="hidden">[\s\S]*?<\/svg>/g);
  parts.push({ part: "the rest", bytes: bytes(rest), count: 1 });
  // The cards' photos were taken out of the page before the cards were measured: put them back.
  const photos = parts.find((p) => p.part.includes("photos"))!;
  const cards = parts.find((p) => p.part === "cards")!;
  photos.bytes =
    (html.match(/<article[\s\S]*?<\/article>/g) ?? [])
      .join("")
      .match(/<picture[\s\S]*?<\/picture>/g)
      ?.reduce((s, m) => s + bytes(m), 0) ?? 0;
  photos.count = cards.count;
  return parts;
}

async function addCards(client: pg.Client, needed: number): Promise<number[]> {
  if (needed <= 0) return [];
  const { rows: columns } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_name = 'offers' and is_generated = 'NEVER' and identity_generation is null and column_name <> 'created_at'`,
  );
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  const { rows } = await client.query<{ id: number }>(
    `with source as (
       select id, row_number() over (order by created_at desc) as n from offers
        where status in (select name from offer_statuses where visibility = 'available')
     )
     insert into offers (${list}, created_at)
     select ${columns.map((c) => (c.name === "title" ? `o.title || ' ' || g.i` : `o."${c.name}"`)).join(", ")}, now() - make_interval(days => 400 + g.i)
       from generate_series(1, $1) as g(i)
       join source s on s.n = 1 + (g.i - 1) % (select count(*) from source)
       join offers o on o.id = s.id
     returning id`,
    [needed],
  );
  const ids = rows.map((r) => r.id);
  // Each copy gets the photos of an offer that has some, so every card shows one as the real ones do.
  await client.query(
    `insert into offer_images (offer_id, image_id, position)
     select c.id, i.image_id, i.position
       from unnest($1::int[]) with ordinality as c(id, n)
       join lateral (select offer_id from offer_images group by offer_id order by offer_id offset ((c.n - 1) % (select count(distinct offer_id) from offer_images)) limit 1) p on true
       join offer_images i on i.offer_id = p.offer_id`,
    [ids],
  );
  return ids;
}

/** The cards of the list itself (not those of its «recently sold or rented» section). */
async function cardCount(server: BenchServer): Promise<number> {
  const html = await (await fetch(`${server.direct}/offers`, { headers: UNCACHED })).text();
  const start = html.indexOf('data-testid="offers-grid"');
  const end = html.indexOf('data-testid="offers-recent"', start);
  const grid = start < 0 ? "" : html.slice(start, end < 0 ? undefined : end);
  return (grid.match(/<article/g) ?? []).length;
}

/**
 * Renders before the measured ones: a server in service has rendered the page thousands of times,
 * and V8 optimises a function only after it has run many times (with 20, /offers read 14.6 ms on an
 * idle machine; the same server after a few hundred renders 9–10 ms).
 */
const WARM_UP = 500;

/** The server's CPU time per uncached render of `path` over RENDERS renders one after another (after WARM_UP to warm up), and each one's wall time, sorted. */
async function renders(server: BenchServer, path: string): Promise<{ cpuPerRender: number; times: number[] }> {
  for (let i = 0; i < WARM_UP; i++) await (await fetch(`${server.direct}${path}`, { headers: UNCACHED })).arrayBuffer();
  const times: number[] = [];
  const before = cpuMs(server.pid);
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    const response = await fetch(`${server.direct}${path}`, { headers: UNCACHED });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  const cpuPerRender = (cpuMs(server.pid) - before) / RENDERS;
  return { cpuPerRender, times: times.sort((a, b) => a - b) };
}

export async function measureHtml(server: BenchServer) {
  heading(`/offers uncached: HTML size at ${CARDS} cards and server CPU per render`);
  const client = new pg.Client({ connectionString: await server.databaseUrl() });
  await client.connect();
  const added: number[] = [];
  try {
    // Enough offers that the first page is full, whatever the demo data lists (each copy lists as its source does).
    for (let round = 0; round < 4 && (await cardCount(server)) < CARDS; round++) added.push(...(await addCards(client, CARDS)));
    const response = await fetch(`${server.direct}/offers`, { headers: UNCACHED });
    const html = await response.text();
    const cards = (html.match(/<article/g) ?? []).length;
    const total = Buffer.byteLength(html);
    const parts = htmlParts(html);
    table(
      ["part", "bytes", "count", "share"],
      parts.map((p) => [p.part, kib(p.bytes), String(p.count), `${((100 * p.bytes) / total).toFixed(0)} %`]),
      [false, true, true, true],
    );
    console.log(`  ${cards} cards, ${kib(total)} of HTML (${(html.match(/<[a-z]/g) ?? []).length} elements)`);

    const { cpuPerRender, times } = await renders(server, "/offers");
    console.log(`  ${RENDERS} renders one after another: server CPU ${ms(cpuPerRender)} per render; wall time p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
    // The other pages the budget names, measured the same way (the home page, the newest offer's page).
    const { rows: newest } = await client.query<{ id: number }>("select id from offers where not (id = any($1::int[])) order by created_at desc, id desc limit 1", [added]);
    const others: Record<string, number> = {};
    for (const path of ["/", `/offer/${newest[0]?.id ?? 1}`]) {
      others[path] = (await renders(server, path)).cpuPerRender;
      console.log(`  ${path}: server CPU ${ms(others[path])} per uncached render`);
    }
    report.html = { cards, bytes: total, parts, cpuPerRenderMs: cpuPerRender, otherPagesCpuPerRenderMs: others, p50: percentile(times, 50), p95: percentile(times, 95) };
    summary.push({
      metric: `/offers HTML at ${cards} cards`,
      value: kib(total),
      budget: `≤ ${BUDGET.offersHtmlKB} KB`,
      status: total <= BUDGET.offersHtmlKB * 1000 ? "ok" : "over",
    });
    summary.push({
      metric: "/offers server CPU per uncached render",
      value: ms(cpuPerRender),
      budget: `≤ ${BUDGET.offersRenderCpuMs} ms`,
      status: cpuPerRender <= BUDGET.offersRenderCpuMs ? "ok" : "over",
    });
    for (const [path, cpu] of Object.entries(others)) summary.push({ metric: `${path} server CPU per uncached render`, value: ms(cpu), budget: "-", status: "info" });
  } finally {
    if (added.length) await client.query("delete from offers where id = any($1::int[])", [added]);
    await client.end();
  }
}
