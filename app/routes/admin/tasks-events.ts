import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { staffEventStream } from "~/modules/live-updates/staff-streams.server.ts";
import type { Route } from "./+types/tasks-events";

/**
 * GET /admin/tasks/events: server-sent events for the tasks pages (decision 007), one `tasks` event
 * per committed change carrying only `{topic, id}`; the page refetches through its own loader.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tasks");
  return staffEventStream(request, context.get(servicesContext), user, "tasks");
}
