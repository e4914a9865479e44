import { sql, type SQL } from "drizzle-orm";
import { offers } from "~/db/schema.ts";
import { addDays, riyadhDayOf, riyadhDayStart } from "~/utils/riyadh-day.ts";

/** Days an offer stays on the site after its confirmation fell due (decision 046): N + 7 unconfirmed and it leaves. */
export const AVAILABILITY_GRACE_DAYS = 7;

/**
 * The offer was confirmed available on the Riyadh day `days` days before the day of `at`, or later:
 * `available_confirmed_at` from the start of that day. Whole Riyadh days, so "confirmed N days ago"
 * turns at Riyadh midnight (the page cache already expires then: public-page-expiry.server.ts).
 * The day's start is worked out here, once, and sent as a value: written in SQL from now(), PostgreSQL
 * converted time zones twice for every row a filter read (every public list, map and search query,
 * and the reports' count of all offers); the planner still sees the value to estimate with.
 */
export function confirmedSinceRiyadhDay(at: Date, days: number): SQL {
  const since = riyadhDayStart(addDays(riyadhDayOf(at), -days));
  return sql`${offers.availableConfirmedAt} >= ${since.toISOString()}::timestamptz`;
}
