/**
 * Liveness: 200 whenever the process answers. It asks nothing of the database, so an outage does
 * not make an orchestrator restart every instance; readiness (/healthz/ready) is the balancer's.
 */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
