import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

/**
 * CSV as Excel and every spreadsheet read it (RFC 4180): fields separated by commas, lines by CRLF,
 * a field with a comma, a quote or a line break wrapped in quotes with its quotes doubled; UTF-8
 * with a byte order mark, so Excel opens Arabic text as Arabic.
 *
 * Text that a spreadsheet would take for a formula (starting with = + - @, a tab or a carriage
 * return: "=HYPERLINK(…)" typed into an inquiry by a visitor) gets a leading apostrophe, so it
 * stays text (OWASP's "CSV injection"). Numbers are written as numbers and never changed: a
 * negative amount stays -500.
 */

export const CSV_BOM = "\uFEFF";
const CSV_LINE_END = "\r\n";

/** A cell: text, a number, a moment (written as Riyadh's local time, which spreadsheets read as a date), or nothing. */
export type CsvValue = string | number | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, made plain text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** "2026-11-10 09:00" in Riyadh (UTC+3, no daylight saving). */
export function riyadhDateTime(date: Date): string {
  return new Date(date.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = value instanceof Date ? riyadhDateTime(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_LINE_END;
}
