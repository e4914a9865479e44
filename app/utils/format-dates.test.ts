import { describe, expect, it } from "vitest";
import { formatDateBothCalendars, formatDateWithHijri, formatTimeAgoArabic } from "./format.ts";

describe("a calendar date in Gregorian with its Hijri day", () => {
  it.each([
    ["2025-01-31", "٣١ يناير ٢٠٢٥م", "١ شعبان ١٤٤٦ هـ"],
    ["2024-03-11", "١١ مارس ٢٠٢٤م", "١ رمضان ١٤٤٥ هـ"],
    ["2026-12-31", "٣١ ديسمبر ٢٠٢٦م", "٢٢ رجب ١٤٤٨ هـ"],
  ])("%s is %s, %s, in Arabic-Indic digits only", (iso, gregorian, hijri) => {
    expect(formatDateBothCalendars(iso)).toEqual({ gregorian, hijri });
    expect(formatDateWithHijri(iso)).toBe(`${gregorian} (${hijri})`);
  });
});

describe("how long ago, by Riyadh days", () => {
  const now = new Date("2026-05-10T09:00:00Z"); // 12:00 in Riyadh
  it.each([
    ["2026-05-10T08:59:00Z", "اليوم"],
    ["2026-05-09T21:00:00Z", "اليوم"], // 00:00 on the 10th in Riyadh
    ["2026-05-09T20:59:00Z", "أمس"], // 23:59 on the 9th in Riyadh
    ["2026-05-08T10:00:00Z", "أول أمس"],
    ["2026-05-07T10:00:00Z", "قبل ٣ أيام"],
    ["2026-04-29T10:00:00Z", "قبل ١١ يومًا"],
    ["2026-04-01T10:00:00Z", "الشهر الماضي"],
    ["2026-03-01T10:00:00Z", "قبل شهرين"],
    ["2025-02-01T10:00:00Z", "السنة الماضية"],
    ["2023-05-01T10:00:00Z", "قبل ٣ سنوات"],
  ])("%s was %s", (at, text) => {
    expect(formatTimeAgoArabic(at, now)).toBe(text);
  });
  it("a moment after now (clocks apart) reads as today", () => {
    expect(formatTimeAgoArabic("2026-05-10T09:00:05Z", now)).toBe("اليوم");
  });
});
