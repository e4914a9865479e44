import { servicesContext } from "~/context.ts";
import { viewingSlotChoices } from "~/modules/viewings/viewing-request-action.server.ts";
import type { Route } from "./+types/viewing-request";

/**
 * The times a visitor may ask for a viewing (the offer page's form loads them when it opens): the
 * firm's opening hours over the next 14 days, as of now. Never kept by a cache: they change by the hour.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json({ days: await viewingSlotChoices(context.get(servicesContext)) }, { headers: { "Cache-Control": "no-store" } });
}
