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
