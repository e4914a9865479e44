/** Arabic-Indic and Persian digits to ASCII: staff and visitors type either. */
export function toAsciiDigits(input: string): string {
  return input.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * Upper bounds of the numbers people type: far above any real offer, far below what would
 * overflow a column or look absurd on a card.
 */
export const NUMBER_LIMITS = {
  /** Riyals. */
  price: 10_000_000_000,
  /** Square metres (100 km²). */
  area: 100_000_000,
  /** Metres. */
  streetWidth: 1_000,
  /** Years. */
  age: 500,
  /** Rooms, bathrooms, lifts, parking spaces. */
  count: 10_000,
} as const;

/** Group separators: comma, Arabic thousands separator (٬), Arabic comma (،), spaces. */
const GROUP_SEPARATORS = /[,٬،\s\u00A0\u2009\u202F]/g;
/** Invisible direction marks that pasting brings along. */
const INVISIBLE = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/**
 * Reads a number as a person types it: plain digits (Arabic-Indic ones converted), thousands
 * separators only where they group threes ("1,250,000", "١٬٢٥٠٬٠٠٠", "1 250 000"), and for
 * amounts one decimal point ("." or "٫"). Blank is 0 (an optional number not given).
 *
 * Anything else is `null`, to be refused with the field's message rather than guessed at: a sign
 * ("-5"), an exponent ("1e20" is not 1), words ("كبيرة", "450 م"), a decimal comma ("1,5" is not
 * 15), more than `max`, or a fraction where a whole number is wanted. A number (sent as JSON) must
 * be finite, at least 0 and at most `max` likewise.
 */
export function readTypedNumber(input: unknown, { max, whole = false }: { max: number; whole?: boolean }): number | null {
  let value: number;
  if (typeof input === "number") {
    value = input;
  } else if (input === undefined || input === null) {
    return 0;
  } else if (typeof input === "string") {
    const text = toAsciiDigits(input.replace(INVISIBLE, "")).trim().replace(/٫/g, ".");
    if (text === "") return 0;
    const grouped = /^\d{1,3}([,٬،\s\u00A0\u2009\u202F]\d{3})+(\.\d+)?$/.test(text);
    const plain = /^\d+(\.\d+)?$/.test(text);
    if (!grouped && !plain) return null;
    value = Number(text.replace(GROUP_SEPARATORS, ""));
  } else {
    return null;
  }
  if (!Number.isFinite(value) || value < 0 || value > max) return null;
  if (whole && !Number.isInteger(value)) return null;
  return value;
}
