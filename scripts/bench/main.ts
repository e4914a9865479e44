// `npm run bench`: a benchmark (not a test). Starts the production build with demo data on a free
// localhost port (server.ts), then measures and prints, each against its budget:
//   1. Lighthouse (mobile) scores for /, /offers and the first offer page          budget ≥ 95       lighthouse.ts
//      and their image bytes on Lighthouse's phone: the largest paint's photo, the largest card photo
//                                                                                  budget ≤ 80 KiB, ≤ 15 KiB  page-images.ts
//   1b. Total Blocking Time from the main thread's CPU time (×4, as Lighthouse's phone), which the
//      machine's load does not inflate as it does Lighthouse's wall-clock figure  budget ≤ 50 ms   blocking.ts
//   2. gzip'd JavaScript per public page, first load (and after scrolling down)     budget ≤ 130 KiB  js.ts
//   3. /offers throughput (32 keep-alive connections) against the same bytes as a static file (Node,
//      nginx), p99 latency at 200 req/s, the uncached rate, the server's RSS  budget ≥ 300 req/s, p99 ≤ 20 ms, RSS < 300 MiB  http.ts
//   3b. /offers without the page cache at 24 cards: its HTML by part, the server's CPU per render
//                                                                                  budget ≤ 100 KB, ≤ 8 ms  html.ts
//   4. keyword + filter search over 100,000 generated offers (the app's own code): one-word, three-word,
//      typo and no-result keywords, and the header overlay's GET /api/search     budget p95 ≤ 10 ms, p99 ≤ 25 ms, overlay p95 ≤ 15 ms search.ts
//   5. the task board over 10,000 generated tasks: listTasks per view, and GET
//      /admin/tasks signed in (the 10,000 added to the server's data, then removed)  budget p95 < 100 ms tasks.ts
//   6. the reports page over 100,000 generated offers and 50,000 inquiries: loadReports per period,
//      the slowest query explained, and GET /admin/reports signed in (the rows added, then removed) budget p95 < 300 ms reports.ts
//   6b. press to confirmation in the back office: a task's status, a content section's save, in a real
//      Chromium; the action's answer and the confirmation's moment, in the page's clock  budget < 300 ms past the answer confirm.ts
//   7. GET / during a flood of 500 bad password sign-ins, 50 at a time (each with a solved proof of
//      work and its own client address, as a botnet would)                        budget p95 < 300 ms flood.ts
//   7b. clients' requirements matched to one offer: 10,000 requirements, 100,000 offers in a scratch
//      database, with the plan and its indexes                                    budget p95 ≤ 20 ms matching.ts
//   8. photos per second through the image pipeline (no server needed)             budget ≥ 8        images.ts
// Then a summary table, and every number in .bench-data/bench-report.json.
// Options: `npm run bench -- --build` rebuilds first; `--only=lighthouse,blocking,js,http,html,search,tasks,reports,confirm,flood,matching,images` runs
// some parts; BENCH_LH_RUNS=n (1-5, default 3): Lighthouse runs per page, the median score is reported.
// Only localhost traffic; every loop is bounded. Exit code is 0 unless the benchmark itself failed.
// The photo pipeline measured here runs as in the server: glibc's allocator tuned (decision 042).
import "../../server/tuned-allocator.ts";
import "../app-alias.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { findChromium } from "../chromium.ts";
import { measurePasswordFlood } from "./flood.ts";
import { measureThroughput } from "./http.ts";
import { measureHtml } from "./html.ts";
import { measureBlocking } from "./blocking.ts";
import { measureConfirmation } from "./confirm.ts";
import { measureImages } from "./images.ts";
import { measureJavaScript } from "./js.ts";
import { measureMatching } from "./matching.ts";
import { measurePageImages } from "./page-images.ts";
import { runLighthouse } from "./lighthouse.ts";
import { errorText, heading, report, summary, table } from "./report.ts";
import { measureReports } from "./reports.ts";
import { measureSearch } from "./search.ts";
import { DATA_DIR, ensureBuild, root, startServer, stopServer, type BenchServer } from "./server.ts";
import { measureTasks } from "./tasks.ts";

const PARTS = ["lighthouse", "blocking", "js", "http", "html", "search", "tasks", "reports", "confirm", "flood", "matching", "images"] as const;
type Part = (typeof PARTS)[number];

const args = process.argv.slice(2);
const forceBuild = args.includes("--build");
const onlyArg = args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const parts = new Set((onlyArg ?? PARTS.join(",")).split(",").map((s) => s.trim()));
const unknown = [...parts].filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(", ")}. Choose from --only=${PARTS.join(",")}`);
  process.exit(2);
}
const runs = (part: Part) => parts.has(part);

async function section(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    console.error(`\n!! ${name} failed: ${errorText(error)}`);
    summary.push({ metric: name, value: "failed", budget: "-", status: "error" });
  }
}

async function firstOfferId(server: BenchServer): Promise<number> {
  const client = new pg.Client({ connectionString: await server.databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>("select id from offers order by created_at desc, id desc limit 1");
    if (!rows[0]) throw new Error("The demo database has no offers.");
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** The parts that measure the running server. */
async function serverParts() {
  ensureBuild(forceBuild);
  const browser = runs("lighthouse") || runs("blocking") || runs("js") || runs("confirm");
  // Only the browser parts need Chromium: the others run without one.
  const chromiumPath = await findChromium().catch((error: unknown) => {
    if (browser) throw error;
    return undefined;
  });
  const server = await startServer();
  const offerId = await firstOfferId(server);
  const pages = [
    { name: "/", url: `${server.base}/` },
    { name: "/offers", url: `${server.base}/offers` },
    { name: `/offer/${offerId}`, url: `${server.base}/offer/${offerId}` },
  ];
  if (chromiumPath) console.log(`Chromium: ${chromiumPath}; pages: ${pages.map((p) => p.name).join(", ")}`);

  if (chromiumPath && runs("lighthouse")) await section("Lighthouse", () => runLighthouse(pages, chromiumPath));
  if (chromiumPath && runs("lighthouse")) await section("Images per page", () => measurePageImages(pages, chromiumPath));
  if (chromiumPath && runs("blocking")) await section("Blocking time", () => measureBlocking(pages, chromiumPath));
  // JavaScript is also measured on the form pages (not worth a Lighthouse run each).
  const formPages = ["/contact", "/list-your-property", "/about", "/services"].map((name) => ({ name, url: `${server.base}${name}` }));
  if (chromiumPath && runs("js")) await section("JavaScript bytes", () => measureJavaScript([...pages, ...formPages], chromiumPath));
  if (runs("http")) await section("HTTP throughput", () => measureThroughput(server));
  if (runs("html")) await section("/offers HTML", () => measureHtml(server));
  if (runs("search")) await section("Search", () => measureSearch(server));
  if (runs("tasks")) await section("Task board", () => measureTasks(server));
  if (runs("reports")) await section("Reports", () => measureReports(server));
  if (chromiumPath && runs("confirm")) await section("Press to confirmation", () => measureConfirmation(server, chromiumPath));
  if (runs("flood")) await section("Password flood", () => measurePasswordFlood(server));
  if (runs("matching")) await section("Requirements matching", () => measureMatching(server));
}

function printSummary(startedAt: number): boolean {
  heading("Summary");
  console.log(`(load average now ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs)`);
  table(
    ["metric", "value", "budget", "result"],
    summary.map((r) => [r.metric, r.value, r.budget, r.status]),
    [false, true, true, false],
  );
  const over = summary.filter((r) => r.status === "over").length;
  const errors = summary.filter((r) => r.status === "error").length;
  console.log(
    `\n${summary.filter((r) => r.status === "ok").length} within budget, ${over} over budget, ${errors} errors ` + `(${((performance.now() - startedAt) / 1000).toFixed(0)} s)`,
  );
  report.summary = summary;
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(path.join(DATA_DIR, "bench-report.json"), JSON.stringify(report, null, 2));
  console.log(`Full numbers: ${path.relative(root, path.join(DATA_DIR, "bench-report.json"))}`);
  return errors > 0;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server...`);
    void stopServer().finally(() => process.exit(130));
  });
}

let fatal: boolean;
try {
  const startedAt = performance.now();
  const load = os.loadavg()[0]!;
  const cpus = os.availableParallelism();
  console.log(`Machine: ${cpus} CPUs, load average ${load.toFixed(1)}, Node ${process.version}`);
  if (load > cpus * 0.75) console.log("Note: the machine is busy; timings and Lighthouse performance scores will be worse than on an idle machine.");
  report.machine = { cpus, loadAtStart: load, node: process.version };
  if (PARTS.some((part) => part !== "images" && runs(part))) await serverParts();
  await stopServer(); // the photos have the machine to themselves
  if (runs("images")) await section("Images", measureImages);
  fatal = printSummary(startedAt);
} catch (error) {
  fatal = true;
  console.error(`\nBenchmark failed: ${errorText(error)}`);
} finally {
  if (!interrupted) await stopServer();
}
process.exit(fatal ? 1 : 0);
