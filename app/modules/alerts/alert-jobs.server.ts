import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import { checkAndSendJobs, type SendAttempt } from "~/modules/scheduler/check-and-send.server.ts";
import type { Db, Tx } from "~/db/client.server.ts";
import { offerPublications, offers, searchAlertDigests, searchAlerts, searchAlertSentOffers } from "~/db/schema.ts";
import type { Mailer } from "~/modules/messaging/mail.server.ts";
import { ADVERTISED_STATUSES } from "~/modules/ad-licences/index.ts";
import { offerPriceText } from "~/modules/offers/index.ts";
import { publicOffersMatching } from "~/modules/offers/index.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { log } from "~/utils/log.server.ts";
import { ALERT_RULES } from "./alert-limits.ts";
import { alertDigestMail, DIGEST_OFFERS_LISTED, type DigestSection } from "./alert-mail.server.ts";
import { listUnsubscribeHeaders, savedSearch, searchDescription, searchLink, unsubscribeLink, unsubscribeToken } from "./alerts.server.ts";

/** The scheduler's task names of the search alerts (decision 016: graphile-worker, once across instances). */
export const ALERT_TASKS = { tick: "search_alerts_tick", send: "search_alert_send" } as const;

/** Attempts at one e-mail before it shows as failed (graphile-worker's back-off: about half an hour in all). */
const ALERT_SEND_ATTEMPTS = 8;

/**
 * How far back an alert looks for offers that became public: an e-mail that could not go out for a
 * week does not bring old offers as news. (Each offer is announced to an alert once anyway.)
 */
const ALERT_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

/** A waiting alert whose link expired this long ago is deleted (its link then says «غير صالح»). */
const PENDING_KEPT_MS = 30 * 24 * 60 * 60_000;

export interface AlertJobServices {
  db: Db;
  env: { PUBLIC_URL: string };
  mailer: Mailer;
}

type ActiveAlert = { id: number; email: string; query: string; confirmedAt: Date };

/** The public list's own condition for an alert's saved search (offers.server.ts), never a copy of the filters. */
async function alertCondition(db: Db, alert: ActiveAlert): Promise<SQL> {
  return publicOffersMatching(db, savedSearch(new URLSearchParams(alert.query)).filters);
}

/**
 * The offers new to an alert at `now`: for sale or for rent, matching its search as the public
 * list would show it now, public since its confirmation (within the look-back), and not announced
 * to it before; only while the alert is still on.
 */
function newMatches(db: Db | Tx, condition: SQL, alert: ActiveAlert, now: Date) {
  const since = new Date(Math.max(alert.confirmedAt.getTime(), now.getTime() - ALERT_LOOKBACK_MS));
  const announced = db
    .select({ one: sql`1` })
    .from(searchAlertSentOffers)
    .where(and(eq(searchAlertSentOffers.alertId, alert.id), eq(searchAlertSentOffers.offerId, offers.id)));
  const stillOn = sql`exists (select 1 from ${searchAlerts} where ${searchAlerts.id} = ${alert.id} and ${searchAlerts.unsubscribedAt} is null)`;
  return db
    .select({ alertId: sql<number>`${alert.id}::int`.as("alert_id"), offerId: sql<number>`${offers.id}`.as("offer_id") })
    .from(offers)
    .innerJoin(offerPublications, eq(offerPublications.offerId, offers.id))
    .where(and(condition, inArray(offers.status, [...ADVERTISED_STATUSES]), gte(offerPublications.at, since), notExists(announced), stillOn));
}

/** Thrown inside a claim that found nothing new after all: the day's claim rolls back, free for a later check. */
class NothingNew extends Error {}

/**
 * Claims `day` for one address and queues its e-mail, in one transaction: the day's row (unique
 * per address and day: of concurrent checks one insert wins, the others wait for it and add
 * nothing), each alert's new offers marked as announced in this e-mail, the content, and the send
 * job (graphile_worker.add_job: it exists only if all this commits). Null when the day was
 * already taken or nothing new remained.
 */
async function claimDigest(services: AlertJobServices, email: string, day: string, alerts: Array<{ alert: ActiveAlert; condition: SQL }>, now: Date, maxAttempts: number) {
  const { db, env } = services;
  try {
    return await db.transaction(async (tx) => {
      const [digest] = await tx.insert(searchAlertDigests).values({ email, day }).onConflictDoNothing().returning({ id: searchAlertDigests.id });
      if (!digest) return null;
      const sections: DigestSection[] = [];
      const announced = new Set<number>();
      for (const { alert, condition } of alerts) {
        const { rows } = await tx.execute<{ offer_id: number }>(
          sql`insert into ${searchAlertSentOffers} (alert_id, offer_id, digest_id) select m.alert_id, m.offer_id, ${digest.id}::int from (${newMatches(tx, condition, alert, now)}) as m on conflict do nothing returning offer_id`,
        );
        if (!rows.length) continue;
        for (const row of rows) announced.add(row.offer_id);
        const listed = await tx
          .select({
            id: offers.id,
            title: offers.title,
            status: offers.status,
            propertyType: offers.propertyType,
            city: offers.city,
            location: offers.location,
            price: offers.price,
            rentPeriod: offers.rentPeriod,
          })
          .from(offers)
          .innerJoin(offerPublications, eq(offerPublications.offerId, offers.id))
          .where(
            inArray(
              offers.id,
              rows.map((row) => row.offer_id),
            ),
          )
          .orderBy(desc(offerPublications.at), desc(offers.id))
          .limit(DIGEST_OFFERS_LISTED);
        sections.push({
          description: searchDescription(alert.query),
          searchUrl: searchLink(env.PUBLIC_URL, alert.query),
          unsubscribeUrl: unsubscribeLink(env.PUBLIC_URL, await unsubscribeToken(db, { kind: "a", id: alert.id })),
          offers: listed.map((offer) => ({
            title: offer.title,
            url: `${env.PUBLIC_URL}/offer/${offer.id}`,
            summary: `${offer.propertyType} ${offer.status} — ${[offer.location, offer.city].filter(Boolean).join("، ")}`,
            price: offerPriceText(offer.price, offer.rentPeriod),
          })),
          more: rows.length - listed.length,
        });
      }
      if (!sections.length) throw new NothingNew();
      const mail = alertDigestMail({
        sections,
        total: announced.size,
        unsubscribeAllUrl: unsubscribeLink(env.PUBLIC_URL, await unsubscribeToken(db, { kind: "d", id: digest.id })),
      });
      await tx.update(searchAlertDigests).set({ subject: mail.subject, text: mail.body, html: mail.html }).where(eq(searchAlertDigests.id, digest.id));
      await tx.execute(
        sql`select graphile_worker.add_job(${ALERT_TASKS.send}, json_build_object('digestId', ${digest.id}::int), max_attempts := ${maxAttempts}::int, job_key := ${`search-alert-send:${digest.id}`})`,
      );
      return digest.id;
    });
  } catch (error) {
    if (error instanceof NothingNew) return null;
    throw error;
  }
}

/**
 * The alerts' check (every 15 minutes in the day, and on demand): for every address with alerts
 * on and no alert e-mail yet this Riyadh day, finds each alert's new matches in SQL with the public
 * list's own conditions; an address with any gets one e-mail listing them all, claimed and queued
 * exactly once across instances (claimDigest). Returns the e-mails queued.
 */
export async function queueAlertDigests(services: AlertJobServices, now = new Date(), maxAttempts = ALERT_SEND_ATTEMPTS): Promise<number[]> {
  const { db } = services;
  const day = riyadhDayOf(now);
  await db
    .delete(searchAlerts)
    .where(and(isNull(searchAlerts.confirmedAt), lt(searchAlerts.confirmSentAt, new Date(now.getTime() - ALERT_RULES.confirmValidMs - PENDING_KEPT_MS))));
  const sentToday = db
    .select({ one: sql`1` })
    .from(searchAlertDigests)
    .where(and(eq(searchAlertDigests.email, searchAlerts.email), eq(searchAlertDigests.day, day)));
  const rows = await db
    .select({ id: searchAlerts.id, email: searchAlerts.email, query: searchAlerts.query, confirmedAt: searchAlerts.confirmedAt })
    .from(searchAlerts)
    .where(and(isNotNull(searchAlerts.confirmedAt), isNull(searchAlerts.unsubscribedAt), notExists(sentToday)))
    .orderBy(searchAlerts.email, searchAlerts.id);
  const byEmail = new Map<string, ActiveAlert[]>();
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), { ...row, confirmedAt: row.confirmedAt! }]);

  const queued: number[] = [];
  for (const [email, alerts] of byEmail) {
    const withConditions = await Promise.all(alerts.map(async (alert) => ({ alert, condition: await alertCondition(db, alert) })));
    // A read first: most checks find nothing, and then nothing is written.
    let found = false;
    for (const { alert, condition } of withConditions) {
      if ((await newMatches(db, condition, alert, now).limit(1)).length) {
        found = true;
        break;
      }
    }
    if (!found) continue;
    const id = await claimDigest(services, email, day, withConditions, now, maxAttempts);
    if (id !== null) queued.push(id);
  }
  if (queued.length) log.info("search alert e-mails queued", { day, digests: queued.length });
  return queued;
}

/**
 * One attempt at one alert e-mail, with RFC 8058's headers (the link cancels every alert of the
 * address). Success marks it sent; a failure keeps its reason and throws, so the scheduler tries
 * again after its back-off, and the last one marks it failed. A job run twice finds it sent.
 */
export async function sendAlertDigest(services: AlertJobServices, digestId: number, attempt: SendAttempt): Promise<"sent" | "failed" | "gone"> {
  const { db, env } = services;
  const [digest] = await db.select().from(searchAlertDigests).where(eq(searchAlertDigests.id, digestId));
  if (!digest) return "gone";
  if (digest.status === "sent") return "sent";
  await db
    .update(searchAlertDigests)
    .set({ attempts: sql`${searchAlertDigests.attempts} + 1` })
    .where(eq(searchAlertDigests.id, digestId));
  const unsubscribeAll = unsubscribeLink(env.PUBLIC_URL, await unsubscribeToken(db, { kind: "d", id: digestId }));
  try {
    await services.mailer.send({ to: digest.email, subject: digest.subject, body: digest.text, html: digest.html, headers: listUnsubscribeHeaders(unsubscribeAll) });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const last = attempt.number >= attempt.max;
    await db
      .update(searchAlertDigests)
      .set({ status: last ? "failed" : "queued", lastError: reason })
      .where(eq(searchAlertDigests.id, digestId));
    log.warn("search alert e-mail failed", { digestId, attempt: attempt.number, of: attempt.max, reason });
    if (last) return "failed";
    throw error;
  }
  await db.update(searchAlertDigests).set({ status: "sent", lastError: null, sentAt: new Date() }).where(eq(searchAlertDigests.id, digestId));
  return "sent";
}

/**
 * The alerts on the scheduler: the check every 15 minutes from 08:00 to 20:45 Riyadh (crontab is
 * UTC: 05–17), so nobody is e-mailed at night — what became public after the last check of the
 * day goes out the next morning. No check at start: the next one comes within 15 minutes.
 */
export function searchAlertJobs(services: AlertJobServices, options: { now?: () => Date; maxAttempts?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? ALERT_SEND_ATTEMPTS;
  return checkAndSendJobs({
    names: ALERT_TASKS,
    match: "*/15 5-17 * * *",
    atStart: false,
    checkFailed: "search alerts check failed",
    idField: "digestId",
    check: () => queueAlertDigests(services, now(), maxAttempts),
    send: (digestId, attempt) => sendAlertDigest(services, digestId, attempt),
  });
}
