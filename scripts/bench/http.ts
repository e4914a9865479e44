// /offers over HTTP with autocannon (keep-alive, compressed): throughput with 32 connections flat out,
// and p99 latency at a fixed 200 requests per second. Informational: no budget.
import type { AutocannonResult } from "autocannon";
import { heading, ms, report, summary, table } from "./report.ts";
import type { BenchServer } from "./server.ts";

export async function measureThroughput(server: BenchServer) {
  heading("/offers over HTTP (autocannon, keep-alive, Accept-Encoding: gzip, br)");
  const { default: autocannon } = await import("autocannon");
  const common = {
    url: `${server.direct}/offers`,
    headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" },
    duration: 10,
    // Many visitors, not one address with 32 requests in flight (which the server refuses beyond 16).
    requests: [
      {
        setupRequest: (request: { headers?: Record<string, string> }) => ({
          ...request,
          headers: { ...request.headers, "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250)}` },
        }),
      },
    ],
  };
  // Short warm-up so the first measured second is not paying for JIT and pool start.
  await autocannon({ ...common, connections: 8, duration: 2 });

  const saturated = await autocannon({ ...common, connections: 32 });
  const fixed = await autocannon({ ...common, connections: 32, overallRate: 200 });
  const row = (name: string, r: AutocannonResult) => [
    name,
    r.requests.average.toFixed(0),
    String(r.requests.total),
    ms(r.latency.p50),
    ms(r.latency.p90),
    ms(r.latency.p99),
    ms(r.latency.max),
    String(r.non2xx + r.errors + r.timeouts),
  ];
  table(
    ["run (10 s)", "req/s", "requests", "p50", "p90", "p99", "max", "errors/non-2xx"],
    [row("32 connections, flat out", saturated), row("fixed 200 req/s", fixed)],
    [false, true, true, true, true, true, true, true],
  );
  const achieved = fixed.requests.total / common.duration;
  if (achieved < 200 * 0.95) {
    console.log(`Note: the server could not keep up with 200 req/s (it served ${achieved.toFixed(0)} req/s), so that p99 includes queueing.`);
  }
  const failures = saturated.non2xx + saturated.errors + saturated.timeouts + fixed.non2xx + fixed.errors + fixed.timeouts;
  summary.push({
    metric: "/offers req/s (32 conns)",
    value: saturated.requests.average.toFixed(0),
    budget: "-",
    status: failures ? "error" : "info",
  });
  summary.push({
    metric: `/offers p99 at 200 req/s${achieved < 190 ? ` (got ${achieved.toFixed(0)})` : ""}`,
    value: ms(fixed.latency.p99),
    budget: "-",
    status: failures ? "error" : "info",
  });
  if (failures) console.log(`!! ${failures} failed requests (non-2xx, errors or timeouts) — see ${server.log}`);
  report.http = { saturated: pick(saturated), fixed200: pick(fixed) };
}

function pick(r: AutocannonResult) {
  return { rps: r.requests.average, total: r.requests.total, latency: r.latency, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
}
