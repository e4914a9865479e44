import { toAsciiDigits } from "./numbers.ts";

const arabicPrice = new Intl.NumberFormat("ar-SA", {
  style: "currency",
  currency: "SAR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const latinNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const arabicNumber = new Intl.NumberFormat("ar-SA", { maximumFractionDigits: 2 });

/** Price in the Arabic locale, Saudi riyals, no decimals. */
export function formatPriceArabic(price: number): string {
  return arabicPrice.format(Math.round(price));
}

const arabicMoney = new Intl.NumberFormat("ar-SA", { style: "currency", currency: "SAR", maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** An amount of money in the Arabic locale, riyals with halalas when there are any (finance). */
export function formatMoneyArabic(amount: number): string {
  return arabicMoney.format(amount);
}

/** The English form shown beside it: '{n} SAR'. */
export function formatPriceSar(price: number): string {
  return `${latinNumber.format(Math.round(price))} SAR`;
}

export function formatNumberArabic(value: number): string {
  return arabicNumber.format(value);
}

export function formatArea(area: number): string {
  return `${formatNumberArabic(area)} م²`;
}

/**
 * Dates and times are the firm's, Riyadh's (as the finance months are): the same text from the
 * server and in any browser, so a page's first render and its hydration agree.
 */
const arabicDate = new Intl.DateTimeFormat("ar-SA", { dateStyle: "medium", timeZone: "Asia/Riyadh" });
const arabicDateTime = new Intl.DateTimeFormat("ar-SA", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Riyadh" });

export function formatDateArabic(date: Date | string): string {
  return arabicDate.format(new Date(date));
}

/** Date and time in the ar-SA locale (inquiry and submission timestamps). */
export function formatDateTimeArabic(date: Date | string): string {
  return arabicDateTime.format(new Date(date));
}

const arabicPlural = new Intl.PluralRules("ar");

/**
 * A count with its word as Arabic agrees it with the number: `zero`, `one` and `two` are whole
 * phrases ("لا توجد معاملات", "معاملة واحدة", "معاملتان"); `few` (3–10), `many` (11–99) and
 * `other` (100 and up; `many` if not given) follow the number ("٣ معاملات", "١١ معاملة").
 */
export function formatCountArabic(count: number, words: { zero: string; one: string; two: string; few: string; many: string; other?: string }): string {
  switch (arabicPlural.select(count)) {
    case "zero":
      return words.zero;
    case "one":
      return words.one;
    case "two":
      return words.two;
    case "few":
      return `${formatNumberArabic(count)} ${words.few}`;
    case "many":
      return `${formatNumberArabic(count)} ${words.many}`;
    default:
      return `${formatNumberArabic(count)} ${words.other ?? words.many}`;
  }
}

/**
 * Phone normalisation: leading 00966 or 0 becomes +966, a leading + is kept,
 * anything else gets +966 in front. Spaces, dashes, brackets and invisible direction marks are
 * dropped; Arabic-Indic digits become ASCII.
 */
export function normalizePhone(input: string): string {
  const digits = toAsciiDigits(input)
    // Phones paste numbers wrapped in invisible direction marks (U+202A … U+202C, LRM): dropped too.
    .replace(/[\s\-().\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, "");
  if (digits === "") return "";
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("00966")) return `+966${digits.slice(5)}`;
  if (digits.startsWith("0")) return `+966${digits.slice(1)}`;
  return `+966${digits}`;
}

/** A plausible international number after normalisation: + and 8 to 15 digits. */
export function isPlausiblePhone(normalized: string): boolean {
  return /^\+\d{8,15}$/.test(normalized);
}
