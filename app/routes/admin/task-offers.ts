import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { answerOfferPicker } from "~/modules/tasks/task-action.server.ts";
import type { Route } from "./+types/task-offers";

/** GET /admin/tasks/offers?q=: the new task form's offer picker (JSON, up to 20 offers); the manager's only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tasks");
  return answerOfferPicker(context.get(servicesContext), user, new URL(request.url));
}
