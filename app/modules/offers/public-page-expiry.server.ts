import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { offers } from "~/db/schema.ts";
import { getStatusVisibilities } from "~/modules/lookups/lookups.server.ts";
import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Riyadh is UTC+3 all year (no daylight saving). */

/**
 * The next moment a public page may change with no write at all (decision 020), as epoch ms: the
 * page cache serves nothing kept before it from then on.
 * - An ad licence ends (`ad_licence_ends_at`, decision 017): from that moment the offer leaves the
 *   lists, the search, its neighbours' links and the sitemap, and its page answers 410.
 * - A new day in Riyadh: the offer page's "أضيف قبل ٣ أيام" and «آخر تحديث», and a licence's
 *   "ينتهي قريبًا" (14 days before its expiry date), are counted in Riyadh days; so is «تم التأكد من
 *   توفره …», and an offer left unconfirmed leaves the site at a Riyadh midnight (decision 046).
 * - A new day on the server's clock: the footer's year (`new Date().getFullYear()`).
 * - A sold or rented offer's days in «تم بيعها أو تأجيرها مؤخرًا» end (decision 027): it leaves the
 *   section and its page answers 404.
 */
export async function nextPublicPageChange(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.getTime();
  const riyadhMidnight = (Math.floor((at + RIYADH_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - RIYADH_OFFSET_MS;
  const localMidnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  // The database's clock decides when a licence has ended (publicOffersCondition compares with now()).
  const [row] = await db
    .select({ endsAt: sql<number | null>`floor(extract(epoch from min(${offers.adLicenceEndsAt})) * 1000)::float8` })
    .from(offers)
    .where(sql`${offers.adLicenceEndsAt} > now()`);
  const licenceEnd = row?.endsAt ?? Number.POSITIVE_INFINITY;
  const { recent } = await getStatusVisibilities(db);
  let recentEnd = Number.POSITIVE_INFINITY;
  if (recent.length) {
    // Per status, the oldest of its offers still in the section: offers_status_changed_idx read from the section's start.
    const ends = recent.map(
      ({ name, days }) =>
        sql`(select ${offers.statusChangedAt} + ${days} * interval '1 day' from ${offers} where ${offers.status} = ${name} and ${offers.statusChangedAt} > now() - ${days} * interval '1 day' order by ${offers.statusChangedAt} limit 1)`,
    );
    const [first] = await db.execute<{ at: number | null }>(sql`select floor(extract(epoch from least(${sql.join(ends, sql`, `)})) * 1000)::float8 as at`).then((r) => r.rows);
    recentEnd = first?.at ?? Number.POSITIVE_INFINITY;
  }
  return Math.min(riyadhMidnight, localMidnight, licenceEnd, recentEnd);
}
