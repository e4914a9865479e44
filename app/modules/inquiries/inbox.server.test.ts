import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppServices } from "~/context.ts";
import { auditLog, inquiries, tasks } from "~/db/schema.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import { createMailer, type Mailer, type MailMessage } from "~/modules/messaging/mail.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useSmtpServer } from "../../../tests/factories/smtp-server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleInboxAction } from "./inbox-action.server.ts";
import { completeInquiry, inquiryTotals, listInbox, parseInboxFilters, REPLY_SENDING_STALE_MS, replyToInquiry, requestHelp } from "./inbox.server.ts";
import { createInquiry } from "./inquiries.server.ts";
import { INQUIRY_MESSAGES, isInquiryLate, isInquiryOpen, replyText } from "./status.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-inbox-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sent: MailMessage[] = [];
let failMail = false;
const mailer: Mailer = {
  async send(message) {
    if (failMail) throw new Error("smtp down");
    sent.push(message);
  },
};
const services = () => ({ db: db(), mailer, env: { PUBLIC_URL: "https://aqar.example" } as AppServices["env"] });

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
  it("a reply by e-mail is sent, recorded in the history and the audit log, and makes it replied", async () => {
    const offer = await createOffer(db(), { lat: 24.77, lng: 46.64, title: "فيلا الاختبار" });
    const inquiry = await newInquiry({ propertyId: offer.id });
    const result = await replyToInquiry(services(), employee, inquiry.id, "email", "  نعم، الفيلا متاحة للمعاينة غداً  ");
    expect(result).toBeNull();
    expect(sent.at(-1)).toMatchObject({ to: "m@example.sa", body: expect.stringContaining("نعم، الفيلا متاحة للمعاينة غداً") as unknown });
    expect(sent.at(-1)!.body).toContain("https://www.google.com/maps?q=24.77,46.64");
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(row!.status).toBe("replied");
    expect(row!.replyHistory).toEqual([{ timestamp: expect.any(String) as unknown, method: "email", message: "نعم، الفيلا متاحة للمعاينة غداً", sentBy: "سارة" }]);
    expect(await auditTrail(db(), "inquiry", inquiry.id)).toEqual([
      expect.objectContaining({ action: "reply-email", actorName: "سارة", actorId: employee.id, details: { from: "pending" } }),
    ]);
  });

  it("a failed mail changes nothing; no e-mail address means WhatsApp only", async () => {
    const inquiry = await newInquiry();
    failMail = true;
    try {
      expect(await replyToInquiry(services(), employee, inquiry.id, "email", "رد")).toBe(INQUIRY_MESSAGES.mailFailed);
    } finally {
      failMail = false;
    }
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect([row!.status, row!.replyHistory]).toEqual(["pending", []]);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, inquiry.id))).toEqual([]);
    const silent = await newInquiry({ email: "" });
    expect(await replyToInquiry(services(), employee, silent.id, "email", "رد")).toBe(INQUIRY_MESSAGES.noEmail);
    expect(await replyToInquiry(services(), employee, silent.id, "whatsapp", "رد عبر واتساب")).toBeNull();
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
    await vi.waitFor(() => expect(sent.find((m) => m.to === "fahad@example.sa")).toMatchObject({ subject: "طلب مساعدة: عربون" }));
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

describe("e-mail replies through a real SMTP server", () => {
  /** What the server does with the next message: take it, or hold it until released and then refuse or take it. */
  let hold: { release: Promise<"accept" | "refuse"> } | null = null;
  const arrived: string[] = [];
  const delivered: string[] = [];
  const smtpUrl = useSmtpServer(async (text) => {
    arrived.push(text);
    const outcome = await (hold?.release ?? "accept");
    if (outcome === "accept") delivered.push(text);
    return outcome;
  });
  let smtpMailer: Mailer;
  beforeAll(() => {
    smtpMailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtpUrl(), MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: dataDir });
  });
  const smtp = () => ({ db: db(), mailer: smtpMailer });
  const rowOf = async (id: number) => (await db().select().from(inquiries).where(eq(inquiries.id, id)))[0]!;

  it("holds no row lock while the server answers; a second attempt meanwhile is refused; a failed send leaves nothing and can be sent again", async () => {
    const inquiry = await newInquiry();
    let release!: (outcome: "accept" | "refuse") => void;
    hold = { release: new Promise((resolve) => (release = resolve)) };
    const before = arrived.length;
    const first = replyToInquiry(smtp(), employee, inquiry.id, "email", "الشقة متاحة");
    try {
      await expect.poll(() => arrived.length, { timeout: 10_000 }).toBe(before + 1); // the server holds the mail now

      // Another transaction can lock and change the inquiry at once.
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '1s'`);
        await tx.update(inquiries).set({ name: "محمد أثناء الإرسال" }).where(eq(inquiries.id, inquiry.id));
      });
      expect((await rowOf(inquiry.id)).replySending).toMatchObject({ actorId: employee.id });
      // A second click while the first is on its way sends nothing.
      expect(await replyToInquiry(smtp(), employee, inquiry.id, "email", "الشقة متاحة")).toBe(INQUIRY_MESSAGES.replySending);
      expect(arrived.length).toBe(before + 1);
    } finally {
      release("refuse");
    }
    expect(await first).toBe(INQUIRY_MESSAGES.mailFailed);
    hold = null;
    const failed = await rowOf(inquiry.id);
    expect([failed.status, failed.replyHistory, failed.replySending, failed.name]).toEqual(["pending", [], null, "محمد أثناء الإرسال"]);
    expect(await auditTrail(db(), "inquiry", inquiry.id)).toEqual([]);

    // Trying again sends it, and the history has it once.
    expect(await replyToInquiry(smtp(), employee, inquiry.id, "email", "الشقة متاحة")).toBeNull();
    expect(delivered.filter((text) => text.includes("To: m@example.sa"))).toHaveLength(1);
    const sentRow = await rowOf(inquiry.id);
    expect([sentRow.status, sentRow.replyHistory.length, sentRow.replySending]).toEqual(["replied", 1, null]);
    expect((await auditTrail(db(), "inquiry", inquiry.id)).map((e) => e.action)).toEqual(["reply-email"]);
  });

  it("an attempt left behind by a stopped process blocks only until it is stale", async () => {
    const inquiry = await newInquiry();
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    await db()
      .update(inquiries)
      .set({ replySending: { token: "left-behind", actorId: employee.id, startedAt } })
      .where(eq(inquiries.id, inquiry.id));
    expect(await replyToInquiry(smtp(), employee, inquiry.id, "email", "رد")).toBe(INQUIRY_MESSAGES.replySending);
    const later = () => new Date(Date.now() + REPLY_SENDING_STALE_MS);
    expect(await replyToInquiry(smtp(), employee, inquiry.id, "email", "رد", later)).toBeNull();
    const row = await rowOf(inquiry.id);
    expect([row.status, row.replyHistory.length, row.replySending]).toEqual(["replied", 1, null]);
  });

  it("completing the inquiry while its reply is sent keeps it completed, with the reply in its history", async () => {
    const inquiry = await newInquiry();
    // The mailer completes the inquiry mid-send: with a lock held this would wait forever.
    const completing: Mailer = {
      async send() {
        expect(await completeInquiry(db(), employee, inquiry.id)).toBeNull();
      },
    };
    expect(await replyToInquiry({ db: db(), mailer: completing }, employee, inquiry.id, "email", "رد أخير")).toBeNull();
    const row = await rowOf(inquiry.id);
    expect([row.status, row.replyHistory.map((e) => e.message), row.replySending]).toEqual(["completed", ["رد أخير"], null]);
  });

  it("a WhatsApp reply during the send leaves the e-mail attempt alone; both are recorded", async () => {
    const inquiry = await newInquiry();
    const meanwhile: Mailer = {
      async send() {
        expect(await replyToInquiry(services(), employee, inquiry.id, "whatsapp", "رد واتساب")).toBeNull();
        expect((await rowOf(inquiry.id)).replySending).toMatchObject({ actorId: employee.id });
      },
    };
    expect(await replyToInquiry({ db: db(), mailer: meanwhile }, employee, inquiry.id, "email", "رد بريد")).toBeNull();
    const row = await rowOf(inquiry.id);
    expect([row.replyHistory.map((e) => e.method), row.replySending]).toEqual([["whatsapp", "email"], null]);
  });
});
