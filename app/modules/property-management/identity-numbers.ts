import { electronicFormatIBAN, isValidIBAN } from "ibantools";
// A CommonJS package: its one export object, as Node gives it to an ES module.
import luhn from "luhn";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { SAUDI_BANK_CODES } from "./saudi-banks.ts";

/** What people paste along with a number: spaces, dashes, direction marks. */
const SEPARATORS = /[\s\u00A0\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069-]/g;

/** A typed number as ASCII digits and letters, its separators removed (Arabic-Indic digits accepted). */
export const cleanTypedNumber = (typed: string) => toAsciiDigits(typed).replace(SEPARATORS, "");

/**
 * A Saudi national id (starts with 1) or iqama (starts with 2): 10 digits whose last is the Luhn
 * check digit of the other nine (decision 051: the `luhn` package, not our own loop).
 */
export function isSaudiNationalId(digits: string): boolean {
  return /^[12]\d{9}$/.test(digits) && luhn.validate(digits);
}

/** A commercial registration (CR) number: 10 digits (it carries no check digit). */
export function isCrNumber(digits: string): boolean {
  return /^\d{10}$/.test(digits);
}

/**
 * A Saudi IBAN as typed («SA03 8000 0000 6080 1016 7519», Arabic-Indic digits, lower case) in its
 * electronic form «SA0380000000608010167519», or null when it is not one: SA and 22 digits whose
 * check digits hold (ibantools).
 */
export function readSaudiIban(typed: string): string | null {
  const iban = electronicFormatIBAN(cleanTypedNumber(typed)) ?? "";
  return /^SA\d{22}$/.test(iban) && isValidIBAN(iban) ? iban : null;
}

/** The bank holding a Saudi IBAN's account, by its bank code; "" for a code not in the table. */
export function bankOfIban(iban: string): string {
  return SAUDI_BANK_CODES[iban.slice(4, 6)] ?? "";
}

/** An IBAN in groups of four as printed on a bank's card («SA03 8000 0000 …»): show it through IdentifierText. */
export function ibanForReading(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}
