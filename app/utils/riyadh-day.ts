/** Riyadh keeps UTC+3 all year (no daylight saving): a day there starts at 21:00 UTC the evening before. */
export const RIYADH_OFFSET_MS = 3 * 60 * 60_000;

/** Days as yyyy-mm-dd strings of Riyadh's calendar. */
export type IsoDay = string;

/** The Riyadh day an instant falls on. */
export function riyadhDayOf(instant: Date | number | string): IsoDay {
  return new Date(new Date(instant).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}
