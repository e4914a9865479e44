import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { auditLog, inquiries, outgoingEmails, settings, tasks } from "~/db/schema.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import { mailQueueJobs, SEND_CUT_OFF_MS, sendQueuedEmail, sweepMailQueue } from "~/modules/messaging/mail-queue.server.ts";
import { createMailer, type Mailer, type MailMessage } from "~/modules/messaging/mail.server.ts";
import { startScheduler } from "~/modules/scheduler/scheduler.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { deliverQueuedEmails, testDatabaseUrl } from "../../../tests/factories/mail-queue.ts";
import { startRestartableSmtpServer } from "../../../tests/factories/smtp-server.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleInboxAction } from "./inbox-action.server.ts";
import { completeInquiry, inquiryTotals, listInbox, parseInboxFilters, replyToInquiry, requestHelp } from "./inbox.server.ts";
import { createInquiry } from "./inquiries.server.ts";
import { INQUIRY_MESSAGES, isInquiryLate, isInquiryOpen, replyText } from "./status.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-inbox-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sent: MailMessage[] = [];
const mailer: Mailer = {
  async send(message) {
    sent.push(message);
  },
};
const services = () => ({ db: db(), mailer, env: { PUBLIC_URL: "https://aqar.example" } as AppServices["env"] });
/** What the scheduler's worker does: sends what was queued, through `mailer`. */
const deliver = (through: Mailer = mailer) => deliverQueuedEmails(db(), through);

let employee: StaffProfile;
beforeAll(async () => {
  employee = await createStaffUser(db(), { name: "سارة", username: "sara.t", phone: "0551110001", role: "staff" });
});

const newInquiry = (overrides: Partial<{ email: string; propertyId: number }> = {}) =>
  createInquiry(db(), {
    name: "محمد",
    phone: "+966551234567",
    email: overrides.email ?? "m@example.sa",
    message: "هل الشقة متاحة؟",
    propertyId: overrides.propertyId,
    propertyTitle: "",
  });

describe("inquiry status rules", () => {
  it("replies until completed; completing once (both while the inquiry is open)", () => {
    expect([isInquiryOpen("pending"), isInquiryOpen("replied"), isInquiryOpen("completed")]).toEqual([true, true, false]);
  });

  it("late after 24 hours, only while pending", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(isInquiryLate({ status: "pending", createdAt: "2026-11-22T11:59:00Z" }, now)).toBe(true);
    expect(isInquiryLate({ status: "pending", createdAt: "2026-11-22T12:01:00Z" }, now)).toBe(false);
    expect(isInquiryLate({ status: "replied", createdAt: "2026-11-20T12:00:00Z" }, now)).toBe(false);
  });

  it("a reply about an offer with a point carries its map link", () => {
    expect(replyText("نعم متاحة", { lat: 24.7, lng: 46.6 })).toBe("نعم متاحة\n\nموقع العقار: https://www.google.com/maps?q=24.7,46.6");
    expect(replyText(" نعم ", null)).toBe("نعم");
  });
});

describe("the inbox", () => {
  it("a reply by e-mail is recorded at once with its e-mail queued in the same transaction, then sent by the job; the audit log has it", async () => {
    const offer = await createOffer(db(), { lat: 24.77, lng: 46.64, title: "فيلا الاختبار" });
    const inquiry = await newInquiry({ propertyId: offer.id });
    const before = sent.length;
    const result = await replyToInquiry(services(), employee, inquiry.id, "email", "  نعم، الفيلا متاحة للمعاينة غداً  ");
    expect(result).toBeNull();
    expect(sent.length).toBe(before); // nothing waits for the mail server
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(row!.status).toBe("replied");
    const [email] = await db().select().from(outgoingEmails).where(eq(outgoingEmails.inquiryId, inquiry.id));
    expect(email).toMatchObject({ purpose: "inquiry-reply", recipient: "m@example.sa", status: "queued" });
    expect(row!.replyHistory).toEqual([
      { timestamp: expect.any(String) as unknown, method: "email", message: "نعم، الفيلا متاحة للمعاينة غداً", sentBy: "سارة", emailId: email!.id },
    ]);
    expect((await listInbox(db(), employee, { id: inquiry.id }))[0]!.replyHistory[0]!.delivery).toMatchObject({ id: email!.id, state: "pending" });

    await deliver();
    expect(sent.at(-1)).toMatchObject({ to: "m@example.sa", body: expect.stringContaining("نعم، الفيلا متاحة للمعاينة غداً") as unknown });
    expect(sent.at(-1)!.body).toContain("https://www.google.com/maps?q=24.77,46.64");
    expect((await listInbox(db(), employee, { id: inquiry.id }))[0]!.replyHistory[0]!.delivery).toMatchObject({ state: "sent", sentAt: expect.any(String) as unknown });
    expect(await auditTrail(db(), "inquiry", inquiry.id)).toEqual([
      expect.objectContaining({ action: "reply-email", actorName: "سارة", actorId: employee.id, details: { from: "pending" } }),
    ]);
  });

  it("a refused reply queues nothing; no e-mail address means WhatsApp only", async () => {
    const silent = await newInquiry({ email: "" });
    expect(await replyToInquiry(services(), employee, silent.id, "email", "رد")).toBe(INQUIRY_MESSAGES.noEmail);
    expect(await db().select().from(outgoingEmails).where(eq(outgoingEmails.inquiryId, silent.id))).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, silent.id))).toEqual([]);
    expect(await replyToInquiry(services(), employee, silent.id, "whatsapp", "رد عبر واتساب")).toBeNull();
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, silent.id));
    expect(row!.replyHistory.map((e) => [e.method, e.emailId])).toEqual([["whatsapp", undefined]]);
  });

  it("complete closes it for good: no more replies, no second completion", async () => {
    const inquiry = await newInquiry();
    expect(await completeInquiry(db(), employee, inquiry.id)).toBeNull();
    expect(await completeInquiry(db(), employee, inquiry.id)).toBe(INQUIRY_MESSAGES.notAllowed);
    expect(await replyToInquiry(services(), employee, inquiry.id, "whatsapp", "متأخر")).toBe(INQUIRY_MESSAGES.notAllowed);
    expect((await auditTrail(db(), "inquiry", inquiry.id)).map((e) => e.action)).toEqual(["complete"]);
  });

  it("a help request makes a pending task for the accountant (there must be one)", async () => {
    const inquiry = await newInquiry();
    expect(await requestHelp(services(), employee, inquiry.id, { title: "عربون", details: "العميل يسأل عن العربون" })).toBe(INQUIRY_MESSAGES.noAccountant);
    const accountant = await createStaffUser(db(), { name: "فهد", username: "fahad.t", phone: "0551110002", role: "accountant", email: "fahad@example.sa" });
    expect(await requestHelp(services(), employee, inquiry.id, { title: "عربون", details: "العميل يسأل عن العربون" })).toBeNull();
    const [task] = await db().select().from(tasks).where(eq(tasks.relatedInquiryId, inquiry.id));
    expect(task).toMatchObject({ title: "عربون", description: "العميل يسأل عن العربون", assignedTo: accountant.id, createdBy: employee.id, status: "Pending" });
    expect((await auditTrail(db(), "inquiry", inquiry.id)).map((e) => [e.action, e.details])).toEqual([["help-request", { taskId: task!.id }]]);
    // The accountant is told by e-mail, with the link to the task.
    await deliver();
    expect(sent.find((m) => m.to === "fahad@example.sa")).toMatchObject({ subject: "طلب مساعدة: عربون" });
    expect(sent.find((m) => m.to === "fahad@example.sa")?.body).toContain(`https://aqar.example/admin/tasks/${task!.id}`);
  });

  it("lists newest first with filters and search, the late mark and the last action; the dashboard counts agree", async () => {
    const old = await newInquiry();
    await db()
      .update(inquiries)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000), name: "قديم جداً" })
      .where(eq(inquiries.id, old.id));
    const all = await listInbox(db(), employee, {});
    expect(all.map((i) => i.createdAt)).toEqual([...all.map((i) => i.createdAt)].sort().reverse());
    expect(all.find((i) => i.id === old.id)?.late).toBe(true);
    expect(all.find((i) => i.lastAction?.action === "reply-email")?.lastAction?.actorName).toBe("سارة");
    expect((await listInbox(db(), employee, { status: "completed" })).every((i) => i.status === "completed")).toBe(true);
    expect((await listInbox(db(), employee, { q: "قديم" })).map((i) => i.id)).toEqual([old.id]);
    expect(await listInbox(db(), employee, { q: "%" })).toEqual([]); // wildcards are literal
    const totals = await inquiryTotals(db());
    expect(totals.total).toBe(all.length);
    expect(totals.pending).toBe(all.filter((i) => i.status === "pending").length);
    expect(totals.late).toBe(all.filter((i) => i.late).length);
  });

  it("one inquiry by its id (the task board links to its card); other words in the address are ignored", async () => {
    const [one, other] = [await newInquiry(), await newInquiry()];
    expect((await listInbox(db(), employee, parseInboxFilters(new URLSearchParams(`id=${one.id}`)))).map((i) => i.id)).toEqual([one.id]);
    expect((await listInbox(db(), employee, { id: other.id, status: "completed" })).map((i) => i.id)).toEqual([]);
    expect(parseInboxFilters(new URLSearchParams("id=12&status=replied&q=%20محمد%20"))).toEqual({ id: 12, status: "replied", q: "محمد" });
    for (const bad of ["", "-1", "1.5", "abc", "1234567890"]) expect(parseInboxFilters(new URLSearchParams({ id: bad })).id, bad).toBeUndefined();
  });

  it("each card lists its tasks, oldest first, with a link only for whoever may open the task: the manager, or its assignee", async () => {
    const manager = await createStaffUser(db(), { name: "المدير", username: "boss.inbox", phone: "0551110003", role: "manager" });
    const accountant = await createStaffUser(db(), { name: "فهد", username: "fahad.inbox", phone: "0551110004", role: "accountant" });
    const inquiry = await newInquiry();
    const plain = await newInquiry();
    const [help] = await db()
      .insert(tasks)
      .values({ title: "عربون", assignedTo: accountant.id, createdBy: employee.id, relatedInquiryId: inquiry.id, createdAt: new Date(Date.now() - 60_000) })
      .returning();
    const [visit] = await db()
      .insert(tasks)
      .values({ title: "معاينة", assignedTo: employee.id, createdBy: manager.id, status: "In Progress", relatedInquiryId: inquiry.id })
      .returning();
    const cardFor = async (viewer: StaffProfile) => (await listInbox(db(), viewer, { id: inquiry.id }))[0]!;
    expect((await cardFor(manager)).tasks).toEqual([
      { id: help!.id, title: "عربون", status: "Pending", canOpen: true },
      { id: visit!.id, title: "معاينة", status: "In Progress", canOpen: true },
    ]);
    // The employee asked the accountant for help: they see the task, not a link to it; their own task they can open.
    expect((await cardFor(employee)).tasks.map((t) => [t.title, t.canOpen])).toEqual([
      ["عربون", false],
      ["معاينة", true],
    ]);
    expect((await cardFor(accountant)).tasks.map((t) => [t.title, t.canOpen])).toEqual([
      ["عربون", true],
      ["معاينة", false],
    ]);
    expect((await listInbox(db(), manager, { id: plain.id }))[0]!.tasks).toEqual([]);
  });
});

describe("the inbox's forms (its action)", () => {
  const post = (fields: Record<string, string | undefined>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    return handleInboxAction(services(), employee, form);
  };

  it("a reply, a help request and completing each answer a success that stays on the page", async () => {
    const inquiry = await newInquiry();
    const id = String(inquiry.id);
    for (const fields of [
      { intent: "reply", id, method: "email", message: "  نعم متاحة  " },
      { intent: "reply", id, method: "whatsapp", message: "تم تأكيد الموعد" },
      { intent: "complete", id },
    ]) {
      const answer = await post(fields);
      expect([answer.init?.status ?? 200, answer.data.status, answer.data.initialValue], JSON.stringify(fields)).toEqual([200, "success", null]);
    }
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect([row!.status, row!.replyHistory.map((e) => [e.method, e.message])]).toEqual([
      "completed",
      [
        ["email", "نعم متاحة"],
        ["whatsapp", "تم تأكيد الموعد"],
      ],
    ]);
    const help = await post({ intent: "help", id, title: " عربون ", details: "العميل يسأل عن العربون" });
    expect([help.init?.status ?? 200, help.data.status]).toEqual([200, "success"]);
    const [task] = await db().select().from(tasks).where(eq(tasks.relatedInquiryId, inquiry.id));
    expect([task!.title, task!.description]).toEqual(["عربون", "العميل يسأل عن العربون"]);
  });

  it("a blank reply, or a help request without title or details, is refused under its field, 400, with what was typed", async () => {
    const inquiry = await newInquiry();
    const id = String(inquiry.id);
    const blank = await post({ intent: "reply", id, method: "whatsapp", message: "   " });
    expect([blank.init?.status, blank.data.error]).toEqual([400, { message: [INQUIRY_MESSAGES.replyRequired] }]);
    const noTitle = await post({ intent: "help", id, title: "", details: "x" });
    expect([noTitle.init?.status, noTitle.data.error]).toEqual([400, { title: [INQUIRY_MESSAGES.helpTitleRequired] }]);
    const noDetails = await post({ intent: "help", id, title: "x", details: " " });
    expect([noDetails.init?.status, noDetails.data.error, noDetails.data.initialValue]).toEqual([
      400,
      { details: [INQUIRY_MESSAGES.helpDetailsRequired] },
      expect.objectContaining({ title: "x" }),
    ]);
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect([row!.status, row!.replyHistory]).toEqual(["pending", []]);
  });

  it("a refusal is said about the whole form, 400: completed, unknown, no e-mail address, not a request of the page", async () => {
    const inquiry = await newInquiry({ email: "" });
    const id = String(inquiry.id);
    const noEmail = await post({ intent: "reply", id, method: "email", message: "رد" });
    expect([noEmail.init?.status, noEmail.data.error?.[""]]).toEqual([400, [INQUIRY_MESSAGES.noEmail]]);
    expect((await post({ intent: "complete", id })).data.status).toBe("success");
    const again = await post({ intent: "complete", id });
    expect([again.init?.status, again.data.error?.[""]]).toEqual([400, [INQUIRY_MESSAGES.notAllowed]]);
    for (const bad of ["0", "abc", "999999"]) {
      const unknown = await post({ intent: "complete", id: bad });
      expect([unknown.init?.status, unknown.data.error?.[""]], bad).toEqual([400, [INQUIRY_MESSAGES.notFound]]);
    }
    for (const fields of [{ intent: "archive", id }, { intent: "reply", id, method: "fax", message: "رد" }, {}]) {
      const invalid = await post(fields);
      expect([invalid.init?.status, invalid.data.error?.[""]], JSON.stringify(fields)).toEqual([400, [INQUIRY_MESSAGES.invalidRequest]]);
    }
  });
});

describe("e-mail replies through a real SMTP server, queued (decision 032)", () => {
  const received = (smtp: { received: string[] }, to: string) => smtp.received.filter((text) => text.includes(`To: ${to}`)).length;
  const rowOf = async (emailId: number) => (await db().select().from(outgoingEmails).where(eq(outgoingEmails.id, emailId)))[0]!;
  const replyEmailId = async (inquiryId: number) => (await db().select().from(inquiries).where(eq(inquiries.id, inquiryId)))[0]!.replyHistory.at(-1)!.emailId!;

  it("with the mail server stopped, the worker retries with back-off; started again, each e-mail arrives exactly once", async () => {
    const smtp = await startRestartableSmtpServer();
    const smtpMailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: dataDir });
    await smtp.stop();
    // Issue 30's count: with the mail server down, 10 of 10 manager notices were lost for good.
    await setSettings(db(), { managerEmail: "boss.down@example.sa" });
    for (let n = 0; n < 10; n++) await newInquiry({ email: `visitor${n}@example.sa` });
    await db().update(settings).set({ managerEmail: "" }).where(eq(settings.id, 1));
    invalidateSettings();
    const inquiry = await newInquiry({ email: "down@example.sa" });
    expect(await replyToInquiry(services(), employee, inquiry.id, "email", "الشقة متاحة")).toBeNull();
    const emailId = await replyEmailId(inquiry.id);
    const scheduler = await startScheduler({
      connectionString: await testDatabaseUrl(db()),
      tasks: mailQueueJobs({ db: db(), env: { PUBLIC_URL: "https://aqar.example" }, mailer: smtpMailer }).tasks,
      pollIntervalMs: 200,
    });
    try {
      // Refused (connection refused): kept, with its reason, to be tried again.
      await expect.poll(async () => (await rowOf(emailId)).attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await rowOf(emailId)).status, { timeout: 5_000 }).toBe("queued");
      expect((await rowOf(emailId)).lastError).toMatch(/ECONNREFUSED/);
      expect((await listInbox(db(), employee, { id: inquiry.id }))[0]!.replyHistory[0]!.delivery!.state).toBe("pending");

      await smtp.start();
      // graphile-worker's back-off (e seconds after the first failure, e² after the second) brings the next attempt.
      await expect.poll(async () => (await rowOf(emailId)).status, { timeout: 20_000 }).toBe("sent");
      expect(received(smtp, "down@example.sa")).toBe(1);
      await expect.poll(() => received(smtp, "boss.down@example.sa"), { timeout: 20_000 }).toBe(10);
      expect((await listInbox(db(), employee, { id: inquiry.id }))[0]!.replyHistory[0]!.delivery!.state).toBe("sent");
    } finally {
      await scheduler.stop();
      await smtp.stop();
    }
    // Each exactly once: the ten notices and the reply.
    expect([received(smtp, "down@example.sa"), received(smtp, "boss.down@example.sa")]).toEqual([1, 10]);
  });

  it("no worker between the commit and the send (the process died): the e-mails wait in the queue and arrive once when a worker runs", async () => {
    const smtp = await startRestartableSmtpServer();
    const smtpMailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: dataDir });
    try {
      const inquiries3 = await Promise.all([1, 2, 3].map((n) => newInquiry({ email: `wait${n}@example.sa` })));
      for (const inquiry of inquiries3) expect(await replyToInquiry(services(), employee, inquiry.id, "email", "رد")).toBeNull();
      expect(smtp.received.length).toBe(0);
      await deliver(smtpMailer);
      await deliver(smtpMailer); // a second worker run finds nothing left
      expect([1, 2, 3].map((n) => received(smtp, `wait${n}@example.sa`))).toEqual([1, 1, 1]);
    } finally {
      await smtp.stop();
    }
  });

  it("cut off after the send, before it was recorded: no second copy unseen, no reply blocked; shown not sent, and «إعادة الإرسال» queues it once", async () => {
    const smtp = await startRestartableSmtpServer();
    const smtpMailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: dataDir });
    try {
      const inquiry = await newInquiry({ email: "cut@example.sa" });
      expect(await replyToInquiry(services(), employee, inquiry.id, "email", "الرد الأول")).toBeNull();
      const emailId = await replyEmailId(inquiry.id);
      // The process dies once the mail has gone: the send resolves, nothing after it runs.
      const dying: Mailer = { send: (message) => smtpMailer.send(message).then(() => new Promise<void>(() => undefined)) };
      void sendQueuedEmail({ db: db(), env: { PUBLIC_URL: "https://aqar.example" }, mailer: dying }, { id: emailId, round: 1 }, { last: false });
      await expect.poll(() => received(smtp, "cut@example.sa"), { timeout: 10_000 }).toBe(1);
      expect((await rowOf(emailId)).status).toBe("sending");

      // Another reply meanwhile is neither refused nor held up.
      expect(await replyToInquiry(services(), employee, inquiry.id, "email", "الرد الثاني")).toBeNull();
      // The job tried again (graphile-worker, once the dead worker's lock expires): nothing sent, marked not sent.
      expect(await sendQueuedEmail(services(), { id: emailId, round: 1 }, { last: false })).toBe("skipped");
      await deliver(smtpMailer);
      expect(received(smtp, "cut@example.sa")).toBe(2); // the first reply once, the second once
      expect(await rowOf(emailId)).toMatchObject({ status: "failed", lastError: expect.stringContaining("انقطع الإرسال") as unknown });
      const card = (await listInbox(db(), employee, { id: inquiry.id }))[0]!;
      expect(card.replyHistory.map((e) => e.delivery?.state)).toEqual(["failed", "sent"]);

      // «إعادة الإرسال» pressed twice at once: queued once, sent once more (staff chose it, seeing the state).
      const post = (fields: Record<string, string>) => handleInboxAction(services(), employee, toForm(fields));
      const answers = await Promise.all([1, 2].map(() => post({ intent: "resend", id: String(inquiry.id), emailId: String(emailId) })));
      expect(answers.map((a) => (a as { data: { status?: string } }).data.status).sort()).toEqual(["error", "success"]);
      await deliver(smtpMailer);
      expect(received(smtp, "cut@example.sa")).toBe(3);
      expect(await rowOf(emailId)).toMatchObject({ status: "sent", round: 2 });
      // The first round's job, if it ever runs, does nothing.
      expect(await sendQueuedEmail(services(), { id: emailId, round: 1 }, { last: false })).toBe("skipped");
      // Another inquiry's e-mail, or one that was sent, is not resent through this card.
      const other = await newInquiry();
      const refused = await post({ intent: "resend", id: String(other.id), emailId: String(emailId) });
      expect((refused as { data: { error?: Record<string, string[]> } }).data.error?.[""]).toEqual([INQUIRY_MESSAGES.notFound]);
      expect(received(smtp, "cut@example.sa")).toBe(3);
    } finally {
      await smtp.stop();
    }
  });

  it("the minute's sweep: an attempt cut off is shown not sent; a job taken by a worker that died before sending gets a new one", async () => {
    const smtp = await startRestartableSmtpServer();
    const smtpMailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: dataDir });
    try {
      const [cut, taken] = [await newInquiry({ email: "swept@example.sa" }), await newInquiry({ email: "taken@example.sa" })];
      await replyToInquiry(services(), employee, cut.id, "email", "رد");
      await replyToInquiry(services(), employee, taken.id, "email", "رد");
      const [cutId, takenId] = [await replyEmailId(cut.id), await replyEmailId(taken.id)];
      // One is being sent by a worker (its job locked just now, its attempt begun)…
      await db().update(outgoingEmails).set({ status: "sending", attemptStartedAt: new Date() }).where(eq(outgoingEmails.id, cutId));
      await db().execute(sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'busy-worker' where key = ${`email:${cutId}`}`);
      // …the other's job was taken (graphile-worker's lock) by a worker that died before beginning the e-mail.
      await db().execute(sql`update graphile_worker._private_jobs set locked_at = now() - interval '3 minutes', locked_by = 'dead-worker' where key = ${`email:${takenId}`}`);

      await deliver(smtpMailer);
      expect(smtp.received.length).toBe(0); // one is under way, the other locked
      expect(await sweepMailQueue(db())).toEqual({ cutOff: 0, requeued: 1 });
      expect(await sweepMailQueue(db(), new Date(Date.now() + SEND_CUT_OFF_MS + 1000))).toMatchObject({ cutOff: 1 });
      await deliver(smtpMailer);
      expect([received(smtp, "swept@example.sa"), received(smtp, "taken@example.sa")]).toEqual([0, 1]);
      expect([(await rowOf(cutId)).status, (await rowOf(takenId)).status]).toEqual(["failed", "sent"]);
    } finally {
      await smtp.stop();
    }
  });
});

function toForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
