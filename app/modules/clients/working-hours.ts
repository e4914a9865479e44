import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

/**
 * The firm's working hours (Asia/Riyadh, which keeps UTC+3 all year: no daylight saving), and the
 * first-answer clock counted in them. Pure, shared by the overdue job and the reports.
 */
export interface WorkingHours {
  /** 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** Whole hours, 0–24; start before end. */
  startHour: number;
  endHour: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Midnight in Riyadh of the day `at` falls on, as an instant. */
function riyadhMidnight(at: number): number {
  const local = at + RIYADH_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - RIYADH_OFFSET_MS;
}

const riyadhWeekday = (midnight: number) => new Date(midnight + RIYADH_OFFSET_MS).getUTCDay();

/** The working hours (fractional) between two instants; 0 when `to` is not after `from`. */
export function workingHoursBetween(from: Date, to: Date, hours: WorkingHours): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start || hours.endHour <= hours.startHour || hours.days.length === 0) return 0;
  let total = 0;
  for (let day = riyadhMidnight(start); day < end; day += DAY_MS) {
    if (!hours.days.includes(riyadhWeekday(day))) continue;
    const open = Math.max(day + hours.startHour * HOUR_MS, start);
    const close = Math.min(day + hours.endHour * HOUR_MS, end);
    if (close > open) total += close - open;
  }
  return total / HOUR_MS;
}

/**
 * The instant `limitHours` working hours after `from`: a message that arrives after hours or on
 * a day off starts counting when work starts. Null when no day is a working day.
 */
export function addWorkingHours(from: Date, limitHours: number, hours: WorkingHours): Date | null {
  if (hours.endHour <= hours.startHour || hours.days.length === 0) return null;
  let left = limitHours * HOUR_MS;
  const start = from.getTime();
  for (let day = riyadhMidnight(start); ; day += DAY_MS) {
    if (!hours.days.includes(riyadhWeekday(day))) continue;
    const open = Math.max(day + hours.startHour * HOUR_MS, start);
    const close = day + hours.endHour * HOUR_MS;
    if (close <= open) continue;
    if (close - open >= left) return new Date(open + left);
    left -= close - open;
  }
}

export const DEFAULT_WORKING_HOURS: WorkingHours = { days: [0, 1, 2, 3, 4], startHour: 9, endHour: 17 };
