import { workingHoursText, type FirstAnswerState } from "../first-answer.ts";

const TONES = { good: "bg-emerald-50 text-emerald-900", late: "bg-red-50 text-red-800", waiting: "bg-amber-50 text-amber-900" } as const;

/** Where the first-answer clock stands: answered (in how many working hours, within the limit or not), waiting, or waiting past the limit. */
export function FirstAnswerBadge({ state }: { state: FirstAnswerState }) {
  const [tone, text] =
    state.kind === "answered"
      ? ([state.withinLimit ? "good" : "late", `الرد الأول: ${workingHoursText(state.hours)} عمل`] as const)
      : state.overdue
        ? (["late", "تجاوز مهلة الرد الأول"] as const)
        : (["waiting", "بانتظار الرد الأول"] as const);
  return (
    <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-bold ${TONES[tone]}`} data-testid="first-answer" data-tone={tone}>
      {text}
    </span>
  );
}
