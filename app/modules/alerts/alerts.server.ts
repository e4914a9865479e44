import crypto from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import type { Db, Tx } from "~/db/client.server.ts";
import { searchAlertDigests, searchAlerts } from "~/db/schema.ts";
import { newToken, sha256 } from "~/modules/auth/sessions.server.ts";
import { queueEmail } from "~/modules/messaging/mail-queue.server.ts";
import { filterChips } from "~/modules/offers/index.server.ts";
import { offerFiltersQuery, type OfferFilters } from "~/modules/search/index.ts";
import { parseOfferFilters } from "~/modules/search/index.server.ts";
import { getAppSecret } from "~/utils/secrets.server.ts";
import { ALERT_RULES } from "./alert-limits.ts";
import { alertActiveMail, alertConfirmationMail } from "./alert-mail.server.ts";
import type { ConfirmationState, UnsubscribeState } from "./alert-view.ts";

type Services = Pick<AppServices, "db" | "env">;

/** An address as an alert keeps it: trimmed, lower-case (the schema has checked it is one). */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The filters an alert keeps: those of the list, without its page and order. */
export type AlertFilters = Omit<OfferFilters, "page" | "priceSort">;

/**
 * A search as an alert keeps it: the list's filters read from a query string exactly as /offers
 * reads them, written back in the list's own order without the page and the order, so the same
 * search is always the same text (and one alert).
 */
export function savedSearch(params: URLSearchParams): { query: string; filters: AlertFilters } {
  const { page: _page, priceSort: _sort, ...filters } = parseOfferFilters(params);
  return { query: offerFiltersQuery(filters).replace(/^\?/, ""), filters };
}

/** The search in words, as the list's chips say it: «الرياض، شقة، للبيع»; every offer when there is no filter. */
export function searchDescription(query: string): string {
  const labels = filterChips({ ...savedSearch(new URLSearchParams(query)).filters, page: 1 }).map((chip) => chip.label);
  return labels.length ? labels.join("، ") : "كل العروض";
}

const confirmLink = (publicUrl: string, token: string) => `${publicUrl}/alerts/confirm/${token}`;
export const unsubscribeLink = (publicUrl: string, token: string) => `${publicUrl}/alerts/unsubscribe/${token}`;
export const searchLink = (publicUrl: string, query: string) => `${publicUrl}/offers${query ? `?${query}` : ""}`;

// ---- Unsubscribe tokens: an HMAC of what they cancel, with the server's secret ----

/** `a` cancels one alert; `d` every alert of the address an alert e-mail (a digest) went to. */
type UnsubscribeTarget = { kind: "a" | "d"; id: number };

async function signature(db: Db, target: UnsubscribeTarget): Promise<string> {
  const secret = await getAppSecret(db, "search-alert-unsubscribe");
  return crypto.createHmac("sha256", secret).update(`${target.kind}${target.id}`).digest("base64url");
}

/** The token of an unsubscribe link: nothing stored, it works as long as the secret stays. */
export async function unsubscribeToken(db: Db, target: UnsubscribeTarget): Promise<string> {
  return `${target.kind}${target.id}-${await signature(db, target)}`;
}

async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const match = /^([ad])([1-9][0-9]{0,9})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const target: UnsubscribeTarget = { kind: match[1] as "a" | "d", id: Number(match[2]) };
  if (!Number.isSafeInteger(target.id) || target.id > 2_147_483_647) return null;
  const expected = Buffer.from(await signature(db, target));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? target : null;
}

// ---- Subscribing ----

export type SubscribeOutcome =
  /** A confirmation e-mail went out (a new alert, or one waiting whose last e-mail is over 10 minutes old). */
  | "confirmation-sent"
  /** Already on: a reminder with its links went out. */
  | "reminder-sent"
  /** An e-mail about this alert went out less than 10 minutes ago: nothing sent. */
  | "recently-sent"
  /** The address holds its 10 alerts. */
  | "limit";

/**
 * «نبهني بالعروض الجديدة»: keeps the alert unconfirmed and e-mails its confirmation link (double
 * opt-in: nothing else is sent before it is confirmed). Under a lock on the address (a
 * transaction-level advisory lock), so concurrent requests cannot pass its limit of 10 alerts or
 * send two e-mails about one alert; an e-mail about the same alert goes out at most once per 10
 * minutes. The e-mail is queued with the change (decision 032).
 */
export async function subscribeToAlert(services: Services, input: { email: string; search: URLSearchParams }, now = new Date()): Promise<{ outcome: SubscribeOutcome }> {
  const { db, env } = services;
  const email = normaliseEmail(input.email);
  const { query } = savedSearch(input.search);
  const token = newToken();
  const resendBefore = new Date(now.getTime() - ALERT_RULES.resendAfterMs);
  const expiredBefore = new Date(now.getTime() - ALERT_RULES.confirmValidMs);
  const decided = await db.transaction(async (tx) => {
    const outcome = await decideUnderLock(tx);
    // The e-mail is queued in the same transaction as the alert's change (decision 032): it goes
    // out, with retries, exactly when that commits; the 10-minute guard keeps it to one per 10 minutes.
    const description = searchDescription(query);
    if (outcome.outcome === "confirmation-sent") {
      const mail = alertConfirmationMail({ description, confirmUrl: confirmLink(env.PUBLIC_URL, token), searchUrl: searchLink(env.PUBLIC_URL, query) });
      await queueEmail(tx, { purpose: "alert-confirmation", to: email, ...mail });
    } else if (outcome.outcome === "reminder-sent") {
      const unsubscribeUrl = unsubscribeLink(env.PUBLIC_URL, await unsubscribeToken(db, { kind: "a", id: outcome.id }));
      const mail = alertActiveMail({ description, searchUrl: searchLink(env.PUBLIC_URL, query), unsubscribeUrl });
      await queueEmail(tx, { purpose: "alert-reminder", to: email, ...mail, headers: listUnsubscribeHeaders(unsubscribeUrl) });
    }
    return outcome;
  });
  return { outcome: decided.outcome };

  async function decideUnderLock(tx: Tx) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`search-alert:${email}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(searchAlerts)
      .where(and(eq(searchAlerts.email, email), eq(searchAlerts.query, query), isNull(searchAlerts.unsubscribedAt)));
    if (existing && existing.confirmedAt) {
      const [reminded] = await tx
        .update(searchAlerts)
        .set({ confirmSentAt: now })
        .where(and(eq(searchAlerts.id, existing.id), lte(searchAlerts.confirmSentAt, resendBefore)))
        .returning({ id: searchAlerts.id });
      return reminded ? { outcome: "reminder-sent" as const, id: existing.id } : { outcome: "recently-sent" as const };
    }
    // A waiting alert whose link has expired counts again once it is sent again.
    if (!existing || existing.confirmSentAt <= expiredBefore) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(searchAlerts)
        .where(and(eq(searchAlerts.email, email), isNull(searchAlerts.unsubscribedAt), or(isNotNull(searchAlerts.confirmedAt), gt(searchAlerts.confirmSentAt, expiredBefore))));
      if (n >= ALERT_RULES.perAddress) return { outcome: "limit" as const };
    }
    if (existing) {
      const [renewed] = await tx
        .update(searchAlerts)
        .set({ confirmTokenHash: sha256(token), confirmSentAt: now })
        .where(and(eq(searchAlerts.id, existing.id), lte(searchAlerts.confirmSentAt, resendBefore)))
        .returning({ id: searchAlerts.id });
      return renewed ? { outcome: "confirmation-sent" as const, id: existing.id } : { outcome: "recently-sent" as const };
    }
    const [created] = await tx
      .insert(searchAlerts)
      .values({ email, query, confirmTokenHash: sha256(token), confirmSentAt: now, createdAt: now })
      .returning({ id: searchAlerts.id });
    return { outcome: "confirmation-sent" as const, id: created!.id };
  }
}

/** RFC 8058: the mail client's own «إلغاء الاشتراك» posts to the link, with no page in between. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

// ---- Confirming ----

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The alert a confirmation link belongs to, and where it stands at `now`. */
export async function readConfirmation(db: Db, token: string, now = new Date()): Promise<ConfirmationState> {
  if (!TOKEN_SHAPE.test(token)) return { kind: "invalid" };
  const [alert] = await db
    .select()
    .from(searchAlerts)
    .where(eq(searchAlerts.confirmTokenHash, sha256(token)));
  if (!alert) return { kind: "invalid" };
  const seen = { query: alert.query, description: searchDescription(alert.query) };
  if (alert.unsubscribedAt) return { kind: "unsubscribed", ...seen };
  if (alert.confirmedAt) return { kind: "confirmed", ...seen, unsubscribeToken: await unsubscribeToken(db, { kind: "a", id: alert.id }) };
  if (alert.confirmSentAt.getTime() + ALERT_RULES.confirmValidMs <= now.getTime()) return { kind: "expired", ...seen };
  return { kind: "pending", ...seen };
}

/**
 * The confirmation link's button: turns the alert on, once — of two posts of the same link (or a
 * link whose alert was cancelled, or older than 48 hours) only one finds it waiting. Answers what
 * the link finds afterwards, `done` when this post confirmed it.
 */
export async function confirmAlert(db: Db, token: string, now = new Date()): Promise<{ done: boolean; state: ConfirmationState }> {
  if (!TOKEN_SHAPE.test(token)) return { done: false, state: { kind: "invalid" } };
  const [confirmed] = await db
    .update(searchAlerts)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(searchAlerts.confirmTokenHash, sha256(token)),
        isNull(searchAlerts.confirmedAt),
        isNull(searchAlerts.unsubscribedAt),
        gt(searchAlerts.confirmSentAt, new Date(now.getTime() - ALERT_RULES.confirmValidMs)),
      ),
    )
    .returning({ id: searchAlerts.id });
  return { done: Boolean(confirmed), state: await readConfirmation(db, token, now) };
}

// ---- Unsubscribing ----

/** The alerts a link cancels: one alert (`a`), or every alert of the address a digest went to (`d`). */
async function targetAlerts(db: Db, target: UnsubscribeTarget) {
  if (target.kind === "a") return db.select().from(searchAlerts).where(eq(searchAlerts.id, target.id));
  const [digest] = await db.select({ email: searchAlertDigests.email }).from(searchAlertDigests).where(eq(searchAlertDigests.id, target.id));
  if (!digest) return [];
  return db.select().from(searchAlerts).where(eq(searchAlerts.email, digest.email)).orderBy(searchAlerts.id);
}

export async function readUnsubscribe(db: Db, token: string): Promise<UnsubscribeState> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return { kind: "invalid" };
  const alerts = await targetAlerts(db, target);
  if (!alerts.length) return { kind: "invalid" };
  // An address's link lists what it still cancels; once all are cancelled, the alerts that were on.
  const active = alerts.filter((alert) => !alert.unsubscribedAt);
  const shown = target.kind === "a" ? alerts : active.length ? active : alerts.filter((alert) => alert.confirmedAt);
  return {
    kind: "found",
    scope: target.kind === "a" ? "alert" : "address",
    searches: (shown.length ? shown : alerts).map((alert) => ({ query: alert.query, description: searchDescription(alert.query) })),
    active: active.length > 0,
  };
}

/**
 * Cancels what the link names (RFC 8058's one-click post, or the page's button): the alert, or
 * every alert of the address. Kept, marked cancelled: the link then says so. Idempotent.
 */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<{ cancelled: number; state: UnsubscribeState }> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return { cancelled: 0, state: { kind: "invalid" } };
  const ids = (await targetAlerts(db, target)).filter((alert) => !alert.unsubscribedAt).map((alert) => alert.id);
  const cancelled = ids.length
    ? await db
        .update(searchAlerts)
        .set({ unsubscribedAt: now })
        .where(and(inArray(searchAlerts.id, ids), isNull(searchAlerts.unsubscribedAt)))
        .returning({ id: searchAlerts.id })
    : [];
  return { cancelled: cancelled.length, state: await readUnsubscribe(db, token) };
}

// ---- Reports ----

/** Alerts confirmed and not cancelled: the reports' «تنبيهات البحث المفعّلة». */
export async function countActiveAlerts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(searchAlerts)
    .where(and(isNotNull(searchAlerts.confirmedAt), isNull(searchAlerts.unsubscribedAt)));
  return row?.n ?? 0;
}
