import { INSTALMENT_STATE_LABELS, overdueText, type InstalmentState } from "../rent-view.ts";

const TONES: Record<InstalmentState, string> = {
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  partly: "bg-amber-50 text-amber-900 ring-amber-200",
  overdue: "bg-red-50 text-red-800 ring-red-200",
  due: "bg-sky-50 text-sky-900 ring-sky-200",
  upcoming: "bg-stone-50 text-stone-700 ring-stone-200",
};

/** An instalment's mark: paid, partly paid, due today, to come, or overdue with its days (and partly paid when it is). */
export function InstalmentMark({ state, daysOverdue, partlyPaid }: { state: InstalmentState; daysOverdue: number; partlyPaid: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="instalment-mark">
      <span className={`rounded-full px-2.5 py-0.5 text-sm font-bold whitespace-nowrap ring-1 ${TONES[state]}`}>
        {state === "overdue" ? overdueText(daysOverdue) : INSTALMENT_STATE_LABELS[state]}
      </span>
      {state === "overdue" && partlyPaid ? (
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-bold whitespace-nowrap ring-1 ${TONES.partly}`}>{INSTALMENT_STATE_LABELS.partly}</span>
      ) : null}
    </span>
  );
}
