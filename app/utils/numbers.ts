/** Arabic-Indic and Persian digits to ASCII: staff and visitors type either. */
export function toAsciiDigits(input: string): string {
  return input
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * "1,250.5" / "١٢٥٠" / "350 م" become numbers; anything unreadable, negative or absurd becomes 0
 * (SPEC.md §5: numeric fields fall back to 0).
 */
export function parseNumberOrZero(input: unknown): number {
  if (typeof input === "number") return Number.isFinite(input) && input >= 0 && input < 1e12 ? input : 0;
  if (typeof input !== "string") return 0;
  const ascii = toAsciiDigits(input).replace(/[٬,\s]/g, "").replace("٫", ".");
  const match = /^\d+(\.\d+)?/.exec(ascii);
  const value = match ? Number(match[0]) : 0;
  return Number.isFinite(value) && value < 1e12 ? value : 0;
}

/** As parseNumberOrZero, rounded down to a whole number (rooms, floors, parking). */
export function parseCountOrZero(input: unknown): number {
  return Math.min(Math.floor(parseNumberOrZero(input)), 1_000_000);
}
