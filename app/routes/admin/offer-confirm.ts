import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handleConfirmPost } from "~/modules/availability/index.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offer-confirm";

/** POST the one-tap availability confirmation (decision 046); nothing to show (posted from the pages that list offers). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "offers");
  const read = await readForm(request, context);
  return handleConfirmPost(context.get(servicesContext), user, read.ok ? read.form : new FormData());
}
