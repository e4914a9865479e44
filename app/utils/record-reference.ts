import { toAsciiDigits } from "./numbers.ts";

/**
 * A record's number as a search-as-you-type picker posts it, or as typed without JavaScript:
 * "12", "#12", "# ١٢" → 12; anything else (a name typed and not picked, nothing) → null.
 */
export function readRecordReference(typed: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(toAsciiDigits(typed).trim());
  return match ? Number(match[1]) : null;
}
