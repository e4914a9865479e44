import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handleOfferSave } from "~/modules/offers/offer-admin-post.server.ts";
import type { Route } from "./+types/offer-save";

/** POST the offer form as JSON; answers JSON (field messages, or the saved offer's id). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleOfferSave(context.get(servicesContext), requireSectionUser(context, "offers"), request);
}
