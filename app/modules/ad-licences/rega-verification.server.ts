import { and, eq, sql } from "drizzle-orm";
import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { offers, settings } from "~/db/schema.ts";
import { recordAudit, SYSTEM_ACTOR } from "~/modules/audit/index.server.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import type { Env } from "~/utils/env.server.ts";
import { log } from "~/utils/log.server.ts";
import { ADVERTISED_STATUSES, licenceEndsAt, type RegaWithdrawal } from "./ad-licence.ts";
import type { LicenceCheckAnswer, RegaLicence } from "./rega-answer.ts";
import { createRegaClient, RegaCheckError, type RegaClient, type RegaVerdict } from "./rega.server.ts";

/** What the offer form and its save say of REGA's verdict (decision 047), on the licence number field. */
export const REGA_VERDICT_MESSAGES = {
  valid: "تم التحقق من الترخيص لدى الهيئة العامة للعقار، وأُكملت من بياناته الحقول التي تعرفها الهيئة.",
  unknown: "لا تعرف الهيئة العامة للعقار هذا الترخيص: تأكد من رقمه، ومن رقم السجل التجاري للمنشأة في الإعدادات.",
  cancelled: "ألغت الهيئة العامة للعقار هذا الترخيص: لا يمكن نشر العرض به، أدخل ترخيصًا ساريًا أو غيّر حالة العرض.",
  ended: "انتهى هذا الترخيص لدى الهيئة العامة للعقار: جدّده أو أدخل ترخيصًا ساريًا، أو غيّر حالة العرض.",
  noAdvertiserId: "يرجى إدخال رقم السجل التجاري للمنشأة في الإعدادات أولًا: به تسأل الهيئة العامة للعقار عن تراخيص المعلن.",
  numberRequired: "يرجى إدخال رقم ترخيص الإعلان أولًا.",
} as const;

/** The REGA client of this server's settings (off without them). */
export const regaClientOf = (env: Pick<Env, "REGA_API_URL" | "REGA_CLIENT_ID" | "REGA_CLIENT_SECRET">): RegaClient => createRegaClient(env);

/** Asks REGA about a licence of the firm: the advertiser is the firm, by the commercial registration in the settings (read now, not cached). */
async function checkFirmLicence(db: Db, rega: RegaClient, licenceNumber: string, now: Date = new Date()): Promise<RegaVerdict | { state: "no-advertiser-id" }> {
  if (!rega.configured) throw new RegaCheckError("off");
  const [row] = await db.select({ cr: settings.commercialRegistration }).from(settings).where(eq(settings.id, 1));
  const advertiserId = row?.cr ?? "";
  if (!advertiserId) return { state: "no-advertiser-id" };
  return rega.check({ licenceNumber, advertiserId }, now);
}

export async function checkLicenceForForm(db: Db, rega: RegaClient, licenceNumber: string, now: Date = new Date()): Promise<LicenceCheckAnswer> {
  if (!licenceNumber) return { ok: false, message: REGA_VERDICT_MESSAGES.numberRequired };
  try {
    const verdict = await checkFirmLicence(db, rega, licenceNumber, now);
    if (verdict.state === "valid") return { ok: true, message: REGA_VERDICT_MESSAGES.valid, licence: verdict.licence };
    return { ok: false, message: verdict.state === "no-advertiser-id" ? REGA_VERDICT_MESSAGES.noAdvertiserId : REGA_VERDICT_MESSAGES[verdict.state] };
  } catch (error) {
    if (error instanceof RegaCheckError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * The save's check (decision 047), when REGA is configured: a licence REGA confirms is recorded as
 * verified now; one it does not know is refused whatever the status; one cancelled or ended, or a
 * check that could not be made (REGA slow or failing, no commercial registration), is refused only
 * for an offer that advertises (for sale, for rent): a sold or reserved record saves unverified.
 */
export async function checkLicenceForSave(
  db: Db,
  rega: RegaClient,
  licenceNumber: string,
  advertised: boolean,
  now: Date = new Date(),
): Promise<{ verifiedAt: Date } | { refusal: string } | null> {
  let verdict: Awaited<ReturnType<typeof checkFirmLicence>>;
  try {
    verdict = await checkFirmLicence(db, rega, licenceNumber, now);
  } catch (error) {
    if (!(error instanceof RegaCheckError)) throw error;
    return advertised ? { refusal: error.message } : null;
  }
  if (verdict.state === "valid") return { verifiedAt: now };
  if (verdict.state === "unknown") return { refusal: REGA_VERDICT_MESSAGES.unknown };
  if (!advertised) return null;
  return { refusal: verdict.state === "no-advertiser-id" ? REGA_VERDICT_MESSAGES.noAdvertiserId : REGA_VERDICT_MESSAGES[verdict.state] };
}

// ---- The nightly re-check ----

/** The scheduler's task name of the nightly re-check (decision 016: graphile-worker, once across instances). */
const REGA_RECHECK_TASK = "rega_licence_recheck";

/** A licence checked within this long is not asked about again by another run of the same night. */
const RECHECK_AFTER = "20 hours";

export interface RegaRecheckServices {
  db: Db;
  rega: RegaClient;
}

export interface RecheckOutcome {
  checked: number;
  /** Offers taken off the site by this run, with what REGA said. */
  withdrawn: Array<{ id: number; verdict: RegaWithdrawal }>;
  /** Offers whose check failed (REGA slow or failing): asked again the next night. */
  failed: number;
  /** Offers confirmed whose licence dates REGA gave differently: REGA's were copied onto them. */
  updated: number[];
}

const advertisedList = () =>
  sql.join(
    ADVERTISED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * Re-checks every published licence with REGA (decision 047): each for-sale or for-rent offer with
 * a licence that has not ended and was not taken away. Each offer is claimed first by stamping
 * `ad_licence_checked_at` (rows locked by another run are skipped), so two runs at once, on one
 * instance or two, never ask twice nor notify twice. A licence REGA reports cancelled or ended gets
 * `ad_licence_ends_at = now()`: the one public rule of ended licences (decision 017) takes the
 * offer off every public place at once, and the page cache, which the offers trigger clears, with
 * it; the manager's e-mail is queued in that same transaction. A valid one records the time and
 * takes REGA's dates when they changed.
 */
export async function recheckPublishedLicences(services: RegaRecheckServices, now: Date = new Date()): Promise<RecheckOutcome> {
  const { db, rega } = services;
  const outcome: RecheckOutcome = { checked: 0, withdrawn: [], failed: 0, updated: [] };
  if (!rega.configured) return outcome;
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows: claimed } = await db.execute<{ id: number; number: string }>(sql`
    update ${offers} set ad_licence_checked_at = ${at}
    where id in (
      select id from ${offers}
      where status in (${advertisedList()}) and ad_licence_number <> '' and ad_licence_withdrawn = ''
        and ad_licence_ends_at > ${at}
        and (ad_licence_checked_at is null or ad_licence_checked_at < ${at} - interval '${sql.raw(RECHECK_AFTER)}')
      for update skip locked)
    returning id, ad_licence_number as number`);
  for (const offer of claimed) {
    let verdict: Awaited<ReturnType<typeof checkFirmLicence>>;
    try {
      verdict = await checkFirmLicence(db, rega, offer.number, now);
    } catch (error) {
      outcome.failed += 1;
      log.warn("rega recheck failed", { offerId: offer.id, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    outcome.checked += 1;
    if (verdict.state === "no-advertiser-id") {
      log.warn("rega recheck skipped: no commercial registration in settings", { offerId: offer.id });
      continue;
    }
    if (verdict.state === "valid") {
      if (await confirmLicence(db, offer.id, offer.number, verdict.licence, now)) outcome.updated.push(offer.id);
      continue;
    }
    // Unknown to REGA now is a licence REGA took away: cancelled.
    const withdrawal: RegaWithdrawal = verdict.state === "ended" ? "ended" : "cancelled";
    if (await withdrawLicence(db, offer.id, offer.number, withdrawal)) outcome.withdrawn.push({ id: offer.id, verdict: withdrawal });
  }
  return outcome;
}

/**
 * A licence REGA confirms: the time is recorded, and REGA's dates are copied onto the offer when
 * they differ from what staff typed (a licence renewed at REGA, or its end brought forward), the
 * end moment with them, so the one public rule of decision 017 hides the offer on REGA's date, not
 * ours. Only while the offer still has that licence; a change is in the audit log, by the system.
 * True when a date changed.
 */
async function confirmLicence(db: Db, id: number, number: string, licence: RegaLicence, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ issuedOn: offers.adLicenceIssuedOn, expiresOn: offers.adLicenceExpiresOn })
      .from(offers)
      .where(and(eq(offers.id, id), eq(offers.adLicenceNumber, number)))
      .for("update");
    if (!current) return false;
    // A date REGA does not give keeps ours.
    const issuedOn = licence.issuedOn ?? current.issuedOn;
    const expiresOn = licence.expiresOn ?? current.expiresOn;
    const changed = issuedOn !== current.issuedOn || expiresOn !== current.expiresOn;
    await tx
      .update(offers)
      .set({
        adLicenceVerifiedAt: now,
        ...(changed ? { adLicenceIssuedOn: issuedOn, adLicenceExpiresOn: expiresOn, adLicenceEndsAt: expiresOn ? licenceEndsAt(expiresOn) : null } : {}),
      })
      .where(eq(offers.id, id));
    if (changed)
      await recordAudit(tx, SYSTEM_ACTOR, "offer", id, "ad-licence-change", {
        from: { number, issuedOn: current.issuedOn, expiresOn: current.expiresOn },
        to: { number, issuedOn, expiresOn },
        by: "rega",
      });
    return changed;
  });
}

/**
 * Takes an offer off the site for REGA's verdict and queues the manager's notice, in one
 * transaction: only while the offer still has that licence and nothing took it away yet, so a
 * licence changed meanwhile is left alone and a notice is never queued twice.
 */
async function withdrawLicence(db: Db, id: number, number: string, withdrawal: RegaWithdrawal): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({ adLicenceWithdrawn: withdrawal, adLicenceEndsAt: sql`least(coalesce(${offers.adLicenceEndsAt}, now()), now())` })
      .where(and(eq(offers.id, id), eq(offers.adLicenceNumber, number), eq(offers.adLicenceWithdrawn, "")))
      .returning({ id: offers.id, title: offers.title });
    if (!row) return false;
    const [found] = await tx.select({ to: settings.managerEmail }).from(settings).where(eq(settings.id, 1));
    const to = found?.to ?? "";
    if (!to) log.warn("licence withdrawal notice skipped: no manager e-mail in settings", { offerId: id });
    else
      await queueEmail(tx, {
        purpose: "licence-withdrawn",
        to,
        ...withdrawalNotice(row.title, number, withdrawal),
        link: { label: "تعديل العرض", path: `/admin/offers/edit/${id}` },
      });
    log.info("offer withdrawn: rega licence " + withdrawal, { offerId: id });
    return true;
  });
}

function withdrawalNotice(title: string, number: string, withdrawal: RegaWithdrawal): { subject: string; body: string } {
  const said = withdrawal === "cancelled" ? "أن ترخيص إعلانه ملغى" : "أن ترخيص إعلانه منتهٍ";
  return {
    subject: `أُخفي العرض «${title}» من الموقع: ${withdrawal === "cancelled" ? "ترخيص إعلانه ملغى" : "ترخيص إعلانه منتهٍ"} لدى الهيئة العامة للعقار`,
    body: [
      "مرحبًا،",
      "",
      `عند التحقق الليلي من تراخيص الإعلانات أفادت الهيئة العامة للعقار ${said}، فأُخفي العرض من الموقع في الحال.`,
      `رقم الترخيص: ${number}`,
      "أدخل في العرض ترخيصًا ساريًا ليعود إلى الموقع، أو غيّر حالته.",
      "",
      COMPANY_NAME,
    ].join("\n"),
  };
}

/** The nightly re-check on the job scheduler (decision 016): at 02:00 Riyadh (23:00 UTC), once across the instances. */
export function regaRecheckJobs(services: RegaRecheckServices): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  async function run() {
    try {
      const outcome = await recheckPublishedLicences(services);
      if (outcome.checked || outcome.failed)
        log.info("rega licences rechecked", { checked: outcome.checked, withdrawn: outcome.withdrawn, failed: outcome.failed, updated: outcome.updated });
    } catch (error) {
      log.warn("rega recheck failed", { error: String(error) });
    }
  }
  return {
    tasks: { [REGA_RECHECK_TASK]: run },
    cron: [{ task: REGA_RECHECK_TASK, identifier: REGA_RECHECK_TASK, match: "0 23 * * *" }],
    atStart: [],
  };
}
