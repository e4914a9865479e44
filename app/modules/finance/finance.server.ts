import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server.ts";
import { images, staffUsers, tasks, transactions } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { markImagesPrivate, privateImageColumns } from "~/modules/images/private-images.server.ts";
import { publishOfficeChange } from "~/modules/live-updates/event-hub.server.ts";
import { queueStaffNotice, type StaffNotice } from "~/modules/notifications/staff-notifications.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { formatMoneyArabic } from "~/utils/format.ts";
import { FINANCE_LIMITS, FINANCE_MESSAGES } from "./finance-messages.ts";
import { ALL_PERIODS, riyadhMonthOf, type FinanceFilters, type FinanceTotals, type TransactionRow } from "./finance-view.ts";
import { isTransactionType, TRANSACTION_TYPE_LABELS, type TransactionType } from "~/modules/tasks/index.ts";
import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

export type FinanceRefusal = { ok: false; error: string; field?: string; status: number };
const refuse = (error: string, status = 400, field?: string): FinanceRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });

const TRANSACTION_PAGE_SIZE = 50;

/**
 * The filters of the address: a month (yyyy-mm; none given, or one that is not a month: the
 * current month in Riyadh, where the page opens), or «all» for the whole record; a type; a page.
 */
export function parseFinanceFilters(params: URLSearchParams, now = new Date()): FinanceFilters {
  const month = params.get("month") ?? "";
  const type = params.get("type") ?? "";
  const page = Number(params.get("page") ?? "1");
  const validMonth = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  const chosen = month === ALL_PERIODS ? {} : { month: validMonth && Number(validMonth[1]) >= 2000 && Number(validMonth[1]) <= 2100 ? month : riyadhMonthOf(now) };
  return {
    ...chosen,
    ...(isTransactionType(type) ? { type } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The month of the first transaction on record (Riyadh time), the month picker's first choice; null with none. */
export async function firstLedgerMonth(db: Db): Promise<string | null> {
  const [row] = await db.select({ first: sql<string | null>`to_char(min(${transactions.date}) at time zone 'Asia/Riyadh', 'YYYY-MM')` }).from(transactions);
  return row?.first ?? null;
}

/** Riyadh keeps UTC+3 all year (no daylight saving). */

/** The instants a calendar month of Riyadh starts and ends at. */
export function riyadhMonthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, mon - 1, 1) - RIYADH_OFFSET_MS), to: new Date(Date.UTC(year, mon, 1) - RIYADH_OFFSET_MS) };
}

const creator = alias(staffUsers, "creator");
const approver = alias(staffUsers, "approver");

/**
 * The transactions of the filtered period, newest first, 50 a page, with the totals of the whole
 * period (not only the page). The manager also gets who approved each and the approval notes
 * (SPEC §6: the extra approver column); the accountant's rows do not carry them at all.
 */
export async function listTransactions(db: Db, viewer: StaffProfile, filters: FinanceFilters) {
  const conditions: SQL[] = [];
  if (filters.month) {
    const { from, to } = riyadhMonthRange(filters.month);
    conditions.push(gte(transactions.date, from), lt(transactions.date, to));
  }
  if (filters.type) conditions.push(eq(transactions.type, filters.type));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        tx: transactions,
        createdBy: creator.name,
        approvedBy: approver.name,
        receipt: privateImageColumns,
      })
      .from(transactions)
      .leftJoin(creator, eq(creator.id, transactions.createdBy))
      .leftJoin(approver, eq(approver.id, transactions.approvedBy))
      .leftJoin(images, eq(images.id, transactions.receiptImageId))
      .where(where)
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(TRANSACTION_PAGE_SIZE)
      .offset((filters.page - 1) * TRANSACTION_PAGE_SIZE),
    db
      .select({
        n: count(),
        income: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'income'), 0)`,
        expense: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'expense'), 0)`,
        net: sql<string>`coalesce(sum(case when ${transactions.type} = 'income' then ${transactions.amount} else -${transactions.amount} end), 0)`,
      })
      .from(transactions)
      .where(where),
  ]);
  const manager = viewer.role === "manager";
  const total = summary?.n ?? 0;
  // Sums are exact numerics in SQL; they become numbers only here, for the page.
  const totals: FinanceTotals = { income: Number(summary?.income ?? 0), expense: Number(summary?.expense ?? 0), net: Number(summary?.net ?? 0) };
  return {
    rows: rows.map(({ tx, createdBy, approvedBy, receipt }): TransactionRow => ({
      id: tx.id,
      date: tx.date.toISOString(),
      description: tx.description,
      amount: tx.amount,
      type: tx.type,
      createdBy,
      relatedTaskId: tx.relatedTaskId,
      receipt,
      ...(manager ? { approval: { approvedBy, notes: tx.approvalNotes } } : {}),
    })),
    totals,
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / TRANSACTION_PAGE_SIZE)),
  };
}

/** The active managers, for the request's "who approves" choice when the firm has several. */
export async function listActiveManagers(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "manager"), eq(staffUsers.active, true)))
    .orderBy(asc(staffUsers.id));
}

export interface FinanceRequestInput {
  description: string;
  amount: number;
  type: TransactionType;
  notes: string;
  /** The receipt photo, already through the image pipeline. */
  receiptImageId?: string | null;
  /** The manager chosen to approve; the first active manager when not given. */
  managerId?: number | null;
}

/**
 * The accountant's request (SPEC §4): a task in Awaiting Approval assigned to a manager, with
 * the amount and the type; the description is its title and the notes its description. The
 * manager's e-mail is queued in the same transaction (decision 032).
 */
export async function requestFinanceApproval(
  db: Db,
  accountant: StaffProfile,
  input: FinanceRequestInput,
): Promise<{ ok: true; taskId: number; notice: StaffNotice } | FinanceRefusal> {
  if (accountant.role !== "accountant") return refuse(FINANCE_MESSAGES.accountantOnly, 403);
  return db.transaction((tx) => requestFinanceApprovalIn(tx, accountant, input));
}

/**
 * The request itself, in the caller's transaction: the accountant's form above, and a repair's cost
 * entered on a maintenance report (decision 054), which must exist with its owner's charge or not at all.
 * The caller decides who may ask.
 */
export async function requestFinanceApprovalIn(
  tx: Tx,
  accountant: StaffProfile,
  input: FinanceRequestInput,
): Promise<{ ok: true; taskId: number; notice: StaffNotice } | FinanceRefusal> {
  const managers = await tx
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "manager"), eq(staffUsers.active, true), input.managerId != null ? eq(staffUsers.id, input.managerId) : undefined))
    .orderBy(asc(staffUsers.id))
    .limit(1)
    .for("share");
  const manager = managers[0];
  if (!manager) return input.managerId != null ? refuse(FINANCE_MESSAGES.managerInvalid, 400, "managerId") : refuse(FINANCE_MESSAGES.noManager, 409);
  const [task] = await tx
    .insert(tasks)
    .values({
      title: input.description.slice(0, FINANCE_LIMITS.description),
      description: input.notes.slice(0, FINANCE_LIMITS.notes),
      assignedTo: manager.id,
      createdBy: accountant.id,
      status: "Awaiting Approval",
      amount: input.amount,
      transactionType: input.type,
      receiptImageId: input.receiptImageId ?? null,
    })
    .returning({ id: tasks.id });
  // The receipt is for the finance roles only (served by /private-images/).
  if (input.receiptImageId) await markImagesPrivate(tx, [input.receiptImageId]);
  await recordAudit(tx, accountant, "task", task!.id, "finance-request", { amount: input.amount, type: input.type });
  await publishOfficeChange(tx, { topic: "tasks", id: task!.id });
  await publishOfficeChange(tx, { topic: "finance", id: task!.id });
  const amount = `${formatMoneyArabic(input.amount)} (${TRANSACTION_TYPE_LABELS[input.type]})`;
  const notice: StaffNotice = {
    taskId: task!.id,
    to: manager,
    subject: `طلب اعتماد مالي: ${input.description}`,
    lines: [`أرسل ${accountant.name} طلب اعتماد مالي بانتظار قرارك.`, `الوصف: ${input.description}`, `المبلغ: ${amount}`],
  };
  await queueStaffNotice(tx, "finance-notice", notice);
  return { ok: true as const, taskId: task!.id, notice };
}

/** The accountant's own requests, newest first, with their state and the manager's notes. */
export async function listMyRequests(db: Db, accountant: StaffProfile, limit = 20) {
  const rows = await db
    .select({ id: tasks.id, title: tasks.title, amount: tasks.amount, type: tasks.transactionType, status: tasks.status, notes: tasks.notes, createdAt: tasks.createdAt })
    .from(tasks)
    .where(and(eq(tasks.createdBy, accountant.id), sql`${tasks.amount} is not null`))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
