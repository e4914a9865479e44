import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";
import { TASK_STATUS_LABELS, type TaskStatus } from "~/modules/tasks/index.ts";
import { formatCountArabic } from "~/utils/format.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import type { TransactionType } from "~/modules/tasks/index.ts";

/** The finance filters from the address: a month (yyyy-mm, Riyadh time; none: all time, `month=all`) and a type (none: both). */
export interface FinanceFilters {
  month?: string;
  type?: TransactionType;
  page: number;
}

/** A row of the transactions table; the approver's columns only for the manager. */
export interface TransactionRow {
  id: number;
  date: string;
  description: string;
  amount: number;
  type: TransactionType;
  createdBy: string | null;
  relatedTaskId: number | null;
  receipt: ImageRef | null;
  approval?: { approvedBy: string | null; notes: string };
}

/** The sums of the filtered period (not only the page shown). */
export interface FinanceTotals {
  income: number;
  expense: number;
  net: number;
}

/** A request awaiting the manager's decision, as the top of the finance page lists it. */
export interface AwaitingRequest {
  id: number;
  title: string;
  amount: number | null;
  transactionType: TransactionType | null;
  requester: string | null;
  /** The accountant's notes. */
  notes: string;
  receipt: ImageRef | null;
  createdAt: string;
}

/** One of the accountant's own requests («طلباتي»): its state and the manager's notes or reason. */
export interface MyRequest {
  id: number;
  title: string;
  amount: number | null;
  type: TransactionType | null;
  status: TaskStatus;
  notes: string;
  createdAt: string;
}

/** "لا توجد معاملات", "معاملة واحدة", "معاملتان", "٣ معاملات", "١١ معاملة". */
export const transactionCountText = (count: number) => formatCountArabic(count, { zero: "لا توجد معاملات", one: "معاملة واحدة", two: "معاملتان", few: "معاملات", many: "معاملة" });

/** "طلب واحد", "طلبان", "٣ طلبات", "١١ طلبًا", "١٠٠ طلب". */
export const requestCountText = (count: number) => formatCountArabic(count, { zero: "لا توجد طلبات", one: "طلب واحد", two: "طلبان", few: "طلبات", many: "طلبًا", other: "طلب" });

/** The board filtered to the requests awaiting approval. */
export const AWAITING_BOARD_HREF = `/admin/tasks?status=${encodeURIComponent("Awaiting Approval")}`;

/**
 * The page's address for these filters (and page): what the filter form would send, so paging keeps
 * the filters. The month the page opens on (`openingMonth`, the current one) may be left out.
 */
export function financeHref(filters: FinanceFilters, page = filters.page, openingMonth?: string): string {
  const params = new URLSearchParams();
  if (filters.month !== openingMonth || !filters.month) params.set("month", filters.month ?? ALL_PERIODS);
  if (filters.type) params.set("type", filters.type);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/finance?${query}` : "/admin/finance";
}

/** The month filter's value for the whole record (no value is the current month, where the page opens). */
export const ALL_PERIODS = "all";

const monthName = new Intl.DateTimeFormat("ar-SA", { month: "long", year: "numeric", calendar: "gregory", timeZone: "UTC" });

/** "نوفمبر ٢٠٢٦" for "2026-11"; the whole record when no month is chosen. */
export function periodLabel(month: string | undefined): string {
  if (!month) return "كل الفترات";
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return monthName.format(new Date(Date.UTC(year, mon - 1, 1)));
}

/**
 * The month picker's choices, newest first and grouped by year: every month from the first
 * transaction's (at least a year back) to the current one, and the chosen one if it lies outside.
 */
export function monthChoices(current: string, first: string | null, chosen: string | undefined): Array<{ year: string; months: string[] }> {
  const yearBack = shiftMonth(current, -12);
  const from = [first ?? yearBack, yearBack, chosen ?? yearBack].sort()[0]!;
  const years = new Map<string, string[]>();
  for (let month = chosen && chosen > current ? chosen : current; month >= from; month = shiftMonth(month, -1)) {
    const year = month.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), month]);
  }
  return [...years].map(([year, months]) => ({ year, months }));
}

/** The month `by` months after (or before) a yyyy-mm month. */
function shiftMonth(month: string, by: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const at = new Date(Date.UTC(year, mon - 1 + by, 1));
  return at.toISOString().slice(0, 7);
}

/** The current calendar month in Riyadh (yyyy-mm), the month field's upper bound. */
export function riyadhMonthOf(now: Date): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 7);
}

/** The net's sign said in a word as well as in colour: surplus, deficit, balanced. */
export function netView(net: number): { word: string; tone: string } {
  if (net > 0) return { word: "فائض", tone: "text-emerald-800" };
  if (net < 0) return { word: "عجز", tone: "text-red-700" };
  return { word: "متوازن", tone: "text-stone-700" };
}

/** A request's state as the accountant reads it in «طلباتي»; a task moved on afterwards shows its status. */
export function requestStateView(status: TaskStatus): { label: string; tone: string } {
  switch (status) {
    case "Awaiting Approval":
      return { label: "بانتظار الاعتماد", tone: "bg-amber-200 text-amber-950" };
    case "Completed":
      return { label: "تم الاعتماد", tone: "bg-emerald-700 text-white" };
    case "Rejected":
      return { label: "مرفوض", tone: "bg-red-700 text-white" };
    default:
      return { label: TASK_STATUS_LABELS[status], tone: "bg-stone-600 text-white" };
  }
}
