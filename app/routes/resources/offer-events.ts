import { clientAddressContext, servicesContext } from "~/context.ts";
import { liveEventStream } from "~/modules/live-updates/event-stream.server.ts";
import { offerStreamSlots } from "~/modules/offers/offer-stream-slots.ts";
import type { Route } from "./+types/offer-events";

/**
 * GET /api/offers/events: server-sent events, one `offers` event per committed change of an
 * offer (added, changed, deleted), so the lists can refresh without a reload. Beyond the limits
 * (in all, and per address) the stream is refused and browsers fall back to their normal fetches.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { events } = context.get(servicesContext);
  return liveEventStream(request, { events, topic: "offers", slot: offerStreamSlots.acquire(context.get(clientAddressContext)) });
}
