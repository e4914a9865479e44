import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handleLicenceCheck } from "~/modules/offer-admin/offer-licence-check.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offer-licence-check";

/** POST the offer form's «تحقق من الترخيص» (the licence number): REGA's answer as JSON (decision 047). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireSectionUser(context, "offers");
  const read = await readForm(request, context);
  return handleLicenceCheck(context.get(servicesContext), read.ok ? read.form : null);
}
