// /offers over HTTP (issue 19, decision 020): what the public page cache serves, against the limit of
// this machine measured in the same run: the same bytes as a static file from the same Node process
// (build/client, through server.ts's own static files) and from nginx (Debian's nginx-light, when
// installed). Then the page cache's misses, and the server's memory.
//
// - Flat out: autocannon, 32 keep-alive connections, Accept-Encoding: gzip, br. Our /offers, the Node
//   static copy and nginx's are measured in turns, RUNS times each, so a busy moment of the machine
//   (other work, the load generator itself: both share its 2 cores) falls on all three alike; the
//   best and the median are reported, with the serving process's CPU time per request (what one
//   core could serve, whatever the load generator manages).
// - 200 requests a second, evenly spaced (open loop: each request's latency is counted from the moment
//   it was due, so queueing shows), for 10 s. autocannon's own `overallRate` lets each connection
//   send its share at the start of each second (200 requests at once, then nothing), which measures
//   how fast a burst drains; it is shown too, beside the figures of before the cache.
// - Uncached: the same page with a session cookie (never served from the cache, decision 020): the
//   cost of a miss, the first request after each change.
// - After a change: the first request (a miss) and the next (a hit), 20 times.
// - Memory: VmRSS (and the peak, VmHWM) of the server process before the runs (what its start left:
//   on a first run, the demo seed's photos), after the cached runs (the budget), and again after the
//   uncached renders.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { AutocannonResult } from "autocannon";
import pg from "pg";
import { BUDGET, heading, ms, percentile, report, summary, table } from "./report.ts";
import { freePort, root, type BenchServer } from "./server.ts";

const RUNS = 3;
const FLAT_SECONDS = 6;
const PACED_RATE = 200;
const PACED_SECONDS = 10;
const ACCEPT = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };
/** Where the static copy of /offers is put, inside build/client (the bench runs under the build lock). */
const STATIC_DIR = "bench-static";

const load = () => os.loadavg()[0]!.toFixed(1);

interface Flat {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  failures: number;
  load: string;
  /** The serving process's CPU time per request (user + system), when known. */
  cpuUs?: number;
}

/** CPU time (user + system) a process has used so far, in ms; the clock tick is 10 ms on Linux. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function flatOut(url: string, extraHeaders: Record<string, string> = {}, seconds = FLAT_SECONDS, servingPid?: number): Promise<Flat> {
  const before = servingPid ? cpuMs(servingPid) : NaN;
  const { default: autocannon } = await import("autocannon");
  const result: AutocannonResult = await autocannon({
    url,
    headers: { ...ACCEPT, ...extraHeaders },
    connections: 32,
    duration: seconds,
    // Many visitors, not one address with 32 requests in flight (which the server refuses beyond 16).
    requests: [{ setupRequest: (request: { headers?: Record<string, string> }) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": randomAddress() } }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    failures: result.non2xx + result.errors + result.timeouts,
    load: load(),
    cpuUs: servingPid && result.requests.total ? ((cpuMs(servingPid) - before) * 1000) / result.requests.total : undefined,
  };
}

const randomAddress = () => `192.0.2.${Math.floor(Math.random() * 250)}`;

/** An open-loop load: `rate` requests a second, evenly spaced, each timed from the moment it was due. */
async function paced(url: string, rate: number, seconds: number): Promise<{ served: number; p50: number; p90: number; p99: number; max: number; failures: number; load: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const total = rate * seconds;
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let failures = 0;
  let finished = 0;
  const start = performance.now() + 50;
  await new Promise<void>((resolve) => {
    let sent = 0;
    const done = (latency: number, ok: boolean) => {
      if (ok) latencies.push(latency);
      else failures++;
      if (++finished === total) resolve();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const due = start + sent * interval;
        sent++;
        const request = http.get(url, { agent, headers: { ...ACCEPT, "x-forwarded-for": randomAddress() } }, (response) => {
          response.resume();
          response.once("end", () => done(performance.now() - due, response.statusCode === 200));
          response.once("error", () => done(0, false));
        });
        request.once("error", () => done(0, false));
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, 50);
  });
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    served: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    failures,
    load: load(),
  };
}

/** The answer's body as sent for an encoding (no decoding): what the static copies must serve. */
function fetchRaw(url: string, encoding: string): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding, accept: "text/html" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The first request after a change (a miss: the page is rendered and compressed both ways) and the
 * next one (a hit), `rounds` times: each round announces a change as the database's triggers do.
 */
async function afterChange(server: BenchServer, url: string, rounds: number): Promise<{ miss: number[]; hit: number[]; missed: number }> {
  const client = new pg.Client({ connectionString: await server.databaseUrl() });
  await client.connect();
  const timed = async () => {
    const start = performance.now();
    const { headers } = await fetchRaw(url, "gzip, deflate, br");
    return { ms: performance.now() - start, state: headers["x-page-cache"] };
  };
  const miss: number[] = [];
  const hit: number[] = [];
  let missed = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      await client.query("select pg_notify('cache_changed', 'pages')");
      await sleep(30); // heard by the server's LISTEN connection
      const first = await timed();
      if (first.state === "miss") missed++;
      miss.push(first.ms);
      hit.push((await timed()).ms);
    }
  } finally {
    await client.end();
  }
  return { miss: miss.sort((a, b) => a - b), hit: hit.sort((a, b) => a - b), missed };
}

function memory(pid: number): { rssMiB: number; peakMiB: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMiB: kb("VmRSS") / 1024, peakMiB: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** nginx from Debian's packages on a free port, one worker (the Node server has one main thread), serving `dir`; null when not installed. */
async function startNginx(dir: string): Promise<{ url: string; workerPid?: number; stop: () => Promise<void> } | null> {
  const binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
  if (!binary) return null;
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  fs.mkdirSync(path.join(prefix, "logs"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; }
  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp; fastcgi_temp_path ${prefix}/tmp; uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
  }
}
`,
  );
  const child: ChildProcess = spawn(binary, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let failed = "";
  child.stderr?.on("data", (chunk: Buffer) => (failed += chunk.toString()));
  const url = `http://127.0.0.1:${port}/offers.html`;
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    try {
      const { status } = await fetchRaw(url, "gzip");
      if (status === 200) {
        const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/).map(Number);
        return {
          url,
          workerPid: children.find((pid) => pid > 0),
          stop: async () => {
            child.kill("SIGQUIT");
            await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(5000)]);
            fs.rmSync(prefix, { recursive: true, force: true });
          },
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  fs.rmSync(prefix, { recursive: true, force: true });
  console.log(`nginx did not serve the copy: ${failed.trim() || "no answer"}`);
  return null;
}

export async function measureThroughput(server: BenchServer) {
  heading("/offers over HTTP (keep-alive, Accept-Encoding: gzip, br) against the same bytes as a static file");
  const offers = `${server.direct}/offers`;
  // Before any request of this part: what the start left (on a first run, the demo seed's photos).
  const memAtStart = memory(server.pid);
  if (memAtStart) console.log(`Server memory before these runs: RSS ${memAtStart.rssMiB.toFixed(0)} MiB (peak so far ${memAtStart.peakMiB.toFixed(0)} MiB).`);

  // The bytes the cache serves, kept as files: in build/client for the Node server, in a folder of nginx's own.
  const [br, gz, plain] = await Promise.all([fetchRaw(offers, "br"), fetchRaw(offers, "gzip"), fetchRaw(offers, "identity")]);
  if (br.headers["content-encoding"] !== "br" || gz.headers["content-encoding"] !== "gzip") throw new Error("/offers was not answered compressed");
  const cached = br.headers["x-page-cache"] !== undefined;
  console.log(`/offers: ${plain.body.length} bytes of HTML, ${br.body.length} brotli, ${gz.body.length} gzip; page cache ${cached ? "on" : "OFF"}`);
  const staticDir = path.join(root, "build/client", STATIC_DIR);
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-root-"));
  fs.chmodSync(nginxDir, 0o755); // nginx's workers run as another user
  fs.mkdirSync(staticDir, { recursive: true });
  for (const dir of [staticDir, nginxDir]) {
    fs.writeFileSync(path.join(dir, "offers.html"), plain.body);
    fs.writeFileSync(path.join(dir, "offers.html.br"), br.body);
    fs.writeFileSync(path.join(dir, "offers.html.gz"), gz.body);
  }
  const nodeStatic = `${server.direct}/${STATIC_DIR}/offers.html`;
  const nginx = await startNginx(nginxDir);
  if (!nginx) console.log("nginx is not installed (apt-get install nginx-light): its column is left out.");

  try {
    // Warm-up: JIT, the pool, the cache entry.
    await flatOut(offers, {}, 2);
    await flatOut(nodeStatic, {}, 1);
    if (nginx) await flatOut(nginx.url, {}, 1);

    const runs: { ours: Flat[]; node: Flat[]; nginx: Flat[] } = { ours: [], node: [], nginx: [] };
    for (let run = 0; run < RUNS; run++) {
      runs.ours.push(await flatOut(offers, {}, FLAT_SECONDS, server.pid));
      runs.node.push(await flatOut(nodeStatic, {}, FLAT_SECONDS, server.pid));
      if (nginx) runs.nginx.push(await flatOut(nginx.url, {}, FLAT_SECONDS, nginx.workerPid));
    }
    const pacedRun = await paced(offers, PACED_RATE, PACED_SECONDS);
    const { default: autocannon } = await import("autocannon");
    const burst: AutocannonResult = await autocannon({
      url: offers,
      headers: ACCEPT,
      connections: 32,
      duration: PACED_SECONDS,
      overallRate: PACED_RATE,
      requests: [{ setupRequest: (request: { headers?: Record<string, string> }) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": randomAddress() } }) }],
    });
    const burstLoad = load();
    // The memory the served pages cost: before the renders below, which take more (and keep it).
    const mem = memory(server.pid);
    const change = await afterChange(server, offers, 20);
    // A session cookie: never served from the cache nor kept (decision 020), so every request renders.
    const uncached = await flatOut(offers, { cookie: "__Host-aqar-session=bench-not-a-session" }, 10, server.pid);
    const memAfterRenders = memory(server.pid);

    const median = (values: Flat[]) => [...values].sort((a, b) => a.rps - b.rps)[Math.floor(values.length / 2)]!;
    const best = (values: Flat[]) => values.reduce((a, b) => (b.rps > a.rps ? b : a));
    const row = (name: string, r: Flat) => [
      name,
      r.rps.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      (r.bytes / 1024).toFixed(1),
      r.cpuUs === undefined || Number.isNaN(r.cpuUs) ? "-" : `${r.cpuUs.toFixed(0)} µs`,
      String(r.failures),
      r.load,
    ];
    const rows: string[][] = [];
    for (const [name, values] of [
      ["/offers (page cache)", runs.ours],
      ["same bytes, Node static", runs.node],
      ["same bytes, nginx (gzip)", runs.nginx],
    ] as const) {
      if (values.length === 0) continue;
      rows.push(row(`${name}: best of ${values.length}`, best(values)));
      rows.push(row(`${name}: median`, median(values)));
    }
    rows.push(row("/offers uncached (session cookie)", uncached));
    table(["32 connections flat out", "req/s", "p50", "p99", "KiB/resp", "server CPU/req", "errors", "load"], rows, [false, true, true, true, true, true, true, true]);

    console.log("");
    table(
      ["/offers at 200 req/s", "served/s", "p50", "p90", "p99", "max", "errors", "load", "budget p99"],
      [
        [
          "evenly spaced (open loop)",
          pacedRun.served.toFixed(0),
          ms(pacedRun.p50),
          ms(pacedRun.p90),
          ms(pacedRun.p99),
          ms(pacedRun.max),
          String(pacedRun.failures),
          pacedRun.load,
          `≤ ${BUDGET.offersP99At200Ms} ms`,
        ],
        [
          "autocannon overallRate (bursts)",
          (burst.requests.total / PACED_SECONDS).toFixed(0),
          ms(burst.latency.p50),
          ms(burst.latency.p90),
          ms(burst.latency.p99),
          ms(burst.latency.max),
          String(burst.non2xx + burst.errors + burst.timeouts),
          burstLoad,
          "-",
        ],
      ],
      [false, true, true, true, true, true, true, true, true],
    );

    console.log("");
    table(
      ["/offers after a change (20 rounds)", "p50", "p90", "max"],
      [
        [`first request (miss: ${change.missed} of 20)`, ms(percentile(change.miss, 50)), ms(percentile(change.miss, 90)), ms(change.miss.at(-1)!)],
        ["the next one (hit)", ms(percentile(change.hit, 50)), ms(percentile(change.hit, 90)), ms(change.hit.at(-1)!)],
      ],
      [false, true, true, true],
    );

    const ours = median(runs.ours);
    const nodeLimit = median(runs.node);
    const nginxLimit = runs.nginx.length ? median(runs.nginx) : null;
    const perCore = ours.cpuUs ? Math.round(1e6 / ours.cpuUs) : undefined;
    console.log(
      `\nOur rate (median) is ${((ours.rps / nodeLimit.rps) * 100).toFixed(0)}% of the same bytes as a static file from this Node process` +
        (nginxLimit ? ` and ${((ours.rps / nginxLimit.rps) * 100).toFixed(0)}% of nginx's (one worker)` : "") +
        `. The load generator shares the machine's ${os.availableParallelism()} cores, so every flat-out figure is also its limit;` +
        ` the serving process's CPU time per request tells what one core of it could serve${perCore ? ` (${perCore} req/s for our /offers)` : ""}.`,
    );
    if (mem) console.log(`Server memory after the runs above: RSS ${mem.rssMiB.toFixed(0)} MiB (peak ${mem.peakMiB.toFixed(0)} MiB), budget < ${BUDGET.serverRssMiB} MiB.`);
    if (memAfterRenders) console.log(`After the uncached renders too: RSS ${memAfterRenders.rssMiB.toFixed(0)} MiB (peak ${memAfterRenders.peakMiB.toFixed(0)} MiB).`);

    const failures = [...runs.ours, ...runs.node, ...runs.nginx, uncached].reduce((sum, r) => sum + r.failures, 0) + pacedRun.failures;
    const status = (ok: boolean) => (failures ? "error" : ok ? "ok" : "over");
    summary.push({ metric: "/offers req/s (32 conns, median)", value: ours.rps.toFixed(0), budget: `≥ ${BUDGET.offersRps}`, status: status(ours.rps >= BUDGET.offersRps) });
    summary.push({
      metric: "/offers p99 at 200 req/s (paced)",
      value: ms(pacedRun.p99),
      budget: `≤ ${BUDGET.offersP99At200Ms} ms`,
      status: status(pacedRun.p99 <= BUDGET.offersP99At200Ms),
    });
    summary.push({ metric: "/offers vs Node static file", value: `${((ours.rps / nodeLimit.rps) * 100).toFixed(0)}%`, budget: "-", status: "info" });
    if (nginxLimit) summary.push({ metric: "/offers vs nginx static file", value: `${((ours.rps / nginxLimit.rps) * 100).toFixed(0)}%`, budget: "-", status: "info" });
    if (ours.cpuUs !== undefined && nodeLimit.cpuUs !== undefined) {
      const cpu = (r: Flat | null) => (r?.cpuUs === undefined || Number.isNaN(r.cpuUs) ? "?" : r.cpuUs.toFixed(0));
      summary.push({ metric: "server CPU µs/req: ours / Node static / nginx", value: `${cpu(ours)} / ${cpu(nodeLimit)} / ${cpu(nginxLimit)}`, budget: "-", status: "info" });
    }
    summary.push({ metric: "/offers uncached req/s", value: uncached.rps.toFixed(0), budget: "-", status: uncached.failures ? "error" : "info" });
    summary.push({ metric: "/offers first request after a change", value: ms(percentile(change.miss, 50)), budget: "-", status: change.missed === 20 ? "info" : "error" });
    if (mem)
      summary.push({
        metric: "server RSS after HTTP runs",
        value: `${mem.rssMiB.toFixed(0)} MiB (peak ${mem.peakMiB.toFixed(0)})`,
        budget: `< ${BUDGET.serverRssMiB} MiB`,
        status: mem.rssMiB < BUDGET.serverRssMiB ? "ok" : "over",
      });
    if (failures) console.log(`!! ${failures} failed requests (non-2xx, errors or timeouts) — see ${server.log}`);
    report.http = {
      cached,
      bytes: { html: plain.body.length, br: br.body.length, gzip: gz.body.length },
      runs,
      paced: pacedRun,
      burst: pick(burst),
      afterChange: change,
      uncached,
      memoryAtStart: memAtStart,
      memory: mem,
      memoryAfterRenders: memAfterRenders,
    };
  } finally {
    await nginx?.stop();
    fs.rmSync(staticDir, { recursive: true, force: true });
    fs.rmSync(nginxDir, { recursive: true, force: true });
  }
}

function pick(r: AutocannonResult) {
  return { rps: r.requests.average, total: r.requests.total, latency: r.latency, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
}
