import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { answerViewingOffers } from "~/modules/viewings/viewing-pickers.server.ts";
import type { Route } from "./+types/viewing-offers";

/** GET /admin/viewings/offers?q=: the scheduling form's offer picker (JSON, up to 20 offers). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "viewings");
  return answerViewingOffers(context.get(servicesContext), user, new URL(request.url));
}
