import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dailyReportDeliveries, dailyReports, inquiries, settings } from "~/db/schema.ts";
import { createMailer } from "~/modules/messaging/mail.server.ts";
import { readOutbox } from "~/modules/messaging/outbox.server.ts";
import { createWhatsappSender, WhatsappSendError, type WhatsappSender } from "~/modules/messaging/whatsapp.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useJobQueue } from "../../../tests/factories/job-queue.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import {
  DAILY_REPORT_MESSAGES,
  DAILY_SEND_ATTEMPTS,
  DAILY_TASKS,
  dailyReportJobs,
  dailyReportTick,
  listSentReports,
  resendDelivery,
  sendDailyReportNow,
  type DailyReportServices,
} from "./daily-jobs.server.ts";

const db = useTestDatabase({ connections: 6 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-daily-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const PUBLIC_URL = "https://aqar.example.sa";
const riyadh = (wall: string) => new Date(`${wall}+03:00`);

/** The schedule's fake clock: the tests set the time; the code under test reads it. */
const clock = { at: riyadh("2026-11-23T07:59:00"), now: () => clock.at };

/** WhatsApp through the real outbox adapter, or refused by the "provider" while `refusing` is set. */
const whatsappOutbox = createWhatsappSender({ ...parseEnv({}), DATA_DIR: dataDir });
let refusing: string | undefined;
const whatsapp: WhatsappSender = {
  async send(message) {
    if (refusing) throw new WhatsappSendError(refusing, { status: 400, providerMessage: refusing });
    await whatsappOutbox.send(message);
  },
};

let services: DailyReportServices;
let manager: StaffProfile;
const queue = useJobQueue(db);

beforeAll(async () => {
  services = {
    db: db(),
    env: { PUBLIC_URL },
    mailer: createMailer({ MAIL_TRANSPORT: "outbox", DATA_DIR: dataDir, MAIL_FROM: "no-reply@localhost", SMTP_URL: undefined }),
    whatsapp,
  };
  manager = await createStaffUser(db(), { name: "المدير العام", username: "boss.daily", phone: "0551400001", role: "manager" });
  await db()
    .insert(inquiries)
    .values({ name: "عميل", phone: "+966500000009", createdAt: riyadh("2026-11-22T10:00:00") });
});

beforeEach(async () => {
  refusing = undefined;
  clock.at = riyadh("2026-11-23T07:59:00");
  await db().delete(dailyReports);
  await queue.clearJobs();
  fs.rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
  await setSettings(db(), { managerEmail: "boss@example.sa", managerWhatsapp: "966500000001", dailyEmailReport: true, dailyWhatsappReport: true, dailyReportHour: 8 });
});

afterEach(async () => {
  await queue.stopSchedulers();
  // A stopped scheduler leaves no job locked behind it (a locked job would wait 4 hours).
  const locked = await db().execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where locked_at is not null`);
  expect(locked.rows[0]!.n).toBe(0);
});

/** A scheduler like the app's, on this file's database, with the fake clock; no cron (the tests drive the time). */
async function startWorker(options: { maxAttempts?: number } = {}) {
  const jobs = dailyReportJobs(services, { now: clock.now, maxAttempts: options.maxAttempts ?? 3 });
  return queue.startScheduler({ tasks: jobs.tasks, atStart: jobs.atStart, pollIntervalMs: 100 });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const reports = () => db().select().from(dailyReports).orderBy(dailyReports.id);
const deliveries = () => db().select().from(dailyReportDeliveries).orderBy(dailyReportDeliveries.id);
const sendJobs = () =>
  db()
    .execute<{ id: string; attempts: number; wait: number; locked: boolean }>(
      sql`select id, attempts, extract(epoch from run_at - now())::float8 as wait, locked_at is not null as locked from graphile_worker.jobs where task_identifier = ${DAILY_TASKS.send}`,
    )
    .then((r) => r.rows);

describe("the schedule, on a fake clock", () => {
  it("is not due before the hour in settings, and due from it on: yesterday's report, once", async () => {
    expect(await dailyReportTick(services, riyadh("2026-11-23T07:59:59"))).toBe("not-due");
    expect(await reports()).toEqual([]);
    expect(await dailyReportTick(services, riyadh("2026-11-23T08:00:00"))).toBe("sent");
    expect(await dailyReportTick(services, riyadh("2026-11-23T08:05:00"))).toBe("already-kept");
    expect(await dailyReportTick(services, riyadh("2026-11-23T23:55:00"))).toBe("already-kept");
    const [report] = await reports();
    expect(report).toMatchObject({ day: "2026-11-22", scheduleDay: "2026-11-22", trigger: "schedule" });
    expect(report!.report.inquiries.received).toBe(1);
    expect((await deliveries()).map((d) => [d.channel, d.recipient, d.status])).toEqual([
      ["email", "boss@example.sa", "queued"],
      ["whatsapp", "966500000001", "queued"],
    ]);
    // The sends were queued in the same transaction, one job per channel.
    expect(await sendJobs()).toHaveLength(2);
    // The next day is a new day.
    expect(await dailyReportTick(services, riyadh("2026-11-24T07:00:00"))).toBe("not-due");
    expect(await dailyReportTick(services, riyadh("2026-11-24T08:00:00"))).toBe("sent");
    expect((await reports()).map((r) => r.day)).toEqual(["2026-11-22", "2026-11-23"]);
  });

  it("reads the hour at run time: a change applies the same day", async () => {
    await db().update(settings).set({ dailyReportHour: 14 });
    expect(await dailyReportTick(services, riyadh("2026-11-23T13:55:00"))).toBe("not-due");
    await db().update(settings).set({ dailyReportHour: 11 });
    expect(await dailyReportTick(services, riyadh("2026-11-23T13:55:00"))).toBe("sent");
  });

  it("sends nothing when no channel is on, and only the channels that are", async () => {
    await db().update(settings).set({ dailyEmailReport: false, dailyWhatsappReport: false });
    expect(await dailyReportTick(services, riyadh("2026-11-23T09:00:00"))).toBe("no-channel");
    await db().update(settings).set({ dailyWhatsappReport: true, managerWhatsapp: "" });
    expect(await dailyReportTick(services, riyadh("2026-11-23T09:00:00"))).toBe("no-channel");
    await db().update(settings).set({ dailyEmailReport: true });
    expect(await dailyReportTick(services, riyadh("2026-11-23T09:05:00"))).toBe("sent");
    expect((await deliveries()).map((d) => d.channel)).toEqual(["email"]);
  });

  it("catches up after downtime past the hour: sent once at start, by the worker", async () => {
    // No instance ran at 08:00; one starts at 15:20.
    clock.at = riyadh("2026-11-23T15:20:00");
    await startWorker();
    const sent = await waitFor(deliveries, (rows) => rows.length === 2 && rows.every((d) => d.status === "sent"));
    expect(sent.map((d) => d.attempts)).toEqual([1, 1]);
    const mail = await readOutbox(dataDir, "email");
    expect(mail).toHaveLength(1);
    expect(await readOutbox(dataDir, "whatsapp")).toHaveLength(1);
    // A restart the same day sends nothing more.
    await queue.stopSchedulers();
    await startWorker();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reports()).toHaveLength(1);
    expect(await readOutbox(dataDir, "email")).toHaveLength(1);
  });

  it("exactly once with two workers on one database starting together, and with six checks at the same instant", async () => {
    clock.at = riyadh("2026-11-23T08:00:00");
    await Promise.all([startWorker(), startWorker()]);
    await waitFor(deliveries, (rows) => rows.length === 2 && rows.every((d) => d.status === "sent"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reports()).toHaveLength(1);
    expect((await readOutbox(dataDir, "email")).map((m) => m.to)).toEqual(["boss@example.sa"]);
    expect((await readOutbox(dataDir, "whatsapp")).map((m) => m.to)).toEqual(["966500000001"]);

    // The claim itself under real concurrency: six checks of the next day on six connections.
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => dailyReportTick(services, riyadh("2026-11-24T08:00:00"))));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-kept")).toHaveLength(5);
    expect((await reports()).map((r) => r.day)).toEqual(["2026-11-22", "2026-11-23"]);
  });
});

describe("sending", () => {
  it("retries a refused channel with a growing back-off, then shows it failed with the provider's message; resend sends it", async () => {
    const refusal = "(#131047) Re-engagement message";
    refusing = refusal;
    await db().update(settings).set({ dailyEmailReport: false });
    clock.at = riyadh("2026-11-23T09:00:00");
    await startWorker({ maxAttempts: 3 });

    // Attempt 1 fails: still queued, the reason kept, the next attempt e¹ ≈ 2.7 s later.
    const [first] = await waitFor(deliveries, (rows) => rows[0]?.attempts === 1 && rows[0].lastError !== null);
    expect(first).toMatchObject({ channel: "whatsapp", status: "queued", lastError: refusal });
    const [job1] = await waitFor(sendJobs, (jobs) => jobs[0]?.attempts === 1 && !jobs[0].locked);
    expect(job1!.wait).toBeGreaterThan(1.5);
    expect(job1!.wait).toBeLessThan(2.8);

    // Bring the retry forward (the documented admin function); attempt 2 fails, waits e² ≈ 7.4 s.
    await db().execute(sql`select graphile_worker.reschedule_jobs(array[${job1!.id}::bigint], run_at := now())`);
    const [job2] = await waitFor(sendJobs, (jobs) => jobs[0]?.attempts === 2 && !jobs[0].locked);
    expect(job2!.wait).toBeGreaterThan(6);
    expect(job2!.wait).toBeLessThan(7.5);

    // The last attempt fails: shown as failed, the job done (no dead job left in the queue).
    await db().execute(sql`select graphile_worker.reschedule_jobs(array[${job2!.id}::bigint], run_at := now())`);
    const [failed] = await waitFor(deliveries, (rows) => rows[0]?.status === "failed");
    expect(failed).toMatchObject({ attempts: 3, lastError: refusal, sentAt: null });
    await waitFor(sendJobs, (jobs) => jobs.length === 0);
    expect(await readOutbox(dataDir, "whatsapp")).toEqual([]);
    const { reports: listed } = await listSentReports(db());
    expect(listed[0]!.deliveries[0]).toMatchObject({ status: "failed", attempts: 3, lastError: refusal });

    // Resend, after the manager fixed the number in settings: the same report, to the new number.
    // Pressed twice while it is still queued: the second is refused. The scheduler is stopped for
    // the two presses, or it could send the first before the second came (then a resend is allowed).
    refusing = undefined;
    await db().update(settings).set({ managerWhatsapp: "966500000002" });
    await queue.stopSchedulers();
    expect(await resendDelivery(services, failed!.id, 3)).toEqual({ ok: true });
    expect(await resendDelivery(services, failed!.id, 3)).toEqual({ ok: false, error: DAILY_REPORT_MESSAGES.stillSending });
    await startWorker({ maxAttempts: 3 });
    const [sent] = await waitFor(deliveries, (rows) => rows[0]?.status === "sent");
    expect(sent).toMatchObject({ attempts: 4, lastError: null, recipient: "966500000002" });
    const lines = await readOutbox(dataDir, "whatsapp");
    expect(lines.map(({ to, body }) => ({ to, body }))).toEqual([{ to: "966500000002", body: (await reports())[0]!.text }]);
  });

  it("«إرسال الآن» sends yesterday's report; it takes the day's place, so the schedule does not send it again", async () => {
    clock.at = riyadh("2026-11-23T07:00:00");
    const now = await sendDailyReportNow(services, manager, clock.at);
    expect(now.ok).toBe(true);
    expect(await dailyReportTick(services, riyadh("2026-11-23T08:00:00"))).toBe("already-kept");
    // Pressed again: an extra report of the same day.
    await sendDailyReportNow(services, manager, riyadh("2026-11-23T10:00:00"));
    expect((await reports()).map((r) => [r.day, r.scheduleDay, r.trigger, r.requestedByName])).toEqual([
      ["2026-11-22", "2026-11-22", "manual", "المدير العام"],
      ["2026-11-22", null, "manual", "المدير العام"],
    ]);
    await db().update(settings).set({ dailyEmailReport: false, dailyWhatsappReport: false });
    expect(await sendDailyReportNow(services, manager)).toEqual({ ok: false, error: DAILY_REPORT_MESSAGES.noChannel });
  });

  it("the e-mail carries the HTML and the text part; the WhatsApp line the text", async () => {
    clock.at = riyadh("2026-11-23T08:00:00");
    await startWorker();
    await waitFor(deliveries, (rows) => rows.length === 2 && rows.every((d) => d.status === "sent"));
    const [report] = await reports();
    const [mail] = await readOutbox(dataDir, "email");
    expect(Object.keys(mail!)).toEqual(["to", "subject", "body", "html", "at"]);
    expect(mail).toMatchObject({ to: "boss@example.sa", subject: report!.subject, body: report!.text, html: report!.html });
    expect(mail!.subject).toMatch(/^التقرير اليومي: الأحد، ٢٢ نوفمبر ٢٠٢٦/);
    expect(mail!.body).toContain("• استفسارات جديدة: ١");
    expect(mail!.body).toContain(`${PUBLIC_URL}/admin/inquiries?status=pending`);
    expect(mail!.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/admin/inquiries?status=pending"`);
    expect(mail!.html).toContain("استفسارات جديدة</td>");
    expect(mail!.html).not.toMatch(/<style|class=/);
    const [message] = await readOutbox(dataDir, "whatsapp");
    expect(Object.keys(message!)).toEqual(["to", "body", "at"]);
    expect(message).toMatchObject({ to: "966500000001", body: report!.text });
  });
});

describe("the schedule's entries", () => {
  it("checks every five minutes (each hour's first minute among them) and once at start", () => {
    const jobs = dailyReportJobs(services);
    expect(jobs.cron).toEqual([{ task: DAILY_TASKS.tick, identifier: DAILY_TASKS.tick, match: "*/5 * * * *" }]);
    expect(jobs.atStart).toEqual([{ task: DAILY_TASKS.tick, jobKey: "daily_report_tick:start" }]);
    expect(Object.keys(jobs.tasks).sort()).toEqual([DAILY_TASKS.send, DAILY_TASKS.tick]);
    expect(DAILY_SEND_ATTEMPTS).toBe(8);
  });
});

describe("a report's rows", () => {
  it("cascade: deleting a report deletes its deliveries", async () => {
    await sendDailyReportNow(services, manager, riyadh("2026-11-23T09:00:00"));
    const [report] = await reports();
    await db().delete(dailyReports).where(eq(dailyReports.id, report!.id));
    expect(await deliveries()).toEqual([]);
  });
});
