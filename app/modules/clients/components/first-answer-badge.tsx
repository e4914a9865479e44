import { formatNumberArabic } from "~/utils/format.ts";
import type { FirstAnswerState } from "../first-answer.ts";

/** Working hours as a person reads them: «٢٫٥ ساعة عمل». */
export function workingHoursText(hours: number): string {
  return `${formatNumberArabic(Math.round(hours * 10) / 10)} ساعة عمل`;
}

const TONES = { good: "bg-emerald-50 text-emerald-900", late: "bg-red-50 text-red-800", waiting: "bg-amber-50 text-amber-900" } as const;

/** Where the first-answer clock stands: answered (how long, within the limit or not), waiting, or waiting past the limit. */
export function FirstAnswerBadge({ state }: { state: FirstAnswerState }) {
  const [tone, text] =
    state.kind === "answered"
      ? state.withinLimit
        ? (["good", `رُدّ عليه خلال ${workingHoursText(state.hours)}`] as const)
        : (["late", `رُدّ عليه بعد ${workingHoursText(state.hours)}`] as const)
      : state.overdue
        ? (["late", "تجاوز مهلة الرد دون رد"] as const)
        : (["waiting", "بانتظار الرد الأول"] as const);
  return (
    <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-bold ${TONES[tone]}`} data-testid="first-answer" data-tone={tone}>
      {text}
    </span>
  );
}
