import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { answerCsv } from "~/modules/reports/reports-export.server.ts";
import type { Route } from "./+types/reports-export-csv";

/** GET /admin/reports/export/<dataset>.csv?period=…: one dataset of the period as CSV, streamed; the manager's only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSectionUser(context, "reports");
  return answerCsv(context.get(servicesContext).db, new URL(request.url), params.file);
}
