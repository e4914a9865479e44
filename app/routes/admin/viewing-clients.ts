import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { answerViewingClients } from "~/modules/viewings/viewing-pickers.server.ts";
import type { Route } from "./+types/viewing-clients";

/** GET /admin/viewings/clients?q=: the scheduling form's client picker (JSON, up to 20 clients). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "viewings");
  return answerViewingClients(context.get(servicesContext), user, new URL(request.url));
}
