import { sql, type SQL } from "drizzle-orm";
import { offers } from "~/db/schema.ts";

/** Days an offer stays on the site after its confirmation fell due (decision 046): N + 7 unconfirmed and it leaves. */
export const AVAILABILITY_GRACE_DAYS = 7;

/**
 * The offer was confirmed available on the Riyadh day `days` days before the day of `at`, or later:
 * `available_confirmed_at` from the start of that day. Whole Riyadh days, so "confirmed N days ago"
 * turns at Riyadh midnight (the page cache already expires then: public-page-expiry.server.ts), and
 * a plain comparison with a value the index on the column answers.
 */
export function confirmedSinceRiyadhDay(at: SQL, days: number): SQL {
  return sql`${offers.availableConfirmedAt} >= (date_trunc('day', ${at} at time zone 'Asia/Riyadh') - ${days} * interval '1 day') at time zone 'Asia/Riyadh'`;
}
