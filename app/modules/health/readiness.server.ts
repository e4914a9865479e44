import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { log } from "~/utils/log.server.ts";

/**
 * Liveness and readiness for a load balancer (README, production). `GET /healthz` says the process
 * runs and answers (nothing else is asked: a database outage must not make an orchestrator restart
 * every instance). `GET /healthz/ready` says this instance should get traffic: it can serve its
 * pages (the database answers) and the process is not stopping. The other checks (the photo
 * storage) are reported in the body — "degraded", with the part that fails — but do not take the
 * instance out: a bucket down for every instance would otherwise leave a balancer none to send to,
 * while every page but a photo upload still works (issue 30).
 */

/** One thing an instance needs to serve: resolves when it is reachable, rejects (or hangs) when not. */
export type ReadinessCheck = (signal: AbortSignal) => Promise<unknown>;

type CheckOutcome = "ok" | "failed" | "timeout";

type ReadinessReport =
  | { ready: true; status: "ready" | "degraded"; checks: Record<string, CheckOutcome> }
  | { ready: false; status: "not ready"; checks: Record<string, CheckOutcome> }
  | { ready: false; status: "draining" };

export interface Readiness {
  /** Runs every check at once, each within the time limit. While draining, runs none. */
  check(): Promise<ReadinessReport>;
  /** Whether one named part answers now, within a second (a failed render asks: was it the database?). */
  answers(name: string): Promise<boolean>;
  /** From now on this instance answers "draining": it is stopping, the balancer should send nothing new. */
  drain(): void;
  readonly draining: boolean;
}

/** A check that takes longer counts as failed: a balancer's own check gives up after a few seconds. */
const READINESS_TIMEOUT_MS = 2_000;

/** The database check: one round trip through the app's own pool. */
export function databaseCheck(db: Db): ReadinessCheck {
  return () => db.execute(sql`select 1`);
}

interface Outcome {
  outcome: CheckOutcome;
  /** Why it failed, for the log only (the answer names no host, driver or path). */
  error?: string;
}

async function outcomeOf(check: ReadinessCheck, timeoutMs: number): Promise<Outcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ outcome: "timeout" });
    }, timeoutMs);
  });
  const done = Promise.resolve()
    .then(() => check(controller.signal))
    .then(
      (): Outcome => ({ outcome: "ok" }),
      (error: unknown): Outcome => ({ outcome: "failed", error: error instanceof Error ? error.message : String(error) }),
    );
  try {
    return await Promise.race([done, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The instance's readiness over the named checks (database, storage). A change of state is logged
 * once, not at every poll of the balancer.
 */
export function createReadiness(
  checks: Record<string, ReadinessCheck>,
  { timeoutMs = READINESS_TIMEOUT_MS, required = ["database"] }: { timeoutMs?: number; required?: string[] } = {},
): Readiness {
  let draining = false;
  let wasWhole = true;
  return {
    get draining() {
      return draining;
    },
    async answers(name) {
      const check = checks[name];
      return check ? (await outcomeOf(check, Math.min(timeoutMs, 1_000))).outcome === "ok" : true;
    },
    drain() {
      if (draining) return;
      draining = true;
      log.info("draining: readiness answers 503 from now on");
    },
    async check() {
      if (draining) return { ready: false, status: "draining" };
      const names = Object.keys(checks);
      const outcomes = await Promise.all(names.map((name) => outcomeOf(checks[name]!, timeoutMs)));
      const results = Object.fromEntries(names.map((name, i) => [name, outcomes[i]!.outcome]));
      const whole = outcomes.every(({ outcome }) => outcome === "ok");
      const ready = names.every((name, i) => !required.includes(name) || outcomes[i]!.outcome === "ok");
      if (whole !== wasWhole) {
        if (whole) log.info("ready again", { checks: results });
        else
          log.error(ready ? "degraded" : "not ready", {
            checks: results,
            errors: Object.fromEntries(names.flatMap((name, i) => (outcomes[i]!.error ? [[name, outcomes[i]!.error]] : []))),
          });
        wasWhole = whole;
      }
      if (!ready) return { ready, status: "not ready", checks: results };
      return { ready, status: whole ? "ready" : "degraded", checks: results };
    },
  };
}
