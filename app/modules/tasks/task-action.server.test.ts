import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tasks, transactions } from "~/db/schema.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import type { MailMessage } from "~/modules/messaging/mail.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { createOffice, insertTask } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import type { OfferChoice } from "~/modules/offers/index.ts";
import { answerOfferPicker, handleTaskPost } from "./task-action.server.ts";
import { TASK_MESSAGES } from "./task-messages.ts";
import { riyadhToday, taskCreateSchema } from "./task-schema.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const mail: MailMessage[] = [];
const mailer = { send: async (message: MailMessage) => void mail.push(message) };
const services = () => ({ db: db(), env, mailer });
/** The scheduler's worker: sends the e-mails the actions queued (decision 032). */
const deliver = () => deliverQueuedEmails(db(), mailer, env.PUBLIC_URL);

let manager: StaffProfile, employee: StaffProfile, colleague: StaffProfile, accountant: StaffProfile;
beforeAll(async () => {
  ({ manager, employee, colleague, accountant } = await createOffice(db()));
});

/** A post to the board (or another page) by someone; the answer as the browser gets it. */
async function post(user: StaffProfile, fields: Record<string, string | number>, page = "/admin/tasks") {
  return await readAnswer(await handleTaskPost(services(), user, formData(fields), page), env);
}

const countTasks = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
  )[0]!.n;
const statusOf = async (id: number) => (await db().select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0]?.status;
const task = (overrides: Partial<typeof tasks.$inferInsert> = {}) => insertTask(db(), { assignedTo: employee.id, createdBy: manager.id, ...overrides });

const inDays = (days: number) => riyadhToday(Date.now() + days * 24 * 60 * 60_000);

describe("creating a task", () => {
  it("the manager's task is created, the assignee e-mailed a link to it, and the board comes back with the confirmation", async () => {
    const offer = await createOffer(db(), { title: "شقة حي الياسمين" });
    const answer = await post(manager, {
      intent: "create",
      title: "  معاينة الشقة  ",
      description: "موعد مع العميل صباحًا",
      assignedTo: employee.id,
      relatedPropertyId: `#${offer.id}`,
      dueDate: inDays(3),
    });
    expect(answer).toMatchObject({ status: 302, location: "/admin/tasks", toast: { tone: "success", text: TASK_MESSAGES.created } });
    const [row] = await db().select().from(tasks).where(eq(tasks.title, "معاينة الشقة"));
    expect(row).toMatchObject({
      status: "Pending",
      assignedTo: employee.id,
      createdBy: manager.id,
      relatedPropertyId: offer.id,
      dueDate: inDays(3),
      description: "موعد مع العميل صباحًا",
    });
    expect((await auditTrail(db(), "task", row!.id)).map((entry) => entry.action)).toEqual(["task-created"]);
    await deliver();
    expect(mail.find((m) => m.to === "sara@example.sa")).toBeDefined();
    const sent = mail.find((m) => m.to === "sara@example.sa")!;
    expect(sent.subject).toBe("مهمة جديدة: معاينة الشقة");
    expect(sent.body).toContain(`https://aqar.example.sa/admin/tasks/${row!.id}`);
  });

  it("title, description and assignee are required, each with its message; nothing is created", async () => {
    const before = await countTasks();
    const answer = await post(manager, { intent: "create", title: " ", description: "", assignedTo: "" });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual({ title: [TASK_MESSAGES.titleRequired], description: [TASK_MESSAGES.descriptionRequired], assignedTo: [TASK_MESSAGES.assigneeRequired] });
    expect(await countTasks()).toBe(before);
  });

  it("the due date is a real day, today or later; the offer must exist; the assignee may not be a manager — each under its field", async () => {
    const before = await countTasks();
    const base = { intent: "create", title: "مهمة", description: "وصف", assignedTo: employee.id };
    expect((await post(manager, { ...base, dueDate: inDays(-1) })).errors).toEqual({ dueDate: [TASK_MESSAGES.dueDatePast] });
    expect((await post(manager, { ...base, dueDate: "2026-02-30" })).errors).toEqual({ dueDate: [TASK_MESSAGES.dueDateInvalid] });
    expect((await post(manager, { ...base, dueDate: "غدًا" })).errors).toEqual({ dueDate: [TASK_MESSAGES.dueDateInvalid] });
    expect((await post(manager, { ...base, relatedPropertyId: "شقة العليا" })).errors).toEqual({ relatedPropertyId: [TASK_MESSAGES.offerNotFound] });
    expect(await post(manager, { ...base, relatedPropertyId: "999999" })).toMatchObject({ status: 400, errors: { relatedPropertyId: [TASK_MESSAGES.offerNotFound] } });
    expect(await post(manager, { ...base, assignedTo: manager.id })).toMatchObject({ status: 400, errors: { assignedTo: [TASK_MESSAGES.assigneeInvalid] } });
    expect(await post(manager, { ...base, assignedTo: "1e3" })).toMatchObject({ status: 400, errors: { assignedTo: [TASK_MESSAGES.assigneeRequired] } });
    expect(await countTasks()).toBe(before);
  });

  it("the schema reads the offer number as typed without JavaScript (Arabic digits, #) and an empty due date as none", () => {
    const parsed = taskCreateSchema.parse({ title: "أ", description: "ب", assignedTo: "4", relatedPropertyId: "#١٢", dueDate: "" });
    expect(parsed).toEqual({ title: "أ", description: "ب", assignedTo: 4, relatedPropertyId: 12, dueDate: null });
    expect(taskCreateSchema.parse({ title: "أ", description: "ب", assignedTo: "4", dueDate: riyadhToday() }).dueDate).toBe(riyadhToday());
  });

  it("an employee or the accountant is refused (403, the message) and nothing is created or sent", async () => {
    const before = await countTasks();
    const mails = mail.length;
    for (const user of [employee, accountant]) {
      const answer = await post(user, { intent: "create", title: "مهمة", description: "وصف", assignedTo: colleague.id });
      expect(answer).toMatchObject({ status: 403, errors: { "": [TASK_MESSAGES.managerOnly] } });
    }
    expect(await countTasks()).toBe(before);
    await deliver();
    expect(mail.length).toBe(mails);
  });
});

describe("changing a status", () => {
  it("the assignee moves their task; the page it was made on comes back (filters kept) with the confirmation, and the audit log has it", async () => {
    const mine = await task();
    const answer = await post(employee, { intent: "status", id: mine.id, status: "In Progress" }, "/admin/tasks?status=Pending");
    expect(answer).toMatchObject({ status: 302, location: "/admin/tasks?status=Pending", toast: { text: TASK_MESSAGES.statusSaved } });
    expect(await statusOf(mine.id)).toBe("In Progress");
    expect(await post(employee, { intent: "status", id: mine.id, status: "Completed" }, `/admin/tasks/${mine.id}`)).toMatchObject({
      status: 302,
      location: `/admin/tasks/${mine.id}`,
    });
    expect((await auditTrail(db(), "task", mine.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ["status-change", { from: "Pending", to: "In Progress" }],
      ["status-change", { from: "In Progress", to: "Completed" }],
    ]);
  });

  it("an employee cannot pick Awaiting Approval (400, under the menu)", async () => {
    const mine = await task();
    expect(await post(employee, { intent: "status", id: mine.id, status: "Awaiting Approval" })).toMatchObject({
      status: 400,
      errors: { status: [TASK_MESSAGES.statusNotAllowed] },
    });
    expect(await statusOf(mine.id)).toBe("Pending");
  });

  it("a task awaiting approval leaves it only by a decision (409, for the manager too)", async () => {
    const request = await task({ status: "Awaiting Approval", assignedTo: manager.id, createdBy: accountant.id, amount: 150, transactionType: "expense" });
    expect(await post(manager, { intent: "status", id: request.id, status: "Completed" })).toMatchObject({ status: 409, errors: { "": [TASK_MESSAGES.awaitingApproval] } });
    expect(await statusOf(request.id)).toBe("Awaiting Approval");
  });

  it("someone else's task is not found (404), and a status that does not exist is refused under the menu", async () => {
    const theirs = await task({ assignedTo: colleague.id });
    expect(await post(employee, { intent: "status", id: theirs.id, status: "Cancelled" })).toMatchObject({ status: 404, errors: { "": [TASK_MESSAGES.notFound] } });
    expect(await post(colleague, { intent: "status", id: theirs.id, status: "Done" })).toMatchObject({ status: 400, errors: { status: [TASK_MESSAGES.statusInvalid] } });
    expect(await statusOf(theirs.id)).toBe("Pending");
  });

  it("a malformed id (not digits) names no task: 400, the message above the form, nothing changed", async () => {
    const mine = await task();
    for (const id of ["1e3", "-1", `${mine.id}.0`, " ", "abc", "9999999999"]) {
      expect(await post(employee, { intent: "status", id, status: "Cancelled" })).toMatchObject({ status: 400, errors: { "": [TASK_MESSAGES.notFound] } });
    }
    expect(await statusOf(mine.id)).toBe("Pending");
  });

  it("an unknown intent is a bad request", async () => {
    expect(await post(employee, { intent: "delete", id: 1 })).toMatchObject({ status: 400, errors: { "": [MESSAGES.badRequest] } });
  });
});

describe("deciding from the board", () => {
  it("the manager approves: the transaction is recorded, the task completed, back to the page with the confirmation", async () => {
    const request = await task({ title: "شراء أحبار", status: "Awaiting Approval", assignedTo: manager.id, createdBy: accountant.id, amount: 230.5, transactionType: "expense" });
    const answer = await post(manager, { intent: "approve", id: request.id, notes: "موافق" }, "/admin/tasks?late=1");
    expect(answer).toMatchObject({ status: 302, location: "/admin/tasks?late=1", toast: { text: TASK_MESSAGES.approved } });
    expect(await statusOf(request.id)).toBe("Completed");
    expect(await db().select({ amount: transactions.amount, approvedBy: transactions.approvedBy }).from(transactions).where(eq(transactions.relatedTaskId, request.id))).toEqual([
      { amount: 230.5, approvedBy: manager.id },
    ]);
    await deliver();
    expect(mail.find((m) => m.to === "noura@example.sa" && m.subject === "تم اعتماد طلبك: شراء أحبار")).toBeDefined();
  });

  it("a rejection needs a reason (under the notes), then rejects", async () => {
    const request = await task({ status: "Awaiting Approval", assignedTo: manager.id, createdBy: accountant.id, amount: 90, transactionType: "income" });
    expect(await post(manager, { intent: "reject", id: request.id, notes: "  " })).toMatchObject({ status: 400, errors: { notes: [TASK_MESSAGES.rejectReasonRequired] } });
    expect(await statusOf(request.id)).toBe("Awaiting Approval");
    expect(await post(manager, { intent: "reject", id: request.id, notes: "لا يوجد إيصال" })).toMatchObject({ status: 302, toast: { text: TASK_MESSAGES.rejected } });
    expect(await db().select().from(tasks).where(eq(tasks.id, request.id))).toEqual([expect.objectContaining({ status: "Rejected", notes: "لا يوجد إيصال" })]);
  });

  it("an employee or the accountant cannot decide (403, the message): the request and the transactions stay as they were", async () => {
    const request = await task({ status: "Awaiting Approval", assignedTo: manager.id, createdBy: accountant.id, amount: 40, transactionType: "expense" });
    for (const user of [employee, accountant]) {
      for (const intent of ["approve", "reject"]) {
        expect(await post(user, { intent, id: request.id, notes: "x" })).toMatchObject({ status: 403, errors: { "": [TASK_MESSAGES.managerOnly] } });
      }
    }
    expect(await statusOf(request.id)).toBe("Awaiting Approval");
    expect(await db().select().from(transactions).where(eq(transactions.relatedTaskId, request.id))).toEqual([]);
  });

  it("a request decided already is refused the second time (409)", async () => {
    const request = await task({ status: "Awaiting Approval", assignedTo: manager.id, createdBy: accountant.id, amount: 10, transactionType: "income" });
    await post(manager, { intent: "approve", id: request.id });
    expect(await post(manager, { intent: "approve", id: request.id })).toMatchObject({ status: 409, errors: { "": [TASK_MESSAGES.notAwaitingApproval] } });
    expect(await db().select().from(transactions).where(eq(transactions.relatedTaskId, request.id))).toHaveLength(1);
  });
});

describe("the offer picker", () => {
  const ask = async (user: StaffProfile, q: string) => {
    const response = await answerOfferPicker(services(), user, new URL(`https://aqar.example.sa/admin/tasks/offers?q=${encodeURIComponent(q)}`));
    return { status: response.status, body: (await response.json()) as { choices?: OfferChoice[]; error?: string } };
  };

  it("is the manager's only (403 for the others)", async () => {
    for (const user of [employee, accountant]) expect(await ask(user, "")).toEqual({ status: 403, body: { error: TASK_MESSAGES.managerOnly } });
  });

  it("finds offers by title, Arabic-aware, and by number first (12, #12, ١٢); at most 20", async () => {
    const villa = await createOffer(db(), { title: "فيلا مكة الفاخرة", city: "جدة", location: "الشاطئ" });
    const titles = (answer: Awaited<ReturnType<typeof ask>>) => answer.body.choices!.map((offer) => offer.label);
    expect(titles(await ask(manager, "مكه"))).toEqual(["فيلا مكة الفاخرة"]);
    expect(titles(await ask(manager, "الفاخره"))).toEqual(["فيلا مكة الفاخرة"]);
    for (const q of [String(villa.id), `#${villa.id}`, `#${String(villa.id).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!)}`]) {
      expect((await ask(manager, q)).body.choices![0]).toEqual({ id: villa.id, label: "فيلا مكة الفاخرة", city: "جدة", location: "الشاطئ" });
    }
    for (let i = 0; i < 22; i += 1) await createOffer(db(), { title: `شقة للبيع رقم ${i}` });
    expect(titles(await ask(manager, "شقة للبيع"))).toHaveLength(20);
    expect(titles(await ask(manager, ""))).toHaveLength(20);
    expect(titles(await ask(manager, "لا يوجد عرض بهذا الاسم"))).toEqual([]);
  });
});
