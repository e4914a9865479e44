import { formatCountArabic, formatNumberArabic, type CountWords } from "~/utils/format.ts";
import { addWorkingHours, workingHoursBetween, type WorkingHours } from "./working-hours.ts";

/** What the first-answer clock reads of the rules (client_rules). */
export interface FirstAnswerRules {
  firstAnswerLimitHours: number;
  workDays: number[];
  workStartHour: number;
  workEndHour: number;
}

export const workingHoursOf = (rules: FirstAnswerRules): WorkingHours => ({ days: rules.workDays, startHour: rules.workStartHour, endHour: rules.workEndHour });

/** Where a client's first-answer clock stands, for the list and the client page. */
export type FirstAnswerState = { kind: "answered"; hours: number; withinLimit: boolean } | { kind: "waiting"; overdue: boolean };

export function firstAnswerState(client: { firstMessageAt: Date; firstReplyAt: Date | null }, rules: FirstAnswerRules, now: Date): FirstAnswerState {
  const hours = workingHoursOf(rules);
  if (client.firstReplyAt) {
    const took = workingHoursBetween(client.firstMessageAt, client.firstReplyAt, hours);
    return { kind: "answered", hours: took, withinLimit: took <= rules.firstAnswerLimitHours };
  }
  const deadline = addWorkingHours(client.firstMessageAt, rules.firstAnswerLimitHours, hours);
  return { kind: "waiting", overdue: deadline !== null && deadline <= now };
}

const MINUTES: CountWords = { zero: "أقل من دقيقة", one: "دقيقة واحدة", two: "دقيقتان", few: "دقائق", many: "دقيقة" };
const HOURS: CountWords = { zero: "أقل من ساعة", one: "ساعة واحدة", two: "ساعتان", few: "ساعات", many: "ساعة" };

/** A time in working hours as a person reads it: «٤٥ دقيقة»، «ساعتان»، «٣ ساعات»، «٢٫٥ ساعة»؛ «—» for none. */
export function workingHoursText(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 1) return formatCountArabic(Math.round(hours * 60), MINUTES);
  const rounded = Math.round(hours * 10) / 10;
  return Number.isInteger(rounded) ? formatCountArabic(rounded, HOURS) : `${formatNumberArabic(rounded)} ساعة`;
}
