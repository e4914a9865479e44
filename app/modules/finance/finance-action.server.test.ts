import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestBodyContext, type AppServices } from "~/context.ts";
import { images, tasks, transactions } from "~/db/schema.ts";
import { settledImageFiles, testStorage } from "../../../tests/factories/storage.ts";
import type { Mailer } from "~/modules/messaging/mail.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { TASK_MESSAGES } from "~/modules/tasks/task-messages.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { FINANCE_REQUEST_BODY_LIMIT } from "~/utils/body-limits.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { handleFinancePost, handleFinanceRequest, handleFinanceRequestUpload } from "./finance-action.server.ts";
import { FINANCE_LIMITS, FINANCE_MESSAGES } from "./finance-messages.ts";
import { requestFinanceApproval } from "./finance.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-finance-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));

const env = { ...parseEnv({}), DATA_DIR: dataDir };
let sent: Array<{ to: string; subject: string; body: string }> = [];
const mailer: Mailer = {
  async send(message) {
    sent.push(message);
  },
};
const services = (): AppServices => ({
  db: db(),
  env,
  mailer,
  sms: createSmsSender(env),
  events: { subscribe: () => () => undefined, ready: async () => undefined, close: async () => undefined },
  storage,
});

let manager: StaffProfile;
let accountant: StaffProfile;
let employee: StaffProfile;
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "المدير العام", username: "boss.fa", phone: "0551400001", role: "manager", email: "boss.fa@example.sa" });
  accountant = await createStaffUser(db(), { name: "نورة المحاسبة", username: "noura.fa", phone: "0551400002", role: "accountant", email: "noura.fa@example.sa" });
  employee = await createStaffUser(db(), { name: "سارة", username: "sara.fa", phone: "0551400003", role: "staff" });
});
beforeEach(() => {
  sent = [];
});

const VALID = { description: "فاتورة صيانة المصعد", amount: "1250.50", type: "expense", notes: "عاجل قبل نهاية الشهر" };
const PAGE_URL = "http://localhost:3000/admin/finance";

type Receipt = { bytes: Uint8Array; type?: string; name?: string };

/** The form as the browser posts it with a file input: multipart, the receipt (if any) last. */
function multipart(fields: Record<string, string>, receipt?: Receipt, url = PAGE_URL) {
  const form = formData(fields);
  if (receipt) form.set("receipt", new Blob([new Uint8Array(receipt.bytes)], { type: receipt.type ?? "image/jpeg" }), receipt.name ?? "receipt.jpg");
  else form.set("receipt", new Blob([], { type: "application/octet-stream" }), ""); // a file input with nothing chosen
  return new Request(url, { method: "POST", body: form, headers: { Origin: "http://localhost:3000" } });
}

/** A plain form post (urlencoded), as the approval dialog sends it. */
function plainPost(fields: Record<string, string>, url = PAGE_URL) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

/** The page's context as the request handler sets it: the finance page's path allows the receipt. */
function pageContext() {
  const context = new RouterContextProvider();
  context.set(requestBodyContext, { limit: FINANCE_REQUEST_BODY_LIMIT, tooLarge: false });
  return context;
}

const requestAs = async (user: StaffProfile, fields: Record<string, string>, receipt?: Receipt) =>
  await readAnswer(await handleFinanceRequest(services(), user, multipart(fields, receipt)), env);
const pagePost = async (user: StaffProfile, request: Request) => await readAnswer(await handleFinancePost(services(), user, request, pageContext()), env);

const photo = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#c96" } })
    .jpeg()
    .toBuffer();

/** What is stored: tasks, transactions, image rows and image files. */
async function stored() {
  const [[t], [x], [i]] = await Promise.all([db().select({ n: count() }).from(tasks), db().select({ n: count() }).from(transactions), db().select({ n: count() }).from(images)]);
  return { tasks: t!.n, transactions: x!.n, images: i!.n, files: (await settledImageFiles(dataDir)).length };
}

const newestTask = async () => (await db().select().from(tasks).orderBy(desc(tasks.id)).limit(1))[0]!;

describe("the accountant's finance request", () => {
  it("says what each field needs, under the field, and stores nothing", async () => {
    const before = await stored();
    const answer = await requestAs(accountant, { description: "  ", amount: "", notes: "" });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual({
      description: [FINANCE_MESSAGES.descriptionRequired],
      amount: [FINANCE_MESSAGES.amountRequired],
      type: [FINANCE_MESSAGES.typeRequired],
    });
    expect(await stored()).toEqual(before);
  });

  it("reads amounts typed with Arabic-Indic digits and separators", async () => {
    const answer = await requestAs(accountant, { ...VALID, amount: "١٬٢٥٠٫٥" });
    expect(answer).toMatchObject({ status: 302, location: "/admin/finance", toast: { tone: "success", text: FINANCE_MESSAGES.requested } });
    expect(await newestTask()).toMatchObject({
      title: VALID.description,
      amount: 1250.5,
      transactionType: "expense",
      status: "Awaiting Approval",
      assignedTo: manager.id,
      receiptImageId: null,
    });
  });

  it.each(["0", "-5", "1.234", "1e3", "١٢ ريال", "0.001", String(FINANCE_LIMITS.amount * 10)])(
    "refuses the amount %s with its message, giving back what was typed",
    async (amount) => {
      const before = await stored();
      const answer = await requestAs(accountant, { ...VALID, amount });
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual({ amount: [FINANCE_MESSAGES.amountInvalid] });
      expect(answer.initialValue).toMatchObject({ amount, description: VALID.description, type: "expense" });
      expect(await stored()).toEqual(before);
    },
  );

  it("stores the receipt through the image pipeline with the task, and mails the manager", async () => {
    const before = await stored();
    const answer = await requestAs(accountant, VALID, { bytes: await photo() });
    expect(answer).toMatchObject({ status: 302, toast: { text: FINANCE_MESSAGES.requested } });
    const task = await newestTask();
    expect(task).toMatchObject({ title: VALID.description, description: VALID.notes, amount: 1250.5, createdBy: accountant.id });
    expect(task.receiptImageId).toMatch(/^[a-f0-9]{32}$/);
    const after = await stored();
    expect(after).toMatchObject({ tasks: before.tasks + 1, images: before.images + 1, transactions: before.transactions });
    expect(after.files).toBeGreaterThan(before.files);
    await deliverQueuedEmails(db(), mailer);
    const told = sent.filter((m) => m.body.includes(`/admin/tasks/${task.id}`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ to: "boss.fa@example.sa", subject: `طلب اعتماد مالي: ${VALID.description}` });
  });

  it("the manager and the employee cannot request: 403, nothing stored, nobody mailed", async () => {
    const before = await stored();
    for (const user of [manager, employee]) {
      const answer = await requestAs(user, VALID, { bytes: await photo() });
      expect(answer).toMatchObject({ status: 403, errors: { "": [FINANCE_MESSAGES.accountantOnly] } });
      // Also as a plain form on the page.
      expect(await pagePost(user, plainPost({ ...VALID, intent: "request" }))).toMatchObject({ status: 403, errors: { "": [FINANCE_MESSAGES.accountantOnly] } });
    }
    expect(await stored()).toEqual(before);
    expect(sent).toEqual([]);
  });

  it("refuses a receipt over 10 MB while it streams in, with the firm's message; nothing is left behind", async () => {
    const before = await stored();
    const big = new Uint8Array(FINANCE_LIMITS.receiptBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const answer = await requestAs(accountant, VALID, { bytes: big });
    expect(answer.status).toBe(413);
    expect(answer.errors).toEqual({ receipt: ["حجم الملف كبير جداً. الحد الأقصى هو ١٠ ميجابايت."] });
    expect(answer.initialValue).toMatchObject({ description: VALID.description, amount: VALID.amount });
    expect(await stored()).toEqual(before);
  });

  it("refuses a declared body over the page's limit without reading it", async () => {
    const request = new Request(PAGE_URL, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(FINANCE_REQUEST_BODY_LIMIT + 1) },
      body: "--x--",
    });
    const answer = await readAnswer(await handleFinanceRequest(services(), accountant, request), env);
    expect(answer).toMatchObject({ status: 413, errors: { receipt: [FINANCE_MESSAGES.receiptTooLarge] } });
  });

  it("refuses a receipt that is not a JPEG, PNG or WebP photo (by its bytes, whatever it claims); nothing is left behind", async () => {
    const before = await stored();
    const cases: Receipt[] = [
      { bytes: new TextEncoder().encode("not a photo at all"), type: "image/jpeg" },
      {
        bytes: await sharp({ create: { width: 40, height: 40, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
        type: "image/jpeg",
        name: "r.jpg",
      },
      { bytes: await photo(), type: "application/pdf", name: "r.pdf" },
      // A JPEG's first bytes and then nothing of a photo: the pipeline refuses it.
      { bytes: (await photo()).subarray(0, 200) },
    ];
    for (const receipt of cases) {
      const answer = await requestAs(accountant, VALID, receipt);
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual({ receipt: [FINANCE_MESSAGES.receiptInvalid] });
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses a NUL character (PostgreSQL text cannot hold it), giving back the fields without it", async () => {
    const before = await stored();
    const answer = await requestAs(accountant, { ...VALID, notes: "عاجل\0" }, { bytes: await photo() });
    expect(answer).toMatchObject({ status: 400, errors: { "": [MESSAGES.nulRefused] }, initialValue: { notes: "عاجل", description: VALID.description } });
    expect(await stored()).toEqual(before);
  });

  it("a request refused after its receipt was stored deletes the receipt again (rows and files)", async () => {
    const before = await stored();
    const answer = await requestAs(accountant, { ...VALID, managerId: String(employee.id) }, { bytes: await photo() });
    expect(answer).toMatchObject({ status: 400, errors: { managerId: [FINANCE_MESSAGES.managerInvalid] } });
    expect(await stored()).toEqual(before);
  });

  it("goes to the manager chosen when given", async () => {
    const second = await createStaffUser(db(), { name: "المدير الثاني", username: "boss2.fa", phone: "0551400004", role: "manager" });
    expect(await requestAs(accountant, { ...VALID, managerId: String(second.id) })).toMatchObject({ status: 302 });
    expect(await newestTask()).toMatchObject({ assignedTo: second.id });
  });

  it("a request without a receipt may come as a plain form, and keeps the page's filters", async () => {
    const answer = await pagePost(
      accountant,
      plainPost({ ...VALID, intent: "request", description: "إيجار المكتب", type: "income" }, `${PAGE_URL}?month=2026-03&type=income&page=2`),
    );
    expect(answer).toMatchObject({ status: 302, location: "/admin/finance?month=2026-03&type=income&page=2", toast: { text: FINANCE_MESSAGES.requested } });
    expect(await newestTask()).toMatchObject({ title: "إيجار المكتب", transactionType: "income", receiptImageId: null });
  });

  it("a post that is neither a request nor a decision is refused", async () => {
    for (const user of [manager, accountant]) expect(await pagePost(user, plainPost({ intent: "probe" }))).toMatchObject({ status: 400, errors: { "": [MESSAGES.badRequest] } });
  });

  it("from the page's script: the same rules, answered as JSON; a success sets no one-time cookie (the form confirms itself)", async () => {
    const upload = (request: Request) => handleFinanceRequestUpload(services(), accountant, request);
    const url = "http://localhost:3000/admin/finance/request";

    const refused = await upload(multipart({ ...VALID, amount: "0" }, undefined, url));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: "error", error: { amount: [FINANCE_MESSAGES.amountInvalid] } });

    const done = await upload(multipart(VALID, { bytes: await photo() }, url));
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ status: "success", initialValue: null });
    // A cookie would be spent by whichever refresh comes first, the live one or the page's, and lost when the page's cancels it.
    expect((await readAnswer(new Response(null, { headers: done.headers }), env)).toast).toBeNull();

    const crossSite = new Request(url, { method: "POST", body: formData(VALID), headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    const before = await stored();
    expect((await upload(crossSite)).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe("the manager's decisions through the finance page", () => {
  async function awaiting(description = "شراء أثاث للمكتب") {
    const result = await requestFinanceApproval(db(), accountant, { description, amount: 800, type: "expense", notes: "" });
    if (!result.ok) throw new Error(result.error);
    return result.taskId;
  }

  it("a rejection needs a reason; with one the task is Rejected and the accountant is told", async () => {
    const id = await awaiting();
    const without = await pagePost(manager, plainPost({ intent: "reject", id: String(id), notes: "  " }));
    expect(without).toMatchObject({ status: 400, errors: { notes: ["يرجى كتابة سبب الرفض."] } });
    expect((await db().select().from(tasks).where(eq(tasks.id, id)))[0]).toMatchObject({ status: "Awaiting Approval" });

    const rejected = await pagePost(manager, plainPost({ intent: "reject", id: String(id), notes: "لا توجد ميزانية هذا الشهر" }, `${PAGE_URL}?type=expense`));
    expect(rejected).toMatchObject({ status: 302, location: "/admin/finance?type=expense", toast: { text: TASK_MESSAGES.rejected } });
    expect((await db().select().from(tasks).where(eq(tasks.id, id)))[0]).toMatchObject({ status: "Rejected", notes: "لا توجد ميزانية هذا الشهر" });
    await deliverQueuedEmails(db(), mailer);
    // The request itself told the manager; the decision tells the accountant.
    const toAccountant = sent.filter((m) => m.to !== "boss.fa@example.sa");
    expect(toAccountant.map((m) => m.to)).toEqual(["noura.fa@example.sa"]);
    expect(toAccountant[0]!.body).toContain("سبب الرفض: لا توجد ميزانية هذا الشهر");
  });

  it("an approval creates the transaction once; deciding again is refused", async () => {
    const id = await awaiting("اشتراك الإنترنت");
    const approved = await pagePost(manager, plainPost({ intent: "approve", id: String(id), notes: "" }));
    expect(approved).toMatchObject({ status: 302, toast: { text: TASK_MESSAGES.approved } });
    expect(await db().select().from(transactions).where(eq(transactions.relatedTaskId, id))).toEqual([
      expect.objectContaining({ description: "اشتراك الإنترنت", amount: 800, approvedBy: manager.id }),
    ]);
    const again = await pagePost(manager, plainPost({ intent: "reject", id: String(id), notes: "خطأ" }));
    expect(again).toMatchObject({ status: 409, errors: { "": [TASK_MESSAGES.notAwaitingApproval] } });
  });

  it("the accountant cannot decide (403), and a decision is read within 64 KiB although the page allows the receipt", async () => {
    const id = await awaiting("طباعة عقود");
    expect(await pagePost(accountant, plainPost({ intent: "approve", id: String(id) }))).toMatchObject({ status: 403, errors: { "": [TASK_MESSAGES.managerOnly] } });
    const long = await pagePost(manager, plainPost({ intent: "approve", id: String(id), notes: "ن".repeat(70 * 1024) }));
    expect(long).toMatchObject({ status: 413, errors: { "": [MESSAGES.bodyTooLarge] } });
    expect((await db().select().from(tasks).where(eq(tasks.id, id)))[0]).toMatchObject({ status: "Awaiting Approval" });
  });
});
