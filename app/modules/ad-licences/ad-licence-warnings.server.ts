import { eq, inArray, sql } from "drizzle-orm";
import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { adLicenceWarnings, offers, settings } from "~/db/schema.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import type { Mailer } from "~/modules/messaging/mail.server.ts";
import { daysText, offersText } from "~/utils/count-words.ts";
import { formatDateWithHijri } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";
import { ADVERTISED_STATUSES, LICENCE_WARNING_DAYS } from "./ad-licence.ts";

/** The scheduler's task name of the warnings (decision 016: graphile-worker, once across instances). */
export const AD_LICENCE_WARNINGS_TASK = "ad_licence_warnings";

export interface AdLicenceWarningServices {
  db: Db;
  env: { PUBLIC_URL: string };
  mailer: Mailer;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An offer listed in a warning e-mail. */
export interface LicenceWarning {
  id: number;
  title: string;
  number: string;
  expiresOn: string;
  /** Whole days left before the licence ends (midnight in Riyadh after its expiry date), at least 1. */
  daysLeft: number;
}

/** The address of an offer's edit form in the back office. */
const offerEditUrl = (publicUrl: string, id: number) => `${publicUrl}/admin/offers/edit/${id}`;

/** The warning e-mail: one for every run that found something due, listing each offer with the link to its form. */
function adLicenceWarningMail(publicUrl: string, warnings: LicenceWarning[]): { subject: string; body: string } {
  const lines = warnings.flatMap((offer) => [
    `• ${offer.title}`,
    `  رقم الترخيص: ${offer.number}`,
    `  ينتهي في: ${formatDateWithHijri(offer.expiresOn)} (المتبقي: ${daysText(offer.daysLeft)})`,
    `  للتعديل: ${offerEditUrl(publicUrl, offer.id)}`,
    "",
  ]);
  return {
    subject: `تراخيص إعلانات تقترب من الانتهاء: ${offersText(warnings.length)}`,
    body: [
      "مرحبًا،",
      "",
      "تقترب تراخيص الإعلان التالية من الانتهاء. جدّد كل ترخيص من منصة الهيئة العامة للعقار ثم أدخل رقمه وتاريخيه الجديدين في العرض؛ وإلا اختفى العرض من الموقع لحظة انتهاء ترخيصه.",
      "",
      ...lines,
      COMPANY_NAME,
    ].join("\n"),
  };
}

/**
 * Sends the ad licence warnings that are due at `now` (decision 017): 14 and 3 days before a
 * for-sale or for-rent offer's licence ends, the manager is e-mailed once per offer, expiry date
 * and lead time — a renewed licence (a new expiry date) is warned again. Each warning is claimed by
 * inserting its row (`ON CONFLICT DO NOTHING RETURNING`) in the transaction that sends the one
 * e-mail of the run: a concurrent run waits on those rows and then finds them taken, and a failed
 * send rolls the claims back for the next run. Without a manager e-mail in the settings nothing is
 * claimed (the warnings go out once there is one). Returns the offers the e-mail listed.
 */
export async function sendAdLicenceWarnings(services: AdLicenceWarningServices, now: Date = new Date()): Promise<LicenceWarning[]> {
  const { db } = services;
  // Read now, not from the process's cache: a change on another instance applies at once.
  const [row] = await db.select({ managerEmail: settings.managerEmail }).from(settings).where(eq(settings.id, 1));
  const to = row?.managerEmail ?? "";
  const advertised = sql.join(
    ADVERTISED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  /** Each (offer, expiry date, lead time) due now: a licence of an advertised offer that has not ended and ends within the lead time. */
  const due = sql`
    select o.id, o.ad_licence_expires_on, lead.days
    from ${offers} o cross join unnest(${`{${LICENCE_WARNING_DAYS.join(",")}}`}::int[]) as lead(days)
    where o.status in (${advertised}) and o.ad_licence_number <> '' and o.ad_licence_expires_on is not null
      and o.ad_licence_ends_at > ${at} and o.ad_licence_ends_at <= ${at} + make_interval(days => lead.days)`;
  return db.transaction(async (tx) => {
    if (!to) {
      const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${due}) as pending`);
      if (rows[0]?.n) log.warn("ad licence warnings waiting: no manager e-mail in settings", { due: rows[0].n });
      return [];
    }
    const { rows: claimed } = await tx.execute<{ offer_id: number }>(
      sql`insert into ${adLicenceWarnings} (offer_id, expires_on, days_before) ${due} on conflict do nothing returning offer_id`,
    );
    const ids = [...new Set(claimed.map((claim) => claim.offer_id))];
    if (!ids.length) return [];
    const listed = await tx
      .select({ id: offers.id, title: offers.title, number: offers.adLicenceNumber, expiresOn: offers.adLicenceExpiresOn, endsAt: offers.adLicenceEndsAt })
      .from(offers)
      .where(inArray(offers.id, ids))
      .orderBy(offers.adLicenceEndsAt, offers.id);
    const warnings = listed.map((offer) => ({
      id: offer.id,
      title: offer.title,
      number: offer.number,
      expiresOn: offer.expiresOn!,
      daysLeft: Math.max(1, Math.ceil((offer.endsAt!.getTime() - now.getTime()) / DAY_MS)),
    }));
    // Sent inside the transaction: a failed send throws and rolls the claims back.
    await services.mailer.send({ to, ...adLicenceWarningMail(services.env.PUBLIC_URL, warnings) });
    return warnings;
  });
}

/**
 * The warnings on the job scheduler (app/modules/scheduler): every hour, once across the instances
 * sharing the database, and once at each start (a warning that fell due while no instance ran).
 */
export function adLicenceWarningJobs(services: AdLicenceWarningServices): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  async function run() {
    try {
      const sent = await sendAdLicenceWarnings(services);
      if (sent.length) log.info("ad licence warnings sent", { offers: sent.map((offer) => offer.id) });
    } catch (error) {
      // Nothing was claimed (rolled back): the next hour tries again, with no retries piling up behind it.
      log.warn("ad licence warnings failed", { error: String(error) });
    }
  }
  return {
    tasks: { [AD_LICENCE_WARNINGS_TASK]: run },
    cron: [{ task: AD_LICENCE_WARNINGS_TASK, identifier: AD_LICENCE_WARNINGS_TASK, match: "0 * * * *" }],
    atStart: [{ task: AD_LICENCE_WARNINGS_TASK, jobKey: `${AD_LICENCE_WARNINGS_TASK}:start` }],
  };
}
