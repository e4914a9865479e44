import { formatCountArabic, type CountWords } from "~/utils/format.ts";

/** An instalment's state on a given Riyadh day. */
export type InstalmentState = "paid" | "partly" | "overdue" | "due" | "upcoming";

export const INSTALMENT_STATE_LABELS: Record<InstalmentState, string> = {
  paid: "مسدد",
  partly: "مسدد جزئيًا",
  overdue: "متأخر",
  due: "مستحق اليوم",
  upcoming: "قادم",
};

/** The board's state filter: every row, the overdue, the partly paid, the unpaid, the paid. */
export const BOARD_STATES = ["overdue", "partly", "unpaid", "paid"] as const;
export type BoardState = (typeof BOARD_STATES)[number];
export const BOARD_STATE_LABELS: Record<BoardState, string> = { overdue: "المتأخرة", partly: "المسددة جزئيًا", unpaid: "غير المسددة", paid: "المسددة" };

/**
 * Paid in full, overdue (its day has passed and it is not paid in full, partly paid or not), partly
 * paid, due today, or to come.
 */
export function instalmentState(i: { dueOn: string; amountHalalas: number; paidHalalas: number }, today: string): InstalmentState {
  if (i.paidHalalas >= i.amountHalalas) return "paid";
  if (i.dueOn < today) return "overdue";
  if (i.paidHalalas > 0) return "partly";
  return i.dueOn === today ? "due" : "upcoming";
}

/** After «متأخر» (accusative): «يومًا واحدًا», «يومين», «٣ أيام», «١١ يومًا», «١٠٠ يوم». */
const DAYS_LATE: CountWords = { zero: "أقل من يوم", one: "يومًا واحدًا", two: "يومين", few: "أيام", many: "يومًا", other: "يوم" };
/** «متأخر ٣ أيام», «متأخر يومين» — the words agreeing with the number. */
export const overdueText = (days: number) => `متأخر ${formatCountArabic(days, DAYS_LATE)}`;

const PAYMENTS: CountWords = { zero: "لا توجد دفعات", one: "دفعة واحدة", two: "دفعتان", few: "دفعات", many: "دفعة" };
const INSTALMENTS: CountWords = { zero: "لا توجد أقساط", one: "قسط واحد", two: "قسطان", few: "أقساط", many: "قسطًا", other: "قسط" };
export const paymentsText = (count: number) => formatCountArabic(count, PAYMENTS);
export const instalmentsText = (count: number) => formatCountArabic(count, INSTALMENTS);
