import { addDays, RIYADH_OFFSET_MS, riyadhDayOf, type IsoDay } from "~/utils/riyadh-day.ts";

/**
 * A viewing's times are Riyadh's (UTC+3 all year): typed as a Riyadh date and time, stored as an
 * instant (timestamptz), shown in Riyadh. Shared by the pages and the server.
 */

/** The instant of a Riyadh date ("2026-11-29") and time ("16:30"); null when either is not one. */
export function riyadhInstant(day: string, time: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!date || !clock) return null;
  const instant = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), Number(clock[1]), Number(clock[2])) - RIYADH_OFFSET_MS);
  // 2026-02-31 rolls over: not a day of the calendar.
  return riyadhDayOf(instant) === day ? instant : null;
}

/** The Riyadh clock time of an instant, "16:30" (for a time field's value). */
export function riyadhTimeOf(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + RIYADH_OFFSET_MS).toISOString().slice(11, 16);
}

/** The day of the week in Riyadh, 0 = Sunday … 6 = Saturday. */
function riyadhWeekday(day: IsoDay): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Sunday that starts the week of `day` (the Saudi week runs Sunday to Saturday). */
export function weekStartOf(day: IsoDay): IsoDay {
  return addDays(day, -riyadhWeekday(day));
}

/** When the firm opens for viewings (viewing_hours): days of the week (0 = Sunday), hours in Riyadh, slot length. */
export interface ViewingHours {
  days: number[];
  opensAt: number;
  closesAt: number;
  slotMinutes: number;
}

/** How many days ahead a visitor may choose a time. */
const REQUEST_DAYS_AHEAD = 14;

/**
 * The times a visitor may ask for: each slot of the opening hours on the next REQUEST_DAYS_AHEAD
 * Riyadh days (today included), those still to come at `now`. The server checks a request against
 * this same list.
 */
export function openSlots(hours: ViewingHours, now: Date): Array<{ day: IsoDay; starts: Date[] }> {
  const today = riyadhDayOf(now);
  const result: Array<{ day: IsoDay; starts: Date[] }> = [];
  for (let n = 0; n < REQUEST_DAYS_AHEAD; n++) {
    const day = addDays(today, n);
    if (!hours.days.includes(riyadhWeekday(day))) continue;
    const starts: Date[] = [];
    for (let minute = hours.opensAt * 60; minute + hours.slotMinutes <= hours.closesAt * 60; minute += hours.slotMinutes) {
      const start = new Date(new Date(`${day}T00:00:00Z`).getTime() - RIYADH_OFFSET_MS + minute * 60_000);
      if (start.getTime() > now.getTime()) starts.push(start);
    }
    if (starts.length) result.push({ day, starts });
  }
  return result;
}

/** Whether `start` is one of the open slots at `now` (the visitor's choice, checked on the server). */
export function isOpenSlot(hours: ViewingHours, start: Date, now: Date): boolean {
  return openSlots(hours, now).some((day) => day.starts.some((slot) => slot.getTime() === start.getTime()));
}
