import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tasks, transactions } from "~/db/schema.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import { TASK_MESSAGES } from "~/modules/tasks/task-messages.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffice } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { FINANCE_MESSAGES } from "./finance-messages.ts";
import { decideRequest } from "~/modules/tasks/approvals.server.ts";
import { firstLedgerMonth, listMyRequests, listTransactions, parseFinanceFilters, requestFinanceApproval, riyadhMonthRange } from "./finance.server.ts";
import { financeHref, monthChoices, periodLabel } from "./finance-view.ts";

// Enough connections for two managers deciding at once, each in its own transaction.
const db = useTestDatabase({ connections: 6 });

let manager: StaffProfile, secondManager: StaffProfile, accountant: StaffProfile, employee: StaffProfile;
beforeAll(async () => {
  ({ manager, accountant, employee } = await createOffice(db()));
  secondManager = await createStaffUser(db(), { name: "المدير الثاني", username: "boss2", phone: "0551300005", role: "manager" });
});

const request = (overrides: Partial<Parameters<typeof requestFinanceApproval>[2]> = {}) =>
  requestFinanceApproval(db(), accountant, { description: "فاتورة صيانة المصعد", amount: 1250.5, type: "expense", notes: "عاجل", ...overrides });

async function requested(overrides: Partial<Parameters<typeof requestFinanceApproval>[2]> = {}) {
  const result = await request(overrides);
  if (!result.ok) throw new Error(result.error);
  return result.taskId;
}

const transactionsOf = (taskId: number) => db().select().from(transactions).where(eq(transactions.relatedTaskId, taskId));
const taskRow = async (taskId: number) => (await db().select().from(tasks).where(eq(tasks.id, taskId)))[0]!;

describe("the accountant's request", () => {
  it("becomes a task Awaiting Approval for the first active manager, with the amount and the type", async () => {
    const result = await request();
    if (!result.ok) throw new Error(result.error);
    expect(await taskRow(result.taskId)).toMatchObject({
      title: "فاتورة صيانة المصعد",
      description: "عاجل",
      status: "Awaiting Approval",
      assignedTo: manager.id,
      createdBy: accountant.id,
      amount: 1250.5,
      transactionType: "expense",
    });
    expect(result.notice).toMatchObject({ to: { name: "المدير", email: "boss@example.sa" }, taskId: result.taskId });
    expect((await auditTrail(db(), "task", result.taskId)).map((e) => e.action)).toEqual(["finance-request"]);
  });

  it("goes to the manager chosen, who must be an active manager", async () => {
    expect(await taskRow(await requested({ managerId: secondManager.id }))).toMatchObject({ assignedTo: secondManager.id });
    expect(await request({ managerId: employee.id })).toMatchObject({ ok: false, field: "managerId", error: FINANCE_MESSAGES.managerInvalid });
  });

  it("only the accountant sends one", async () => {
    for (const actor of [manager, employee]) {
      expect(await requestFinanceApproval(db(), actor, { description: "x", amount: 1, type: "income", notes: "" })).toMatchObject({ ok: false, status: 403 });
    }
  });
});

describe("the manager's decision", () => {
  it("approve: in one go the transaction (approver, notes, task), the task Completed, the audit entry, the requester's notice", async () => {
    const taskId = await requested();
    const result = await decideRequest(db(), manager, taskId, { decision: "approve", notes: "تم الدفع نقدًا" });
    if (!result.ok) throw new Error(result.error);
    const [created] = await transactionsOf(taskId);
    expect(created).toMatchObject({
      id: result.transactionId,
      description: "فاتورة صيانة المصعد",
      amount: 1250.5,
      type: "expense",
      createdBy: accountant.id,
      approvedBy: manager.id,
      approvalNotes: "تم الدفع نقدًا",
    });
    expect(await taskRow(taskId)).toMatchObject({ status: "Completed", notes: "تم الدفع نقدًا" });
    expect((await auditTrail(db(), "task", taskId)).map((e) => [e.action, e.actorId])).toEqual([
      ["finance-request", accountant.id],
      ["approve", manager.id],
    ]);
    expect(result.notice).toMatchObject({ to: { email: "noura@example.sa" }, subject: "تم اعتماد طلبك: فاتورة صيانة المصعد" });
  });

  it("reject: a reason is required; then the task is Rejected with it and no transaction exists", async () => {
    const taskId = await requested();
    expect(await decideRequest(db(), manager, taskId, { decision: "reject", reason: "   " })).toMatchObject({ ok: false, field: "reason", error: "يرجى كتابة سبب الرفض." });
    expect(await taskRow(taskId)).toMatchObject({ status: "Awaiting Approval", notes: "" });
    expect(await decideRequest(db(), manager, taskId, { decision: "reject", reason: "لا توجد فاتورة" })).toMatchObject({ ok: true, transactionId: null });
    expect(await taskRow(taskId)).toMatchObject({ status: "Rejected", notes: "لا توجد فاتورة" });
    expect(await transactionsOf(taskId)).toEqual([]);
  });

  it("only a manager decides, and only a task Awaiting Approval, once", async () => {
    const taskId = await requested();
    for (const actor of [accountant, employee]) expect(await decideRequest(db(), actor, taskId, { decision: "approve", notes: "" })).toMatchObject({ ok: false, status: 403 });
    expect(await decideRequest(db(), manager, taskId, { decision: "approve", notes: "" })).toMatchObject({ ok: true });
    expect(await decideRequest(db(), manager, taskId, { decision: "approve", notes: "" })).toMatchObject({ ok: false, status: 409, error: TASK_MESSAGES.notAwaitingApproval });
    expect(await decideRequest(db(), manager, taskId, { decision: "reject", reason: "متأخر" })).toMatchObject({ ok: false, status: 409 });
    expect(await transactionsOf(taskId)).toHaveLength(1);
    expect(await decideRequest(db(), manager, 999_999, { decision: "approve", notes: "" })).toMatchObject({ ok: false, status: 404 });
  });

  it("two managers deciding at the same moment make exactly one transaction", async () => {
    for (let round = 0; round < 5; round++) {
      const taskId = await requested();
      const results = await Promise.all([
        decideRequest(db(), manager, taskId, { decision: "approve", notes: "الأول" }),
        decideRequest(db(), secondManager, taskId, { decision: "approve", notes: "الثاني" }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toMatchObject([{ status: 409 }]);
      expect(await transactionsOf(taskId)).toHaveLength(1);
    }
  });

  it("an approval racing a rejection: one wins, and the task and the transactions agree", async () => {
    const taskId = await requested();
    const [approved, rejected] = await Promise.all([
      decideRequest(db(), manager, taskId, { decision: "approve", notes: "" }),
      decideRequest(db(), secondManager, taskId, { decision: "reject", reason: "مكرر" }),
    ]);
    expect([approved.ok, rejected.ok].filter(Boolean)).toHaveLength(1);
    expect((await taskRow(taskId)).status).toBe(approved.ok ? "Completed" : "Rejected");
    expect(await transactionsOf(taskId)).toHaveLength(approved.ok ? 1 : 0);
  });

  it("the database itself refuses a second transaction for one request", async () => {
    const taskId = await requested();
    await decideRequest(db(), manager, taskId, { decision: "approve", notes: "" });
    await expect(db().insert(transactions).values({ description: "x", amount: 1, type: "income", relatedTaskId: taskId })).rejects.toThrow();
    await expect(db().insert(transactions).values({ description: "x", amount: 0, type: "income" })).rejects.toThrow();
  });
});

describe("the transactions table", () => {
  // A month of its own, so the other tests' transactions (dated now) stay out of its totals.
  const at = (iso: string) => new Date(iso);
  beforeAll(async () => {
    await db()
      .insert(transactions)
      .values([
        { date: at("2024-02-29T20:59:00Z"), description: "آخر فبراير بتوقيت الرياض", amount: 999, type: "income", createdBy: accountant.id, approvedBy: manager.id },
        {
          date: at("2024-02-29T21:00:00Z"),
          description: "أول مارس بتوقيت الرياض",
          amount: 0.1,
          type: "income",
          createdBy: accountant.id,
          approvedBy: manager.id,
          approvalNotes: "ملاحظة",
        },
        { date: at("2024-03-15T10:00:00Z"), description: "دخل مارس", amount: 0.2, type: "income", createdBy: accountant.id, approvedBy: manager.id },
        { date: at("2024-03-20T10:00:00Z"), description: "مصروف مارس", amount: 1000.05, type: "expense", createdBy: accountant.id, approvedBy: secondManager.id },
      ]);
  });

  it("a month is Riyadh's calendar month; totals are of the whole period and exact to the halala", async () => {
    expect(riyadhMonthRange("2024-03")).toEqual({ from: at("2024-02-29T21:00:00Z"), to: at("2024-03-31T21:00:00Z") });
    const march = await listTransactions(db(), manager, { month: "2024-03", page: 1 });
    expect(march.rows.map((r) => r.description)).toEqual(["مصروف مارس", "دخل مارس", "أول مارس بتوقيت الرياض"]);
    expect(march.totals).toEqual({ income: 0.3, expense: 1000.05, net: -999.75 });
    const incomeOnly = await listTransactions(db(), manager, { month: "2024-03", type: "income", page: 1 });
    expect([incomeOnly.total, incomeOnly.totals]).toEqual([2, { income: 0.3, expense: 0, net: 0.3 }]);
  });

  it("the approver and the approval notes go to the manager only", async () => {
    const forManager = await listTransactions(db(), manager, { month: "2024-03", page: 1 });
    expect(forManager.rows.at(-1)).toMatchObject({ approval: { approvedBy: "المدير", notes: "ملاحظة" }, createdBy: "نورة" });
    const forAccountant = await listTransactions(db(), accountant, { month: "2024-03", page: 1 });
    expect(forAccountant.rows.every((r) => !("approval" in r))).toBe(true);
    expect(JSON.stringify(forAccountant)).not.toContain("ملاحظة");
  });

  it("reads filters from the address, ignoring what is not one; with no month it is the current month in Riyadh, «all» the whole record", () => {
    // 22:30 UTC on 30 November is already 1 December in Riyadh.
    const now = new Date("2026-11-30T22:30:00Z");
    expect(parseFinanceFilters(new URLSearchParams("month=2024-03&type=expense&page=3"), now)).toEqual({ month: "2024-03", type: "expense", page: 3 });
    expect(parseFinanceFilters(new URLSearchParams("month=2024-13&type=gift&page=-2"), now)).toEqual({ month: "2026-12", page: 1 });
    expect(parseFinanceFilters(new URLSearchParams(""), now)).toEqual({ month: "2026-12", page: 1 });
    expect(parseFinanceFilters(new URLSearchParams("month=all&type=income"), now)).toEqual({ type: "income", page: 1 });
    // The address of a page keeps «all» (no month would open the current one).
    expect(financeHref({ type: "income", page: 2 })).toBe("/admin/finance?month=all&type=income&page=2");
    expect(financeHref({ month: "2026-12", page: 1 })).toBe("/admin/finance?month=2026-12");
    expect(financeHref({ month: "2026-12", page: 1 }, 1, "2026-12")).toBe("/admin/finance");
  });

  it("the month picker lists every month from the first transaction's (at least a year back) to now, newest first, by year", async () => {
    expect(await firstLedgerMonth(db())).toBe("2024-02");
    const choices = monthChoices("2026-02", "2024-11", undefined);
    expect(choices.map((group) => group.year)).toEqual(["2026", "2025", "2024"]);
    expect(choices[0]!.months).toEqual(["2026-02", "2026-01"]);
    expect(choices[2]!.months).toEqual(["2024-12", "2024-11"]);
    expect(monthChoices("2026-02", null, undefined).flatMap((group) => group.months)).toHaveLength(13);
    expect(
      monthChoices("2026-02", null, "2019-05")
        .flatMap((group) => group.months)
        .at(-1),
    ).toBe("2019-05");
    expect(periodLabel("2026-02")).toBe("فبراير ٢٠٢٦");
  });

  it("the accountant's own requests, with their state", async () => {
    const mine = await listMyRequests(db(), accountant);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.amount != null)).toBe(true);
    expect(mine.every((r) => r.createdAt >= mine.at(-1)!.createdAt)).toBe(true);
    expect(await listMyRequests(db(), employee)).toEqual([]);
  });
});
