import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";
import { toAsciiDigits } from "./numbers.ts";

/**
 * The one phone rule (decision 026), for every field where a phone is typed (inquiry, contact,
 * owner submission, staff, the firm's phone and WhatsApp numbers, sign-in): libphonenumber-js with
 * its `max` metadata, Saudi Arabia by default.
 *
 * `max`, not `min`: `min` checks a number's length only, so "0123456789" (+966 1 2345 6789, no such
 * area code) passes it, and it cannot tell a mobile from a landline, which a WhatsApp number must
 * be. The metadata (~40 KiB compressed) reaches the browser only in the public forms' schema chunk,
 * loaded after the page has started (decision 014), never in a page's first load.
 */

/** Spaces, dashes, brackets, dots and the invisible direction marks phones paste around numbers. */
const NOISE = /[\s\-().\u00A0\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/** What a person typed, as libphonenumber reads it: ASCII digits, a leading "00" as "+". */
function cleanTyped(input: string): string {
  const compact = toAsciiDigits(input).replace(NOISE, "");
  return compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
}

/** A typed number read with Saudi Arabia as the default country; undefined when it is not a phone number at all. */
function parseTyped(input: string): PhoneNumber | undefined {
  if (recentlyParsed.has(input)) return recentlyParsed.get(input);
  const typed = cleanTyped(input);
  const phone = /^\+?\d{3,20}$/.test(typed) ? parsePhoneNumberFromString(typed, "SA") : undefined;
  // The same few numbers (the firm's phone and WhatsApp, on every public page) are read again and
  // again; libphonenumber takes tens of microseconds each time. Kept for a while, never without bound.
  if (recentlyParsed.size >= 500) recentlyParsed.clear();
  recentlyParsed.set(input, phone);
  return phone;
}
const recentlyParsed = new Map<string, PhoneNumber | undefined>();

/**
 * A typed phone in E.164 ("+966501234567"), or null when it is not a valid number: Saudi ones as
 * people write them (05xxxxxxxx, 5xxxxxxxx, 9665…, +9665…, 009665…, landlines 011…, 9200…),
 * other countries' with their + (or 00) code; spaces, dashes and Arabic-Indic digits as typed.
 * With `mobile`, a landline, toll-free or shared-cost number is refused too (a WhatsApp number).
 */
export function parsePhone(input: string, { mobile = false }: { mobile?: boolean } = {}): string | null {
  const key = `${mobile ? "m" : ""}|${input}`;
  const known = recentlyChecked.get(key);
  if (known !== undefined) return known;
  const phone = parseTyped(input);
  const result = phone?.isValid() && (!mobile || isMobileType(phone)) ? phone.number : null;
  // Its validity too: libphonenumber's check costs as much as the parse (the firm's numbers, on every public page's structured data).
  if (recentlyChecked.size >= 500) recentlyChecked.clear();
  recentlyChecked.set(key, result);
  return result;
}
const recentlyChecked = new Map<string, string | null>();

function isMobileType(phone: PhoneNumber): boolean {
  const type = phone.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}

/**
 * A stored phone as a person reads it (digits still ASCII: the display helper writes them): a
 * Saudi number as it is dialled at home ("050 123 4567", "011 234 5678", "9200 00000"), another
 * country's in its international form ("+971 50 123 4567"). A value that is not a valid number
 * (an old row typed before the rule) is shown as it was stored.
 */
export function formatPhoneForReading(stored: string): string {
  const phone = parseTyped(stored);
  if (!phone?.isValid()) return stored.trim();
  return phone.country === "SA" ? phone.formatNational() : phone.formatInternational();
}

/** The number a tel: link dials: E.164 when it is valid, else its digits with the leading + if it had one. */
export function dialablePhone(stored: string): string {
  return parsePhone(stored) ?? toAsciiDigits(stored).replace(/[^\d+]/g, "");
}
