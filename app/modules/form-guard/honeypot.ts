/**
 * A field people never see or fill (off-screen, out of the tab order, hidden from screen
 * readers) and that naive bots fill. A filled honeypot gets a quiet "success" and nothing is stored.
 */
export const HONEYPOT_FIELD = "fax";

export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
