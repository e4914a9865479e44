import { describe, expect, it } from "vitest";
import {
  formatCountArabic,
  formatDateArabic,
  formatDateTimeArabic,
  formatDigitsArabic,
  formatIdentifier,
  formatMoneyArabic,
  formatNumberArabic,
  formatPriceArabic,
  formatPriceSar,
} from "./format.ts";

describe("price formatting", () => {
  it("shows Saudi riyals in the Arabic locale without decimals", () => {
    const text = formatPriceArabic(1250000.6);
    expect(text).toContain("١٬٢٥٠٬٠٠١");
    expect(text).toMatch(/ر\.س|SAR/);
    expect(text).not.toMatch(/[٫.]\d/); // no fractional part
  });
  it("writes booked money with both digits of the halalas, never one or none (COPY.md)", () => {
    const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "").replace(/\u00a0/g, " ");
    expect(visible(formatMoneyArabic(3450.5))).toBe("٣٬٤٥٠٫٥٠ ر.س.");
    expect(visible(formatMoneyArabic(120))).toBe("١٢٠٫٠٠ ر.س.");
    expect(visible(formatMoneyArabic(0.05))).toBe("٠٫٠٥ ر.س.");
    expect(visible(formatMoneyArabic(-1250.5))).toBe("-١٬٢٥٠٫٥٠ ر.س.");
  });
  it("writes prices and numbers exactly as Intl's ar-SA formats do, though a browser makes none for them (decision 028)", () => {
    const number = new Intl.NumberFormat("ar-SA", { maximumFractionDigits: 2 });
    const price = new Intl.NumberFormat("ar-SA", { style: "currency", currency: "SAR", maximumFractionDigits: 0, minimumFractionDigits: 0 });
    // Whole numbers of every length, prices' halalas, areas' decimals, and those Intl must round itself (1.005, 2.675, 1e21).
    const values = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 12345, 99999, 100000, 123456, 999999, 1000000, 4500, 1250000, 987654321, 2 ** 53 - 1];
    values.push(0.5, 0.05, 55.5, 55.25, 1250000.6, 1.005, 2.675, 12.345, 0.001, 1e21, 1e-7, -5, -1250.5, 3.999, NaN, Infinity);
    for (let i = 0; i < 300; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 10))), Math.round(Math.random() * 10 ** (i % 8) * 100) / 100);
    for (const value of values) {
      expect(formatNumberArabic(value), String(value)).toBe(number.format(value));
      expect(formatPriceArabic(value), String(value)).toBe(price.format(Math.round(value)));
    }
  });
  it("shows the English form '{n} SAR'", () => {
    expect(formatPriceSar(1250000)).toBe("1,250,000 SAR");
    expect(formatPriceSar(0)).toBe("0 SAR");
  });
});

describe("dates and counts", () => {
  it("dates are Riyadh's whatever the machine's time zone: 22:30 UTC is already the next day there", () => {
    expect(formatDateArabic("2026-03-31T22:30:00Z")).toBe(formatDateArabic("2026-04-01T09:00:00Z"));
    expect(formatDateArabic("2026-03-31T20:30:00Z")).not.toBe(formatDateArabic("2026-04-01T09:00:00Z"));
  });

  it("writes a day with its month's Arabic name (COPY.md), and a time with «ص/م»", () => {
    expect(formatDateArabic("2026-11-28T09:00:00Z")).toBe("٢٨ نوفمبر ٢٠٢٦");
    expect(formatDateTimeArabic("2026-11-28T18:30:00Z")).toBe("٢٨ نوفمبر ٢٠٢٦، ٩:٣٠ م");
    expect(formatDateTimeArabic("2026-11-28T05:05:00Z")).toBe("٢٨ نوفمبر ٢٠٢٦، ٨:٠٥ ص");
  });

  it("writes the digits of codes, years and phones in Arabic-Indic, nothing else changed", () => {
    expect([formatDigitsArabic("2604"), formatDigitsArabic(2026), formatDigitsArabic("2-3"), formatDigitsArabic("الدور 4")]).toEqual(["٢٦٠٤", "٢٠٢٦", "٢-٣", "الدور ٤"]);
    expect(formatIdentifier("+966 50 123 4567")).toBe("+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧");
    // A code issued in Latin letters (a national address's short code) is shown as issued.
    expect(formatIdentifier(" RRRD2929 ")).toBe("RRRD2929");
    expect(formatDigitsArabic("٠٥٥")).toBe("٠٥٥");
    // Lists of numbers take the Arabic comma; a decimal point and a thousands comma their Arabic marks.
    expect([formatDigitsArabic("1, 3"), formatDigitsArabic("1,3,5"), formatDigitsArabic("1250.50"), formatDigitsArabic("1,250,000"), formatDigitsArabic("24.7136")]).toEqual([
      "١، ٣",
      "١، ٣، ٥",
      "١٢٥٠٫٥٠",
      "١٬٢٥٠٬٠٠٠",
      "٢٤٫٧١٣٦",
    ]);
    expect(formatDigitsArabic("أربعة أحرف ثم 4 أرقام، مثل RRRD2929")).toBe("أربعة أحرف ثم ٤ أرقام، مثل RRRD2929");
  });

  it("agrees the word with the number as Arabic does", () => {
    const words = { zero: "لا توجد طلبات", one: "طلب واحد", two: "طلبان", few: "طلبات", many: "طلبًا", other: "طلب" };
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => formatCountArabic(n, words))).toEqual([
      "لا توجد طلبات",
      "طلب واحد",
      "طلبان",
      "٣ طلبات",
      "١٠ طلبات",
      "١١ طلبًا",
      "٩٩ طلبًا",
      "١٠٠ طلب",
      "١٠٢ طلب",
    ]);
  });
});
