import { describe, expect, it } from "vitest";
import { formatPriceArabic, formatPriceSar, isPlausiblePhone, normalizePhone } from "./format.ts";

describe("price formatting", () => {
  it("shows Saudi riyals in the Arabic locale without decimals", () => {
    const text = formatPriceArabic(1250000.6);
    expect(text).toContain("١٬٢٥٠٬٠٠١");
    expect(text).toMatch(/ر\.س|SAR/);
    expect(text).not.toMatch(/[٫.]\d/); // no fractional part
  });
  it("shows the English form '{n} SAR'", () => {
    expect(formatPriceSar(1250000)).toBe("1,250,000 SAR");
    expect(formatPriceSar(0)).toBe("0 SAR");
  });
});

describe("phone normalisation", () => {
  it.each([
    ["0501234567", "+966501234567"],
    ["00966501234567", "+966501234567"],
    ["+971501234567", "+971501234567"],
    ["501234567", "+966501234567"],
    ["050 123 4567", "+966501234567"],
    ["٠٥٠١٢٣٤٥٦٧", "+966501234567"],
    ["", ""],
  ])("%s becomes %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
  it("accepts plausible numbers only", () => {
    expect(isPlausiblePhone("+966501234567")).toBe(true);
    expect(isPlausiblePhone("+966abc")).toBe(false);
    expect(isPlausiblePhone("+9661")).toBe(false);
  });
});
