import { RIYADH_OFFSET_MS } from "./riyadh-day.ts";

/**
 * A formatter made on its first use, then kept for the process or the page. Making an Intl
 * formatter costs a browser milliseconds (its locale data is read then); made at import time, the
 * eleven below were a 50 ms task of a phone's module evaluation before hydration, most of them for
 * dates and money a public page never shows (decision 028).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const arabicPrice = onFirstUse(
  () =>
    new Intl.NumberFormat("ar-SA", {
      style: "currency",
      currency: "SAR",
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);
const latinNumber = onFirstUse(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }));
const arabicNumber = onFirstUse(() => new Intl.NumberFormat("ar-SA", { maximumFractionDigits: 2 }));

/**
 * A number of at most two decimals that is not negative, written as Intl.NumberFormat("ar-SA")
 * writes it («٤٬٥٠٠», «٥٥٫٥»), without Intl; undefined for any other (then Intl writes it). The
 * first ar-SA number format a page makes costs a phone 60–100 ms of its main thread (the locale's
 * data is loaded then), in the middle of hydrating the first price or count; the public pages'
 * numbers are all of this kind, so a browser never makes one (decision 028). format.test.ts checks
 * the two agree.
 */
function arabicDigits(value: number): string | undefined {
  // The number's shortest text, as Intl rounds it: only when nothing is left to round (no sign, no exponent).
  const text = String(value);
  const point = text.indexOf(".");
  const whole = point < 0 ? text.length : point;
  if (whole === 0 || (point >= 0 && (text.length - point - 1 < 1 || text.length - point - 1 > 2)) || Object.is(value, -0)) return undefined;
  // One pass over the characters (a server render writes hundreds of these: regular expressions cost more).
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (i === point) out += "٫";
    else if (code >= 48 && code <= 57) {
      if (i > 0 && i < whole && (whole - i) % 3 === 0) out += "٬";
      out += ARABIC_INDIC[code - 48];
    } else return undefined;
  }
  return out;
}

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";

/** Price in the Arabic locale, Saudi riyals, no decimals: «‏٤٬٥٠٠ ر.س.‏» (the marks keep it right to left). */
export function formatPriceArabic(price: number): string {
  const rounded = Math.round(price);
  const digits = arabicDigits(rounded);
  return digits === undefined ? arabicPrice().format(rounded) : `\u200F${digits}\u00A0ر.س.\u200F`;
}

const arabicMoney = onFirstUse(() => new Intl.NumberFormat("ar-SA", { style: "currency", currency: "SAR", maximumFractionDigits: 2, minimumFractionDigits: 2 }));

/**
 * An amount booked or added up (finance, task amounts, reports' money, the daily report): riyals
 * and always both digits of the halalas, «٣٬٤٥٠٫٥٠ ر.س.», «١٢٠٫٠٠ ر.س.» (COPY.md). Offer prices,
 * in whole riyals, are formatPriceArabic's.
 */
export function formatMoneyArabic(amount: number): string {
  return arabicMoney().format(amount);
}

/** The English form shown beside it: '{n} SAR'. */
export function formatPriceSar(price: number): string {
  return `${latinNumber().format(Math.round(price))} SAR`;
}

const shortPrice = onFirstUse(() => new Intl.NumberFormat("ar-SA", { notation: "compact", compactDisplay: "long", maximumSignificantDigits: 3 }));

/**
 * A price in a few letters, as a map's price marker shows it (CLDR's Arabic compact form, the word
 * agreeing with its number): "٨٥٠ ألف", "١٫٢ مليون", "٣ ملايين", "٤٥٫٥ ألف".
 */
export function formatPriceShortArabic(price: number): string {
  return shortPrice().format(Math.round(price));
}

export function formatNumberArabic(value: number): string {
  return arabicDigits(value) ?? arabicNumber().format(value);
}

/**
 * The one digit style (decision 026): the digits of a text the site or the back office writes (a
 * year, a plan or plot number, a floor like "2-3", a limit in a message, an example in a hint) in
 * Arabic-Indic, with the Arabic marks around them: a decimal point between digits becomes «٫»,
 * a thousands comma (a comma before exactly three digits) «٬», and a comma separating a list of
 * numbers («1, 3», «1,3») the Arabic comma «، ». A code of Latin letters and digits («RRRD2929»,
 * «JPEG2») is left as issued; everything else stays as it is.
 */
export function formatDigitsArabic(text: string | number): string {
  return String(text)
    .replace(/(\d),(?=\d{3}(?!\d))/g, "$1٬")
    .replace(/(\d)\s*,\s*(?=\d)/g, "$1، ")
    .replace(/(\d)\.(?=\d)/g, "$1٫")
    .replace(/[A-Za-z0-9]+/g, (word) => (/[A-Za-z]/.test(word) ? word : word.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))));
}

/**
 * An identifier as a person reads it (a phone, a licence, CR, deed, plot or reference number):
 * Arabic-Indic digits, the site's one digit style (decision 026), unless it holds Latin letters: a
 * code issued in Latin letters and digits (a national address's short code "RRRD2929", an IBAN) is
 * shown as issued. Show it through `<IdentifierText>` (components/ui/identifier-text.tsx), which
 * keeps its groups in order.
 */
export function formatIdentifier(text: string | number): string {
  const value = String(text).trim();
  return /[A-Za-z]/.test(value) ? value : formatDigitsArabic(value);
}

export function formatArea(area: number): string {
  return `${formatNumberArabic(area)} م²`;
}

/**
 * Dates and times are the firm's, Riyadh's (as the finance months are): the same text from the
 * server and in any browser, so a page's first render and its hydration agree.
 */
const arabicDate = onFirstUse(() => new Intl.DateTimeFormat("ar-SA", { calendar: "gregory", day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Riyadh" }));
const arabicTime = onFirstUse(() => new Intl.DateTimeFormat("ar-SA", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Riyadh" }));

/** A day as COPY.md writes it: day, the month's Arabic name, year («٢٨ نوفمبر ٢٠٢٦»), in Riyadh. */
export function formatDateArabic(date: Date | string): string {
  return arabicDate().format(new Date(date));
}

/** A day and its time with «ص/م» (inquiry and submission timestamps): «٢٨ نوفمبر ٢٠٢٦، ٩:٣٠ م». */
export function formatDateTimeArabic(date: Date | string): string {
  const moment = new Date(date);
  return `${arabicDate().format(moment)}، ${arabicTime().format(moment)}`;
}

const gregorianDay = onFirstUse(() => new Intl.DateTimeFormat("ar-SA", { calendar: "gregory", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
const hijriDay = onFirstUse(() => new Intl.DateTimeFormat("ar-SA", { calendar: "islamic-umalqura", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));

/**
 * A calendar date (`YYYY-MM-DD`, as a licence's dates are stored) in the Gregorian calendar and its
 * Umm al-Qura Hijri day, in Arabic-Indic digits: "٣١ يناير ٢٠٢٥م" and "١ شعبان ١٤٤٦ هـ".
 */
export function formatDateBothCalendars(isoDate: string): { gregorian: string; hijri: string } {
  const day = new Date(`${isoDate}T00:00:00Z`);
  return { gregorian: `${gregorianDay().format(day)}م`, hijri: hijriDay().format(day) };
}

/** The same on one line: "٣١ يناير ٢٠٢٥م (١ شعبان ١٤٤٦ هـ)". */
export function formatDateWithHijri(isoDate: string): string {
  const { gregorian, hijri } = formatDateBothCalendars(isoDate);
  return `${gregorian} (${hijri})`;
}

const relativeArabic = onFirstUse(() => new Intl.RelativeTimeFormat("ar-SA", { numeric: "auto" }));
const DAY_MS = 24 * 60 * 60 * 1000;
/** Riyadh is UTC+3 all year: its calendar day of a moment. */
const riyadhDay = (date: Date) => Math.floor((date.getTime() + RIYADH_OFFSET_MS) / DAY_MS);

/**
 * How long before `now` a moment was, in Riyadh calendar days, then months, then years, the words
 * agreeing with the number (Intl.RelativeTimeFormat): "اليوم", "أمس", "قبل ٣ أيام", "قبل ١١ يومًا",
 * "الشهر الماضي", "قبل سنتين". Pages compute it on the server, so the text does not change on hydration.
 */
export function formatTimeAgoArabic(date: Date | string, now: Date): string {
  const days = Math.max(0, riyadhDay(now) - riyadhDay(new Date(date)));
  if (days < 30) return relativeArabic().format(-days, "day");
  if (days < 365) return relativeArabic().format(-Math.floor(days / 30), "month");
  return relativeArabic().format(-Math.floor(days / 365), "year");
}

const arabicPlural = onFirstUse(() => new Intl.PluralRules("ar"));

/**
 * A count with its word as Arabic agrees it with the number: `zero`, `one` and `two` are whole
 * phrases ("لا توجد معاملات", "معاملة واحدة", "معاملتان"); `few` (3–10), `many` (11–99) and
 * `other` (100 and up; `many` if not given) follow the number ("٣ معاملات", "١١ معاملة").
 */
export interface CountWords {
  zero: string;
  one: string;
  two: string;
  few: string;
  many: string;
  other?: string;
}

/** Each count's plural category, asked of Intl once (a list's counts repeat on every render). */
const pluralOfCount: Intl.LDMLPluralRule[] = [];
function pluralOf(count: number): Intl.LDMLPluralRule {
  if (!Number.isInteger(count) || count < 0 || count > 1000) return arabicPlural().select(count);
  return (pluralOfCount[count] ??= arabicPlural().select(count));
}

export function formatCountArabic(count: number, words: CountWords): string {
  switch (pluralOf(count)) {
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
