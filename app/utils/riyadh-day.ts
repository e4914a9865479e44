/** Riyadh keeps UTC+3 all year (no daylight saving): a day there starts at 21:00 UTC the evening before. */
export const RIYADH_OFFSET_MS = 3 * 60 * 60_000;

/** Days as yyyy-mm-dd strings of Riyadh's calendar. */
export type IsoDay = string;

/** The Riyadh day an instant falls on. */
export function riyadhDayOf(instant: Date | number | string): IsoDay {
  return new Date(new Date(instant).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

const DAY_MS = 24 * 60 * 60_000;

/** The instant a Riyadh day starts. */
export function riyadhDayStart(day: IsoDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - RIYADH_OFFSET_MS);
}

/** The day `days` days after `day` (before, when negative). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
