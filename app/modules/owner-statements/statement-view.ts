import type { StatementMonth } from "./statement-math.ts";
import { formatMoneyArabic } from "~/utils/format.ts";

/** What the pages, the PDF and the e-mail of owners' statements say (issue 33, decision 055). */
export const STATEMENT_MESSAGES = {
  section: "كشوف الحساب",
  none: "لا توجد كشوف حساب لهذا المالك بعد.",
  noneInMonth: "لا توجد كشوف حساب لهذا الشهر.",
  issueNow: "إصدار الكشف الآن",
  issued: "صدر كشف الحساب",
  exists: "صدر كشف هذا الشهر من قبل",
  notManaged: "لا يوجد عقد إدارة ساري لهذا المالك في هذا الشهر",
  payout: "تسجيل الدفع للمالك",
  payoutReference: "رقم الحوالة",
  paidOut: "سُجّل الدفع للمالك",
  alreadyPaid: "سُجّل الدفع لهذا الكشف من قبل",
  ownerOwes: "لا دفع لكشف صافيه مستحق على المالك: يُخصم من كشفه التالي",
  carriedForward: "يُخصم من كشف المالك التالي",
  noNextStatement: "لا كشف تاليًا يُخصم منه: لا عقد إدارة بعد هذا الشهر",
  settle: "تسجيل سداد المالك",
  settled: "سُجّل سداد المالك",
  alreadySettled: "سُجّل سداد المالك لهذا الكشف من قبل",
  notOwed: "لا مبلغ مستحقًا على المالك في هذا الكشف",
  recovered: "خُصم هذا المبلغ من كشف المالك التالي، فلا يُسجَّل سداده",
  referenceRequired: "يرجى كتابة رقم الحوالة",
  referenceTooLong: "رقم الحوالة أطول من ٦٠ حرفًا",
  monthInvalid: "يرجى اختيار شهر صحيح",
  notFound: "كشف الحساب غير موجود",
  notAllowed: "كشوف الحساب للمدير والمحاسب فقط",
  onlyManagerIssues: "إصدار الكشف للمدير فقط",
  download: "تنزيل الكشف",
  noPdf: "لم يُجهَّز ملف الكشف بعد",
} as const;

export const STATEMENT_COLUMNS = {
  month: "الشهر",
  owner: "المالك",
  unit: "الوحدة",
  collected: "المحصّل",
  expenses: "المصروفات",
  commission: "عمولة المنشأة",
  carried: "رصيد مرحّل من الكشف السابق",
  net: "الصافي",
  emailed: "أُرسل",
  paidOut: "الدفع للمالك",
} as const;

/** Statements are the manager's and the accountant's; employees never see them. */
export function canSeeStatements(role: string): boolean {
  return role === "manager" || role === "accountant";
}

/** Only the manager issues a statement before its day. */
export function canIssueStatements(role: string): boolean {
  return role === "manager";
}

const monthFormat = new Intl.DateTimeFormat("ar-SA", { calendar: "gregory", month: "long", year: "numeric", timeZone: "UTC" });

/** «مارس ٢٠٢٦» for «2026-03-01». */
export function monthTitle(month: string): string {
  return monthFormat.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** Halalas as booked money, «٣٬٤٥٠٫٥٠ ر.س.» (COPY.md). */
export function halalasText(halalas: number): string {
  return formatMoneyArabic(halalas / 100);
}

/** The net as the owner reads it: to be paid, or owed by the owner when negative. */
export function netText(netHalalas: number): string {
  return netHalalas < 0 ? `${halalasText(-netHalalas)} مستحقة على المالك` : halalasText(netHalalas);
}

/** A statement as the pages list it. */
export interface StatementRow {
  id: number;
  ownerId: number;
  ownerName: string;
  month: StatementMonth;
  collectedHalalas: number;
  expensesHalalas: number;
  commissionHalalas: number;
  carriedHalalas: number;
  netHalalas: number;
  hasPdf: boolean;
  emailedAt: string | null;
  paidOutAt: string | null;
  payoutReference: string;
  /** A negative statement's next one, which carried its net (the month), or null. */
  recoveredIn: StatementMonth | null;
  /** Whether the owner has a management contract after the month: a next statement will come (and recover a negative net). */
  nextStatementDue: boolean;
}
