import { describe, expect, it } from "vitest";
import { dialablePhone, formatPhoneForReading, parsePhone } from "./phone.ts";

describe("the phone rule (libphonenumber-js, max metadata, Saudi Arabia by default)", () => {
  it("reads Saudi numbers as people type them, in E.164", () => {
    for (const typed of [
      "0501234567",
      "501234567",
      "966501234567",
      "+966501234567",
      "00966501234567",
      "050 123 4567",
      "050-123-4567",
      "(050) 123 4567",
      "٠٥٠١٢٣٤٥٦٧",
      "+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧",
      "۰۵۰۱۲۳۴۵۶۷",
      "\u202A+966 50 123 4567\u202C",
      "\u200E0501234567",
    ]) {
      expect(parsePhone(typed), typed).toBe("+966501234567");
    }
    expect(parsePhone("011 234 5678")).toBe("+966112345678");
    expect(parsePhone("0126543210")).toBe("+966126543210");
    expect(parsePhone("920000000")).toBe("+966920000000");
    expect(parsePhone("8001234567")).toBe("+9668001234567");
  });

  it("accepts other countries' numbers with their + or 00 code", () => {
    expect(parsePhone("+971 50 123 4567")).toBe("+971501234567");
    expect(parsePhone("00971501234567")).toBe("+971501234567");
    expect(parsePhone("+44 7911 123456")).toBe("+447911123456");
    expect(parsePhone("+1 202 555 0123")).toBe("+12025550123");
    expect(parsePhone("+20 100 123 4567")).toBe("+201001234567");
  });

  it("refuses what is not a number: too short, too long, no such area code, letters", () => {
    for (const typed of ["12345", "+96612345", "0123456789", "+966123456789", "05012345", "050123456789", "+971 12", "call me", "05x1234567", "", "+", "1e10"]) {
      expect(parsePhone(typed), typed).toBeNull();
    }
  });

  it("a WhatsApp number must be a mobile one, at home and abroad", () => {
    expect(parsePhone("0551234567", { mobile: true })).toBe("+966551234567");
    expect(parsePhone("+971501234567", { mobile: true })).toBe("+971501234567");
    // The US does not tell its mobiles from its landlines: FIXED_LINE_OR_MOBILE is taken.
    expect(parsePhone("+12025550123", { mobile: true })).toBe("+12025550123");
    for (const landline of ["0112345678", "920000000", "8001234567", "+971 4 234 5678", "+44 20 7183 8750"]) {
      expect(parsePhone(landline, { mobile: true }), landline).toBeNull();
    }
  });

  it("a number already checked gives the same answer, asked as a mobile or not, in either order", () => {
    for (let round = 0; round < 2; round++) {
      expect(parsePhone("0112345679")).toBe("+966112345679");
      expect(parsePhone("0112345679", { mobile: true })).toBeNull();
      expect(parsePhone("12345")).toBeNull();
    }
  });

  it("writes a stored number as it is read: Saudi ones as dialled at home, others with their code", () => {
    expect(formatPhoneForReading("+966501234567")).toBe("050 123 4567");
    expect(formatPhoneForReading("+966112345678")).toBe("011 234 5678");
    expect(formatPhoneForReading("966551234567")).toBe("055 123 4567");
    expect(formatPhoneForReading("+971501234567")).toBe("+971 50 123 4567");
    // An old row typed before the rule is shown as it was stored.
    expect(formatPhoneForReading(" 12345 ")).toBe("12345");
    expect([dialablePhone("011 234 5678"), dialablePhone("+971 50 123 4567"), dialablePhone("12-345")]).toEqual(["+966112345678", "+971501234567", "12345"]);
  });
});
