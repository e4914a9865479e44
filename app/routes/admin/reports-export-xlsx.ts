import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { answerWorkbook } from "~/modules/reports/reports-export.server.ts";
import type { Route } from "./+types/reports-export-xlsx";

/** GET /admin/reports/export.xlsx?period=…: the period's datasets as one workbook, streamed; the manager's only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSectionUser(context, "reports");
  return answerWorkbook(context.get(servicesContext).db, new URL(request.url));
}
