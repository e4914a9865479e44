import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { redirectToWhatsappReport } from "~/modules/reports/reports-page.server.ts";
import type { Route } from "./+types/reports-whatsapp";

/** GET /admin/reports/whatsapp: to wa.me with yesterday's daily report for the manager's number; the manager's only. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireSectionUser(context, "reports");
  return redirectToWhatsappReport(context.get(servicesContext));
}
