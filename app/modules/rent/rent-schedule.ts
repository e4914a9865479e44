import type { LeaseSchedule } from "~/db/column-types.ts";

/** Months between two due dates of each schedule. */
export const MONTHS_BETWEEN: Record<LeaseSchedule, number> = { monthly: 1, quarterly: 3, "half-yearly": 6, yearly: 12 };

/** How many days ahead the scheduler creates instalments (a month's notice, whatever the month). */
export const INSTALMENTS_AHEAD_DAYS = 31;

export interface ScheduledInstalment {
  dueOn: string;
  amountHalalas: number;
}

/** A yyyy-mm-dd day `months` months after `start`, its day clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonthsClamped(start: string, months: number): string {
  const [year, month, day] = start.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Every instalment of a lease (decision 053): due on its start and every 1/3/6/12 months after it
 * (counted from the start, so a lease from 31 Jan is due on 28/29 Feb and again on 31 Mar) up to its
 * last day in force. Each due date stands for its share of the yearly rent (1/12, 1/4, 1/2, 1) in
 * whole halalas; the halalas that do not divide go on the first instalment of each lease year, so a
 * whole lease year sums to the yearly rent exactly. A lease year cut short (a lease of 18 months, or
 * one terminated early) pays for the due dates it has: floor(yearly × dates ÷ dates in a year).
 */
export function instalmentsOf(lease: { startsOn: string; lastDay: string; yearlyRentHalalas: number; schedule: LeaseSchedule }): ScheduledInstalment[] {
  const step = MONTHS_BETWEEN[lease.schedule];
  const perYear = 12 / step;
  const dueDates: string[] = [];
  for (let k = 0; ; k += 1) {
    const dueOn = addMonthsClamped(lease.startsOn, k * step);
    if (dueOn > lease.lastDay) break;
    dueDates.push(dueOn);
  }
  const yearly = BigInt(lease.yearlyRentHalalas);
  const base = yearly / BigInt(perYear);
  const out: ScheduledInstalment[] = [];
  for (let first = 0; first < dueDates.length; first += perYear) {
    const inYear = Math.min(perYear, dueDates.length - first);
    const yearTotal = (yearly * BigInt(inYear)) / BigInt(perYear);
    const firstAmount = yearTotal - base * BigInt(inYear - 1);
    for (let i = 0; i < inYear; i += 1) out.push({ dueOn: dueDates[first + i]!, amountHalalas: Number(i === 0 ? firstAmount : base) });
  }
  return out;
}
