import { readinessContext } from "~/context.ts";
import type { Route } from "./+types/healthz-ready";

/**
 * Readiness for a load balancer: 200 when the database answers ("ready", or "degraded" with the
 * part that fails when the photo storage does not answer), 503 when it does not, and 503 as soon as
 * the process begins to stop (it drains first; README, production).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const report = await context.get(readinessContext).check();
  const { ready: _ready, ...body } = report;
  return Response.json(body, { status: report.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
