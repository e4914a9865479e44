import { desc, eq, inArray, sql } from "drizzle-orm";
import { checkAndSendJobs, type SendAttempt } from "~/modules/scheduler/check-and-send.server.ts";
import type { Db, Tx } from "~/db/client.server.ts";
import { dailyReportDeliveries, dailyReports, settings } from "~/db/schema.ts";
import type { Mailer } from "~/modules/messaging/mail.server.ts";
import type { WhatsappSender } from "~/modules/messaging/whatsapp.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { log } from "~/utils/log.server.ts";
import type { DailyChannel, DailyReportTrigger, DeliveryStatus, SentReport } from "./daily-delivery.ts";
import { dailyReportHtml } from "./daily-report-html.server.ts";
import { dailyReportSubject } from "./daily-report-text.ts";
import { buildDailyReport, dailyReportText, previousDay, reportDayAt, riyadhClock } from "./daily-report.server.ts";

/** The scheduler's task names of the daily report. */
export const DAILY_TASKS = { tick: "daily_report_tick", send: "daily_report_send" } as const;

/**
 * Attempts per channel before it shows as failed. graphile-worker waits exp(n) seconds after the
 * n-th failure: 3 s, 7 s, 20 s, 55 s, 2.5 min, 6.7 min, 18 min — about half an hour in all.
 */
export const DAILY_SEND_ATTEMPTS = 8;

export const DAILY_REPORT_MESSAGES = {
  noChannel: "التقرير اليومي غير مفعّل: فعّل إرساله بالبريد أو عبر واتساب في الإعدادات، مع بريد المدير أو رقم واتسابه.",
  noRecipient: { email: "لا يوجد بريد إلكتروني للمدير في الإعدادات.", whatsapp: "لا يوجد رقم واتساب للمدير في الإعدادات." },
  notFound: "لم يُعثر على هذا الإرسال.",
  stillSending: "ما زال هذا الإرسال قيد المحاولة.",
  sentNow: "بدأ إرسال تقرير أمس.",
  resent: "بدأت إعادة إرسال التقرير.",
} as const;

export interface DailyReportServices {
  db: Db;
  env: { PUBLIC_URL: string };
  mailer: Mailer;
  whatsapp: WhatsappSender;
}

/** What keeping and queueing a report needs (the page's posts); sending needs the adapters too. */
type Queueing = Pick<DailyReportServices, "db" | "env">;

type SettingsRow = typeof settings.$inferSelect;

/** Read at run time, not from the process's cache: a change made on another instance applies at once. */
async function readSettings(db: Db | Tx): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row;
}

/** The channels the settings turn on, each with its recipient. */
function enabledChannels(row: SettingsRow | undefined): Array<{ channel: DailyChannel; recipient: string }> {
  if (!row) return [];
  const channels: Array<{ channel: DailyChannel; recipient: string }> = [];
  if (row.dailyEmailReport && row.managerEmail) channels.push({ channel: "email", recipient: row.managerEmail });
  if (row.dailyWhatsappReport && row.managerWhatsapp) channels.push({ channel: "whatsapp", recipient: row.managerWhatsapp });
  return channels;
}

/** The hour and the channels in force now, read as the scheduler reads them (the page's summary). */
export async function dailyReportSchedule(db: Db): Promise<{ hour: number; channels: Array<{ channel: DailyChannel; recipient: string }> }> {
  const row = await readSettings(db);
  return { hour: row?.dailyReportHour ?? 8, channels: enabledChannels(row) };
}

/** Queues one channel's send in the caller's transaction: the job exists only if the transaction commits. */
async function queueSend(tx: Tx, deliveryId: number, maxAttempts: number) {
  await tx.execute(
    sql`select graphile_worker.add_job(${DAILY_TASKS.send}, json_build_object('deliveryId', ${deliveryId}::int), max_attempts := ${maxAttempts}::int, job_key := ${`daily-report-send:${deliveryId}`})`,
  );
}

interface NewReport {
  day: string;
  trigger: DailyReportTrigger;
  requestedBy?: Pick<StaffProfile, "id" | "name">;
  channels: Array<{ channel: DailyChannel; recipient: string }>;
}

/**
 * Builds the report of `day` and keeps it with one queued delivery per channel. A scheduled report
 * claims the day (`schedule_day`, unique): when another instance claimed it first, nothing is kept
 * and null comes back. A manual one claims the day if it is still free, else it is an extra report.
 */
async function keepReport(services: Queueing, input: NewReport, now: Date, maxAttempts: number): Promise<number | null> {
  const report = await buildDailyReport(services.db, input.day, { publicUrl: services.env.PUBLIC_URL, now });
  const values = {
    day: input.day,
    trigger: input.trigger,
    requestedBy: input.requestedBy?.id ?? null,
    requestedByName: input.requestedBy?.name ?? "",
    report,
    subject: dailyReportSubject(report),
    text: dailyReportText(report),
    html: dailyReportHtml(report),
  };
  return services.db.transaction(async (tx) => {
    let [kept] = await tx
      .insert(dailyReports)
      .values({ ...values, scheduleDay: input.day })
      .onConflictDoNothing({ target: dailyReports.scheduleDay })
      .returning({ id: dailyReports.id });
    if (!kept && input.trigger === "manual") [kept] = await tx.insert(dailyReports).values(values).returning({ id: dailyReports.id });
    if (!kept) return null;
    const deliveries = await tx
      .insert(dailyReportDeliveries)
      .values(input.channels.map(({ channel, recipient }) => ({ reportId: kept.id, channel, recipient })))
      .returning({ id: dailyReportDeliveries.id });
    for (const delivery of deliveries) await queueSend(tx, delivery.id, maxAttempts);
    return kept.id;
  });
}

export type TickOutcome = "not-due" | "already-kept" | "no-channel" | "sent";

/**
 * The schedule's check, run every few minutes and once at every start: when the Riyadh hour has
 * reached the settings' hour (read now, so a change applies the same day) and yesterday's report
 * was not claimed yet, build and send it — also when the hour passed while no instance ran (the
 * catch-up at start). Days before yesterday that were missed are not sent late.
 */
export async function dailyReportTick(services: Queueing, now: Date, maxAttempts = DAILY_SEND_ATTEMPTS): Promise<TickOutcome> {
  const row = await readSettings(services.db);
  if (riyadhClock(now).hour < (row?.dailyReportHour ?? 8)) return "not-due";
  const day = previousDay(riyadhClock(now).day);
  const [claimed] = await services.db.select({ id: dailyReports.id }).from(dailyReports).where(eq(dailyReports.scheduleDay, day));
  if (claimed) return "already-kept";
  const channels = enabledChannels(row);
  if (!channels.length) return "no-channel";
  const kept = await keepReport(services, { day, trigger: "schedule", channels }, now, maxAttempts);
  if (kept === null) return "already-kept";
  log.info("daily report queued", { day, reportId: kept, channels: channels.map((c) => c.channel) });
  return "sent";
}

/** «إرسال الآن»: yesterday's report, now, by the channels the settings turn on. */
export async function sendDailyReportNow(
  services: Queueing,
  manager: Pick<StaffProfile, "id" | "name">,
  now = new Date(),
  maxAttempts = DAILY_SEND_ATTEMPTS,
): Promise<{ ok: true; reportId: number } | { ok: false; error: string }> {
  const channels = enabledChannels(await readSettings(services.db));
  if (!channels.length) return { ok: false, error: DAILY_REPORT_MESSAGES.noChannel };
  const reportId = await keepReport(services, { day: reportDayAt(now), trigger: "manual", requestedBy: manager, channels }, now, maxAttempts);
  return { ok: true, reportId: reportId! };
}

/**
 * «إعادة الإرسال» of one channel of a kept report (failed, or sent and wanted again): the same
 * content, to the address the settings hold now (the manager may just have corrected it), with a
 * fresh round of attempts. Refused while that channel is still being tried.
 */
export async function resendDelivery(
  services: Pick<DailyReportServices, "db">,
  deliveryId: number,
  maxAttempts = DAILY_SEND_ATTEMPTS,
): Promise<{ ok: true } | { ok: false; error: string }> {
  return services.db.transaction(async (tx) => {
    const [delivery] = await tx.select().from(dailyReportDeliveries).where(eq(dailyReportDeliveries.id, deliveryId)).for("update");
    if (!delivery) return { ok: false, error: DAILY_REPORT_MESSAGES.notFound };
    if (delivery.status === "queued") return { ok: false, error: DAILY_REPORT_MESSAGES.stillSending };
    const row = await readSettings(tx);
    const recipient = delivery.channel === "email" ? row?.managerEmail : row?.managerWhatsapp;
    if (!recipient) return { ok: false, error: DAILY_REPORT_MESSAGES.noRecipient[delivery.channel] };
    await tx.update(dailyReportDeliveries).set({ status: "queued", recipient, lastError: null, updatedAt: new Date() }).where(eq(dailyReportDeliveries.id, deliveryId));
    await queueSend(tx, deliveryId, maxAttempts);
    return { ok: true };
  });
}

/**
 * One attempt at one channel. Success marks it sent. A failure keeps its reason and throws, so the
 * scheduler tries again after its back-off; the last attempt's failure marks the channel failed and
 * ends the job (the page offers «إعادة الإرسال»).
 */
async function sendDelivery(services: DailyReportServices, deliveryId: number, attempt: SendAttempt): Promise<DeliveryStatus | "gone"> {
  const { db } = services;
  const [row] = await db
    .select({ delivery: dailyReportDeliveries, subject: dailyReports.subject, text: dailyReports.text, html: dailyReports.html })
    .from(dailyReportDeliveries)
    .innerJoin(dailyReports, eq(dailyReports.id, dailyReportDeliveries.reportId))
    .where(eq(dailyReportDeliveries.id, deliveryId));
  if (!row) return "gone";
  const { delivery } = row;
  if (delivery.status === "sent") return "sent";
  await db
    .update(dailyReportDeliveries)
    .set({ attempts: sql`${dailyReportDeliveries.attempts} + 1`, updatedAt: new Date() })
    .where(eq(dailyReportDeliveries.id, deliveryId));
  try {
    if (delivery.channel === "email") await services.mailer.send({ to: delivery.recipient, subject: row.subject, body: row.text, html: row.html });
    else await services.whatsapp.send({ to: delivery.recipient, body: row.text });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const last = attempt.number >= attempt.max;
    await db
      .update(dailyReportDeliveries)
      .set({ status: last ? "failed" : "queued", lastError: reason, updatedAt: new Date() })
      .where(eq(dailyReportDeliveries.id, deliveryId));
    log.warn("daily report send failed", { deliveryId, channel: delivery.channel, attempt: attempt.number, of: attempt.max, reason });
    if (last) return "failed";
    throw error;
  }
  await db.update(dailyReportDeliveries).set({ status: "sent", lastError: null, sentAt: new Date(), updatedAt: new Date() }).where(eq(dailyReportDeliveries.id, deliveryId));
  return "sent";
}

/**
 * The daily report's tasks and schedule for the scheduler: the check every five minutes (on the
 * hour among them, so the set hour is met to the minute) and once at start (the catch-up).
 */
export function dailyReportJobs(services: DailyReportServices, options: { now?: () => Date; maxAttempts?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? DAILY_SEND_ATTEMPTS;
  return checkAndSendJobs({
    names: DAILY_TASKS,
    match: "*/5 * * * *",
    atStart: true,
    checkFailed: "daily report check failed",
    idField: "deliveryId",
    check: () => dailyReportTick(services, now(), maxAttempts),
    send: (deliveryId, attempt) => sendDelivery(services, deliveryId, attempt),
  });
}

export const SENT_REPORTS_PAGE_SIZE = 30;

/** «التقارير المرسلة»: the newest reports first, each with its channels' outcomes. */
export async function listSentReports(db: Db, page = 1): Promise<{ reports: SentReport[]; total: number }> {
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(dailyReports);
  const rows = await db
    .select({
      id: dailyReports.id,
      day: dailyReports.day,
      trigger: dailyReports.trigger,
      requestedByName: dailyReports.requestedByName,
      createdAt: dailyReports.createdAt,
      subject: dailyReports.subject,
      text: dailyReports.text,
    })
    .from(dailyReports)
    .orderBy(desc(dailyReports.createdAt), desc(dailyReports.id))
    .limit(SENT_REPORTS_PAGE_SIZE)
    .offset((page - 1) * SENT_REPORTS_PAGE_SIZE);
  const deliveries = rows.length
    ? await db
        .select()
        .from(dailyReportDeliveries)
        .where(
          inArray(
            dailyReportDeliveries.reportId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(dailyReportDeliveries.reportId, dailyReportDeliveries.channel)
    : [];
  return {
    total,
    reports: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      deliveries: deliveries
        .filter((d) => d.reportId === r.id)
        .map((d) => ({
          id: d.id,
          channel: d.channel,
          recipient: d.recipient,
          status: d.status,
          attempts: d.attempts,
          lastError: d.lastError,
          sentAt: d.sentAt?.toISOString() ?? null,
          updatedAt: d.updatedAt.toISOString(),
        })),
    })),
  };
}
