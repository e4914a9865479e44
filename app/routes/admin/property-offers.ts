import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { answerUnitOffers } from "~/modules/property-management/index.server.ts";
import type { Route } from "./+types/property-offers";

/** GET /admin/properties/offers?q=: the unit form's offer picker (JSON, up to 20 offers). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "properties");
  return answerUnitOffers(context.get(servicesContext), user, new URL(request.url));
}
