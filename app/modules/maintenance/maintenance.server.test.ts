import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { images, loginCodes, maintenanceRequests, managedProperties, managedUnits, ownerCharges, owners, tasks, transactions } from "~/db/schema.ts";
import { checkLoginCode, issuePhoneCode } from "~/modules/auth/login-codes.server.ts";
import { sha256 } from "~/modules/auth/sessions.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { readOutbox } from "~/modules/messaging/outbox.server.ts";
import { decideRequest } from "~/modules/tasks/approvals.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { testStorage } from "../../../tests/factories/storage.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { approvedOwnerCharges } from "./index.server.ts";
import { addRepairCost, FINISHED_PAGE_SIZE, listReports, loadReport, setReportStatus } from "./maintenance-office.server.ts";
import { findUnitByToken, sendReportCode, submitReport, type ReportInput, type ReportUnit } from "./maintenance.server.ts";

const db = useTestDatabase({ connections: 8 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "maintenance-test-"));
const sms = createSmsSender({ SMS_TRANSPORT: "outbox", DATA_DIR: dataDir });
const services = () => ({ db: db(), env, sms, storage: testStorage(dataDir) }) as unknown as AppServices;
const smsTo = async (phone: string) => (await readOutbox(dataDir, "sms")).filter((m) => m.to === phone);
/** The code of the newest SMS to a number (the outbox holds what the tenant reads). */
const lastCode = async (phone: string) => /رمز التحقق: (\d{6})/.exec((await smsTo(phone)).at(-1)?.body ?? "")?.[1] ?? "";

let office: Office;
let unit: ReportUnit;
let token: string;
let ownerId: number;
let jpeg: Buffer;
let phoneSeq = 0;
/** A new tenant number per test: the limits are per number. */
const nextPhone = () => `+9665${String(70_000_000 + ++phoneSeq).padStart(8, "0")}`;
const input = (code: string, extra: Partial<ReportInput> = {}): ReportInput => ({
  code,
  category: "plumbing",
  urgency: "normal",
  description: "تسرب مياه تحت المغسلة",
  photos: [],
  ...extra,
});
const reportCount = async () => (await db().select({ n: count() }).from(maintenanceRequests))[0]!.n;
const taskCount = async () => (await db().select({ n: count() }).from(tasks))[0]!.n;

beforeAll(async () => {
  office = await createOffice(db());
  const [owner] = await db().insert(owners).values({ kind: "person", name: "عبدالله الشهري", identityNumber: "1012345672", iban: "SA0380000000608010167519" }).returning();
  ownerId = owner!.id;
  const [property] = await db().insert(managedProperties).values({ ownerId, kind: "building", name: "برج النخيل", city: "الرياض", neighbourhood: "الملقا" }).returning();
  const [row] = await db().insert(managedUnits).values({ propertyId: property!.id, label: "شقة 3", type: "شقة" }).returning();
  token = row!.reportToken;
  unit = (await findUnitByToken(db(), token))!;
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#a63" } })
    .jpeg()
    .toBuffer();
});

let address = 0;
beforeEach(() => void address++);
const from = () => `10.0.0.${address}`;

/** A tenant who asked a code for `phone` in a browser of flow token `flow`. */
async function askCode(phone: string, flow = `flow-${phone}`) {
  const sent = await sendReportCode(services(), { phone, flowToken: flow, address: from() });
  expect(sent).toMatchObject({ ok: true, phone });
  return { flow, code: await lastCode(phone) };
}

describe("the unit's link", () => {
  it("finds the unit by its token and shows nothing private; an unknown or malformed token is no unit", async () => {
    expect(Object.keys(unit).sort()).toEqual(["city", "label", "propertyId", "propertyName", "unitId"]);
    expect(unit).toMatchObject({ label: "شقة 3", propertyName: "برج النخيل", city: "الرياض" });
    expect(await findUnitByToken(db(), "0".repeat(32))).toBeUndefined();
    expect(await findUnitByToken(db(), "x' or 1=1")).toBeUndefined();
  });
});

describe("the SMS code (the sign-in's mechanism, decision 054)", () => {
  it("takes a Saudi mobile typed any way; refuses a landline or a foreign number without sending anything", async () => {
    const before = (await readOutbox(dataDir, "sms")).length;
    expect(await sendReportCode(services(), { phone: "٠٥٥ ١٢٣ ٤٥٦٧", flowToken: "f1", address: from() })).toEqual({ ok: true, phone: "+966551234567" });
    expect(await sendReportCode(services(), { phone: "0112345678", flowToken: "f2", address: from() })).toMatchObject({ ok: false, field: "phone" });
    expect(await sendReportCode(services(), { phone: "+447700900123", flowToken: "f3", address: from() })).toMatchObject({ ok: false, field: "phone" });
    expect(await sendReportCode(services(), { phone: "", flowToken: "f4", address: from() })).toMatchObject({ ok: false, field: "phone" });
    expect((await readOutbox(dataDir, "sms")).length).toBe(before + 1);
    const [stored] = await db()
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.flowHash, sha256("f1")));
    expect(stored!.codeHash).not.toContain(await lastCode("+966551234567")); // kept as an HMAC only
  });

  it("sends one code of ten asked at the same moment for one number (one per 30 seconds, under the number's lock)", async () => {
    const phone = nextPhone();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => sendReportCode(services(), { phone, flowToken: `burst-${i}`, address: `10.1.0.${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it("sends at most five codes per number in 15 minutes, resends included", async () => {
    const phone = nextPhone();
    const start = Date.now();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await issuePhoneCode(db(), { phone, flowToken: `r-${i}`, now: new Date(start + i * 31_000), purpose: "maintenance-report" }));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, false, false]);
    expect(answers[5]).toMatchObject({ ok: false, reason: "too-many" });
  });

  it("counts every one of ten wrong codes tried at once: the number is locked after five, the right code dead too", async () => {
    const phone = nextPhone();
    const { flow, code } = await askCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const before = await reportCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submitReport(services(), { unit, flowToken: flow, input: input(wrong), address: from() })));
    expect(answers.every((a) => !a.ok)).toBe(true);
    const [row] = await db()
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.flowHash, sha256(flow)));
    expect(row!.failedAttempts).toBe(5);
    expect(await submitReport(services(), { unit, flowToken: flow, input: input(code), address: from() })).toMatchObject({ ok: false, field: "code" });
    expect(await reportCount()).toBe(before);
  });

  it("a maintenance code never signs anyone in, even on a staff member's number", async () => {
    const { flow, code } = await askCode(office.employee.phone);
    expect(await checkLoginCode(db(), { flowToken: flow, code })).toMatchObject({ ok: false, reason: "wrong" });
  });
});

describe("the report", () => {
  it("refuses a wrong or an expired code and stores nothing: no report, no task, no photo", async () => {
    const phone = nextPhone();
    const { flow, code } = await askCode(phone);
    const [reports, taskRows, imageRows] = [await reportCount(), await taskCount(), (await db().select({ n: count() }).from(images))[0]!.n];
    const wrong = await submitReport(services(), { unit, flowToken: flow, input: input(code === "123456" ? "654321" : "123456", { photos: [{ bytes: jpeg }] }), address: from() });
    expect(wrong).toMatchObject({ ok: false, field: "code", error: "رمز التحقق غير صحيح" });
    const later = new Date(Date.now() + 11 * 60_000);
    const expired = await submitReport(services(), { unit, flowToken: flow, input: input(code), address: from(), now: later });
    expect(expired).toMatchObject({ ok: false, field: "code", error: "انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد" });
    expect(await submitReport(services(), { unit, flowToken: undefined, input: input(code), address: from() })).toMatchObject({ ok: false, field: "code" });
    expect([await reportCount(), await taskCount(), (await db().select({ n: count() }).from(images))[0]!.n]).toEqual([reports, taskRows, imageRows]);
  });

  it("stores the report, its task for the manager and its private photos in one step; the tenant's SMS gives the number; the code works once", async () => {
    const phone = nextPhone();
    const { flow, code } = await askCode(phone);
    const done = await submitReport(services(), {
      unit,
      flowToken: flow,
      input: input(code, { category: "air-conditioning", urgency: "urgent", photos: [{ bytes: jpeg }, { bytes: jpeg }] }),
      address: from(),
    });
    expect(done.ok).toBe(true);
    const id = (done as { id: number }).id;
    const [report] = await db().select().from(maintenanceRequests).where(eq(maintenanceRequests.id, id));
    expect(report).toMatchObject({ unitId: unit.unitId, phone, category: "air-conditioning", urgency: "urgent", status: "open" });
    expect(report!.photoIds).toHaveLength(2);
    const photos = await db().select({ private: images.private }).from(images).where(eq(images.id, report!.photoIds[0]!));
    expect(photos[0]!.private).toBe(true);
    const [task] = await db().select().from(tasks).where(eq(tasks.id, report!.taskId!));
    expect(task!.assignedTo).toBe(office.manager.id);
    expect(task!.title).toContain("تكييف");
    expect(task!.title).toContain("شقة ٣ · برج النخيل");
    expect(task!.description).toContain("عاجل");
    expect(task!.description).toContain("تسرب مياه تحت المغسلة");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await smsTo(phone)).at(-1)!.body).toContain(`بلاغ الصيانة رقم ${String(id).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))}`);
    // The same code again: used.
    expect(await submitReport(services(), { unit, flowToken: flow, input: input(code), address: from() })).toMatchObject({ ok: false, field: "code" });
  });

  it("leaves nothing behind when the report cannot be stored (its insert fails after the code was checked): the code can be used again", async () => {
    const phone = nextPhone();
    const { flow, code } = await askCode(phone);
    const before = await reportCount();
    // A description PostgreSQL refuses (a NUL character) fails inside the transaction, after the code was used.
    await expect(submitReport(services(), { unit, flowToken: flow, input: input(code, { description: "a\u0000b" }), address: from() })).rejects.toThrow();
    expect(await reportCount()).toBe(before);
    expect((await submitReport(services(), { unit, flowToken: flow, input: input(code), address: from() })).ok).toBe(true);
  });

  it("tells the manager at once of an emergency, by SMS", async () => {
    const phone = nextPhone();
    const { flow, code } = await askCode(phone);
    const done = await submitReport(services(), { unit, flowToken: flow, input: input(code, { urgency: "emergency", category: "electricity" }), address: from() });
    expect(done.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await smsTo(office.manager.phone)).at(-1)!.body).toContain("بلاغ صيانة طارئ");
  });
});

describe("the staff side", () => {
  let reportId: number;
  beforeAll(async () => {
    const [row] = await db()
      .insert(maintenanceRequests)
      .values({ unitId: unit.unitId, phone: "+966500000001", category: "plumbing", urgency: "normal", description: "تسرب" })
      .returning();
    reportId = row!.id;
  });

  it("lists every report still to handle however old, and the finished ones a page at a time", async () => {
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000);
    const base = { unitId: unit.unitId, phone: "+966500000002", category: "plumbing" as const, urgency: "normal" as const, description: "قديم" };
    // An open report older than sixty finished ones, and one in progress older still.
    const [oldOpen] = await db()
      .insert(maintenanceRequests)
      .values({ ...base, createdAt: day(1) })
      .returning();
    const [oldBusy] = await db()
      .insert(maintenanceRequests)
      .values({ ...base, status: "in-progress", createdAt: day(0) })
      .returning();
    await db()
      .insert(maintenanceRequests)
      .values(Array.from({ length: 60 }, (_, i) => ({ ...base, status: i % 10 === 0 ? ("cancelled" as const) : ("done" as const), createdAt: day(10 + i) })));
    const first = await listReports(db());
    expect(first.rows.map((row) => row.id)).toEqual(expect.arrayContaining([oldOpen!.id, oldBusy!.id]));
    const finishedIds = (list: typeof first) => list.rows.filter((row) => row.group === "done").map((row) => row.id);
    expect(finishedIds(first)).toHaveLength(FINISHED_PAGE_SIZE);
    expect(first).toMatchObject({ finishedPage: 1, finishedPageCount: Math.ceil(first.finishedTotal / FINISHED_PAGE_SIZE) });
    expect(first.finishedTotal).toBeGreaterThanOrEqual(60);
    const second = await listReports(db(), { finishedPage: 2 });
    expect(second.rows.map((row) => row.id)).toEqual(expect.arrayContaining([oldOpen!.id, oldBusy!.id]));
    // The pages share no report, and the newest come first.
    expect(finishedIds(second).filter((id) => finishedIds(first).includes(id))).toEqual([]);
    const created = first.rows.filter((row) => row.group === "done").map((row) => row.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    await db().delete(maintenanceRequests).where(eq(maintenanceRequests.description, "قديم"));
  });

  it("lets the manager and employees move a report's status; the accountant reads only", async () => {
    expect(await setReportStatus(db(), office.employee, reportId, "in-progress")).toEqual({ ok: true });
    expect(await setReportStatus(db(), office.accountant, reportId, "done")).toMatchObject({ ok: false, status: 403 });
    expect(await setReportStatus(db(), office.manager, reportId, "closed")).toMatchObject({ ok: false, status: 400 });
    expect((await loadReport(db(), reportId)).report.status).toBe("in-progress");
  });

  it("refuses a cost from the accountant, without an amount or with three decimals: nothing asked", async () => {
    const before = await taskCount();
    expect(await addRepairCost(db(), office.accountant, reportId, { amount: "100", description: "سباك" })).toMatchObject({ ok: false, status: 403 });
    expect(await addRepairCost(db(), office.employee, reportId, { amount: "", description: "سباك" })).toMatchObject({ ok: false, field: "amount" });
    expect(await addRepairCost(db(), office.employee, reportId, { amount: "10.555", description: "سباك" })).toMatchObject({ ok: false, field: "amount" });
    expect(await addRepairCost(db(), office.employee, reportId, { amount: "10", description: " " })).toMatchObject({ ok: false, field: "description" });
    expect(await taskCount()).toBe(before);
  });

  it("asks the manager's approval through finance and charges the owner; it counts only once approved, a rejected one never", async () => {
    const approved = await addRepairCost(db(), office.employee, reportId, { amount: "٣٥٠٫٥٠", description: "تغيير محبس المغسلة" });
    const rejected = await addRepairCost(db(), office.manager, reportId, { amount: "1,200", description: "تغيير السخان" });
    expect(approved.ok && rejected.ok).toBe(true);
    const approvedTask = (approved as { taskId: number }).taskId;
    const rejectedTask = (rejected as { taskId: number }).taskId;
    const [task] = await db().select().from(tasks).where(eq(tasks.id, approvedTask));
    expect(task).toMatchObject({ status: "Awaiting Approval", amount: 350.5, transactionType: "expense", assignedTo: office.manager.id, createdBy: office.employee.id });
    const charges = await db().select().from(ownerCharges).where(eq(ownerCharges.maintenanceRequestId, reportId));
    expect(charges.map((c) => [c.ownerId, c.amountHalalas, c.financeTaskId])).toEqual([
      [ownerId, 35_050, approvedTask],
      [ownerId, 120_000, rejectedTask],
    ]);

    const monthAround = ["2000-01-01", "2100-01-01"] as const;
    expect(await approvedOwnerCharges(db(), ownerId, ...monthAround)).toEqual([]);
    expect((await loadReport(db(), reportId)).charges.map((c) => c.state)).toEqual(["pending", "pending"]);

    expect((await decideRequest(db(), office.manager, approvedTask, { decision: "approve", notes: "" })).ok).toBe(true);
    expect((await decideRequest(db(), office.manager, rejectedTask, { decision: "reject", reason: "مرتفع" })).ok).toBe(true);
    const counted = await approvedOwnerCharges(db(), ownerId, ...monthAround);
    expect(counted[0]?.approvedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(counted).toEqual([
      {
        chargeId: charges[0]!.id,
        unitId: unit.unitId,
        unitLabel: "شقة 3",
        propertyId: unit.propertyId,
        propertyName: "برج النخيل",
        description: "تغيير محبس المغسلة",
        amountHalalas: 35_050,
        approvedOn: counted[0]!.approvedOn,
      },
    ]);
    expect((await loadReport(db(), reportId)).charges.map((c) => c.state)).toEqual(["approved", "rejected"]);
    // Dated by the approval's Riyadh day: a period that ended before it does not count it.
    expect(await approvedOwnerCharges(db(), ownerId, "2000-01-01", "2000-12-31")).toEqual([]);
    expect((await approvedOwnerCharges(db(), ownerId, counted[0]!.approvedOn, counted[0]!.approvedOn)).length).toBe(1);
    // Another owner's charges are never theirs.
    expect(await approvedOwnerCharges(db(), ownerId + 999, ...monthAround)).toEqual([]);
    expect((await db().select({ n: count() }).from(transactions))[0]!.n).toBe(1);
  });

  it("asks nothing for an unknown report", async () => {
    const before = (await db().select({ n: count() }).from(ownerCharges))[0]!.n;
    const missing = await addRepairCost(db(), office.employee, 999_999, { amount: "10", description: "x" });
    expect(missing).toMatchObject({ ok: false, status: 404 });
    expect((await db().select({ n: count() }).from(ownerCharges))[0]!.n).toBe(before);
  });
});
