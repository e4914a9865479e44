// GET / during floods of 500 bad password sign-ins, 50 at a time: from one address without proofs of
// work (the reported attack), and from 500 addresses each with a solved proof of work (a botnet),
// after a reference flood of plain page loads. Budget: p95 < 300 ms.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { Challenge } from "altcha-lib";
import { BUDGET, heading, ms, percentile, report, summary, table } from "./report.ts";
import type { BenchServer } from "./server.ts";

const FLOOD = { attempts: 500, concurrency: 50 };
const WRONG_PASSWORD = "اسم المستخدم أو كلمة المرور غير صحيحة";

/** A solved proof of work, as the login page posts it (a bot pays this price too). */
async function solvedLoginProof(direct: string): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/sha")]);
  const challenge = (await (await fetch(`${direct}/api/altcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve a challenge");
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}

async function timeHome(direct: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${direct}/`, { headers: { "accept-encoding": "gzip, br", accept: "text/html" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
  return performance.now() - start;
}

interface FloodScenario {
  name: string;
  /** A plain page load instead of a sign-in: the floor any 50 concurrent requests set. */
  reference?: boolean;
  /** The client address of attempt i (sent as X-Forwarded-For; the bench server trusts it). */
  address: (i: number) => string;
  /** A solved proof of work per attempt, or none (as the reported attack sent). */
  withProofs: boolean;
}

const FLOOD_SCENARIOS: FloodScenario[] = [
  { name: "reference: 500 GET /login, no sign-in at all", address: () => "203.0.113.9", withProofs: false, reference: true },
  { name: "one address, no proof of work (the reported attack)", address: () => "203.0.113.7", withProofs: false },
  { name: "500 addresses, each with a solved proof of work (a botnet)", address: (i) => `198.51.${Math.floor(i / 250)}.${i % 250}`, withProofs: true },
];

function latencyRow(name: string, values: number[]): string[] {
  const sorted = [...values].sort((a, b) => a - b);
  return [name, String(sorted.length), ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? NaN)];
}

export async function measurePasswordFlood({ direct }: BenchServer) {
  heading(`GET / during ${FLOOD.attempts} bad password sign-ins, ${FLOOD.concurrency} at a time`);
  const baseline: number[] = [];
  for (let i = 0; i < 60; i++) baseline.push(await timeHome(direct));
  const rows = [latencyRow("before the floods", baseline)];
  const results: Record<string, unknown> = { baseline };

  for (const [n, scenario] of FLOOD_SCENARIOS.entries()) {
    const proofs: string[] = [];
    if (scenario.withProofs) {
      console.log(`${scenario.name}: solving the proofs of work first (not timed)...`);
      for (let i = 0; i < FLOOD.attempts; i++) proofs.push(await solvedLoginProof(direct));
    }
    const statuses = new Map<number, number>();
    let next = 0;
    let flooding = true;
    const attacker = async () => {
      while (next < FLOOD.attempts) {
        const i = next++;
        const fields: Record<string, string> = { intent: "password", identifier: `nobody-${n}-${i}-${Math.random().toString(36).slice(2)}`, password: "wrong-password-123" };
        if (proofs[i]) fields.altcha = proofs[i];
        const response = await fetch(`${direct}/login`, {
          method: scenario.reference ? "GET" : "POST",
          body: scenario.reference ? undefined : new URLSearchParams(fields),
          headers: { origin: direct, "x-forwarded-for": scenario.address(i) },
          redirect: "manual",
        }).catch(() => undefined);
        const text = (await response?.text().catch(() => "")) ?? "";
        // With proofs, a 400 must be the wrong-password answer (the argon2 work was done), not a refused bot check.
        const unexpected = scenario.withProofs && response?.status === 400 && !text.includes(WRONG_PASSWORD);
        const status = unexpected ? -400 : (response?.status ?? 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const during: number[] = [];
    const floodStarted = performance.now();
    const flood = Promise.all(Array.from({ length: FLOOD.concurrency }, attacker)).finally(() => (flooding = false));
    // Two visitors loading the home page one after another, for more samples in a short flood.
    const visitor = async () => {
      while (flooding) during.push(await timeHome(direct));
    };
    await Promise.all([visitor(), visitor()]);
    await flood;
    const floodSeconds = (performance.now() - floodStarted) / 1000;

    rows.push(latencyRow(`during: ${scenario.name}`, during));
    const label = (status: number) =>
      status === 0 ? "no answer" : status === -400 ? "400 other than a wrong password" : status === 400 && scenario.withProofs ? "400 wrong password" : String(status);
    const answers = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count} × ${label(status)}`)
      .join(", ");
    console.log(`${scenario.name}: ${FLOOD.attempts} sign-ins in ${floodSeconds.toFixed(1)} s; answers: ${answers}`);
    const p95 = percentile(
      [...during].sort((a, b) => a - b),
      95,
    );
    if (scenario.reference) {
      summary.push({ metric: "GET / p95, reference flood", value: ms(p95), budget: "-", status: "info" });
      results[scenario.name] = { during, floodSeconds };
      continue;
    }
    summary.push({
      metric: `GET / p95, password flood ${n}`,
      value: ms(p95),
      budget: `< ${BUDGET.floodHomeP95Ms} ms`,
      status: statuses.has(500) || statuses.has(0) || statuses.has(-400) ? "error" : p95 < BUDGET.floodHomeP95Ms ? "ok" : "over",
    });
    results[scenario.name] = { during, statuses: Object.fromEntries(statuses), floodSeconds };
    // Let the counters of one flood not meet the next one's requests too early.
    await sleep(1000);
  }
  table(["GET /", "requests", "p50", "p95", "p99", "max"], rows, [false, true, true, true, true, true]);
  report.flood = results;
}
