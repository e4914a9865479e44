import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handleFinanceRequestUpload } from "~/modules/finance/finance-action.server.ts";
import type { Route } from "./+types/finance-request";

/** POST the accountant's finance request from the page's script (it shows the upload's progress); answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFinanceRequestUpload(context.get(servicesContext), await requireSectionUser(context, "finance"), request);
}
