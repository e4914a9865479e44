/**
 * The reports' period (shared by the page and the server): a run of whole days of Riyadh's
 * calendar, read from the address (a GET form: `period`, and `from`/`to` for a custom range), and
 * the previous period of the same length it is compared with. Riyadh keeps UTC+3 all year (no
 * daylight saving), so a day there starts at 21:00 UTC the evening before.
 */
import { addDays, riyadhDayOf, riyadhDayStart, type IsoDay } from "~/utils/riyadh-day.ts";

export const PERIOD_KINDS = ["today", "7d", "30d", "this-month", "last-month", "custom"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  today: "اليوم",
  "7d": "آخر ٧ أيام",
  "30d": "آخر ٣٠ يومًا",
  "this-month": "هذا الشهر",
  "last-month": "الشهر الماضي",
  custom: "فترة مخصصة",
};

const DEFAULT_PERIOD = "30d" satisfies PeriodKind;

/** A custom range is at most a year (a leap year's days): the page's queries and exports stay bounded. */
const MAX_PERIOD_DAYS = 366;

/** Longer periods draw their "per day" chart per month instead (a bar per day would be a hairline). */
const DAILY_BUCKETS_UP_TO_DAYS = 93;

const PERIOD_MESSAGES = {
  datesRequired: "يرجى اختيار تاريخ البداية وتاريخ النهاية.",
  invalidDate: "التاريخ غير صحيح.",
  order: "يجب أن يسبق تاريخ البداية تاريخ النهاية أو يساويه.",
  future: "لا يمكن اختيار تاريخ بعد اليوم.",
  tooLong: `أقصى مدة للفترة ${new Intl.NumberFormat("ar-SA").format(MAX_PERIOD_DAYS)} يومًا.`,
  tooEarly: "أقدم تاريخ ممكن هو ١ يناير ٢٠٠٠.",
} as const;

const DAY_MS = 24 * 60 * 60_000;

/** Whole days from `from` to `to`, both counted. */
function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A run of Riyadh days, both ends included, and the instants that bound it ([start, end)). */
interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

export interface ReportPeriod {
  kind: PeriodKind;
  from: IsoDay;
  to: IsoDay;
  days: number;
  /** The same number of days just before. */
  previous: DayRange;
  /** Per day, or per month for long periods. */
  bucket: "day" | "month";
  /** True while the period runs up to today (today's figures are still growing). */
  ongoing: boolean;
}

/** What the form asked for, and why it could not be used (the page then shows the default period). */
export interface PeriodChoice {
  period: ReportPeriod;
  /** The form's values as typed, to show them again with the error. */
  asked: { kind: PeriodKind; from: string; to: string };
  error?: string;
}

function build(kind: PeriodKind, from: IsoDay, to: IsoDay, today: IsoDay): ReportPeriod {
  const days = daysBetween(from, to);
  return {
    kind,
    from,
    to,
    days,
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
    bucket: days <= DAILY_BUCKETS_UP_TO_DAYS ? "day" : "month",
    ongoing: to === today,
  };
}

/** A preset period ending today (or last month), as of `now`. */
export function presetPeriod(kind: Exclude<PeriodKind, "custom">, now: Date | number): ReportPeriod {
  const today = riyadhDayOf(now);
  switch (kind) {
    case "today":
      return build(kind, today, today, today);
    case "7d":
      return build(kind, addDays(today, -6), today, today);
    case "30d":
      return build(kind, addDays(today, -29), today, today);
    case "this-month":
      return build(kind, `${today.slice(0, 8)}01`, today, today);
    case "last-month": {
      const firstOfThis = `${today.slice(0, 8)}01`;
      const last = addDays(firstOfThis, -1);
      return build(kind, `${last.slice(0, 8)}01`, last, today);
    }
  }
}

/** The period the address asks for; an unusable custom range falls back to the default, with its message. */
export function parsePeriod(params: URLSearchParams, now: Date | number): PeriodChoice {
  const rawKind = params.get("period") ?? "";
  const kind: PeriodKind = (PERIOD_KINDS as readonly string[]).includes(rawKind) ? (rawKind as PeriodKind) : DEFAULT_PERIOD;
  const from = (params.get("from") ?? "").trim().slice(0, 10);
  const to = (params.get("to") ?? "").trim().slice(0, 10);
  if (kind !== "custom") {
    const period = presetPeriod(kind, now);
    return { period, asked: { kind, from: period.from, to: period.to } };
  }
  const asked = { kind, from, to };
  const today = riyadhDayOf(now);
  const refuse = (error: string): PeriodChoice => ({ period: presetPeriod("30d", now), asked, error });
  if (!from || !to) return refuse(PERIOD_MESSAGES.datesRequired);
  if (!isIsoDay(from) || !isIsoDay(to)) return refuse(PERIOD_MESSAGES.invalidDate);
  if (from > to) return refuse(PERIOD_MESSAGES.order);
  if (to > today) return refuse(PERIOD_MESSAGES.future);
  if (from < "2000-01-01") return refuse(PERIOD_MESSAGES.tooEarly);
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) return refuse(PERIOD_MESSAGES.tooLong);
  return { period: build("custom", from, to, today), asked };
}

/** The address of the page (or an export) for a period: what the form would send. */
export function periodQuery(period: Pick<ReportPeriod, "kind" | "from" | "to">): string {
  const params = new URLSearchParams({ period: period.kind });
  if (period.kind === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return params.toString();
}

/** The instants bounding the period and the previous one: [previousStart, start) and [start, end). */
export function periodInstants(period: ReportPeriod): { previousStart: Date; start: Date; end: Date } {
  return { previousStart: riyadhDayStart(period.previous.from), start: riyadhDayStart(period.from), end: riyadhDayStart(addDays(period.to, 1)) };
}

// Dates are shown in the Gregorian calendar with the Hijri (Umm al-Qura) date beside them. Both
// name their calendar, so the page reads the same from the server and in any browser (ar-SA's
// default calendar differs between engines).
const gregorianDay = new Intl.DateTimeFormat("ar-SA-u-ca-gregory-nu-arab", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const gregorianShort = new Intl.DateTimeFormat("ar-SA-u-ca-gregory-nu-arab", { day: "numeric", month: "short", timeZone: "UTC" });
const gregorianMonth = new Intl.DateTimeFormat("ar-SA-u-ca-gregory-nu-arab", { month: "long", year: "numeric", timeZone: "UTC" });
const gregorianMonthShort = new Intl.DateTimeFormat("ar-SA-u-ca-gregory-nu-arab", { month: "short", timeZone: "UTC" });
const hijriDay = new Intl.DateTimeFormat("ar-SA-u-ca-islamic-umalqura-nu-arab", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const gregorianDateTime = new Intl.DateTimeFormat("ar-SA-u-ca-gregory-nu-arab", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Riyadh" });

/** A moment in Riyadh's time, Gregorian: "٢٣‏/١١‏/٢٠٢٦، ١٢:٠٠ م" */
export function riyadhDateTimeText(instant: string | Date): string {
  return gregorianDateTime.format(new Date(instant));
}

const noon = (day: IsoDay) => new Date(`${day}T12:00:00Z`);

/** "٢٣ نوفمبر ٢٠٢٦" */
export function gregorianDayText(day: IsoDay): string {
  return gregorianDay.format(noon(day));
}

/** "١٣ جمادى الآخرة ١٤٤٨ هـ" */
export function hijriDayText(day: IsoDay): string {
  return hijriDay.format(noon(day));
}

/** "٢٣ نوفمبر" (chart axes) */
export function shortDayText(day: IsoDay): string {
  return gregorianShort.format(noon(day));
}

/** "نوفمبر ٢٠٢٦" for "2026-11" */
export function monthText(month: string): string {
  return gregorianMonth.format(noon(`${month}-01`));
}

/** "نوفمبر" for "2026-11" (chart axes) */
export function shortMonthText(month: string): string {
  return gregorianMonthShort.format(noon(`${month}-01`));
}

/** The Riyadh months from `first` to `last` (yyyy-mm), both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split("-").map(Number) as [number, number];
  for (let guard = 0; guard < 240; guard++) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The finance trend's months: the twelve ending with the period's last month, or the period's own months when it spans more. */
export function trendMonths(period: Pick<ReportPeriod, "from" | "to">): string[] {
  const last = period.to.slice(0, 7);
  const [year, month] = last.split("-").map(Number) as [number, number];
  const twelveBack = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 7);
  const first = period.from.slice(0, 7) < twelveBack ? period.from.slice(0, 7) : twelveBack;
  return monthsBetween(first, last);
}

/** Every bucket of the period in order (days, or months for long periods), for charts with their empty days. */
export function periodBuckets(period: ReportPeriod): string[] {
  if (period.bucket === "month") return monthsBetween(period.from.slice(0, 7), period.to.slice(0, 7));
  return Array.from({ length: period.days }, (_, i) => addDays(period.from, i));
}
