import { sql } from "drizzle-orm";
import { servicesContext } from "~/context.ts";
import { log } from "~/utils/log.server.ts";
import type { Route } from "./+types/healthz";

/** Answers 200 when the database answers, 503 otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  try {
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    log.error("health check failed", { error: (error as Error).message });
    return Response.json({ status: "database unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
