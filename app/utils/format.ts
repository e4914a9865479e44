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

export function formatDateArabic(date: Date | string): string {
  return new Intl.DateTimeFormat("ar-SA", { dateStyle: "medium" }).format(new Date(date));
}

/** Date and time in the ar-SA locale (inquiry and submission timestamps). */
export function formatDateTimeArabic(date: Date | string): string {
  return new Intl.DateTimeFormat("ar-SA", { dateStyle: "medium", timeStyle: "short" }).format(new Date(date));
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
