import type { AppServices } from "~/context.ts";
import { SESSION_LIMITS } from "~/modules/auth/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { AddressSlots } from "~/utils/address-slots.ts";
import type { OfficeTopic } from "./event-hub.server.ts";
import { liveEventStream } from "./event-stream.server.ts";

/**
 * How many back-office live streams (/admin/tasks/events, /admin/finance/events) this process keeps
 * open: per signed-in member, so a runaway tab cannot hold unbounded connections, and in all.
 */
export const STAFF_STREAM_LIMITS = {
  total: 300,
  /** A member with a few tabs of tasks and finance open. */
  perUser: 6,
} as const;

/** The process's staff slots, counted by user id (not by address: an office shares one). */
export const staffStreamSlots = new AddressSlots({ total: STAFF_STREAM_LIMITS.total, perAddress: STAFF_STREAM_LIMITS.perUser }, (userId) => userId);

/**
 * A staff stream ends after the sessions' idle limit; the browser reconnects through the admin
 * guard, so a session that ended meanwhile (signed out, deactivated, expired) is refused and the
 * page's one fetch takes the member to the sign-in page. Not sooner: a reconnect counts as
 * activity and would keep an idle session alive.
 */
export const STAFF_STREAM_MAX_AGE_MS = SESSION_LIMITS.idleMs;

/**
 * GET /admin/<topic>/events for a member the route has already checked (requireSectionUser): one
 * `<topic>` event per committed change, carrying only `{topic, id}` (or `{kind: "resync"}`).
 */
export function staffEventStream(request: Request, services: AppServices, user: StaffProfile, topic: OfficeTopic): Response {
  return liveEventStream(request, {
    events: services.events,
    topic,
    slot: staffStreamSlots.acquire(String(user.id)),
    maxAgeMs: STAFF_STREAM_MAX_AGE_MS,
  });
}
