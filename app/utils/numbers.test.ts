import { describe, expect, it } from "vitest";
import { readTypedNumber, toAsciiDigits } from "./numbers.ts";

const MAX = 1_000_000_000;

describe("numbers as people type them", () => {
  it.each([
    ["450", 450],
    ["٤٥٠", 450],
    ["۴۵۰", 450],
    ["1,250,000", 1_250_000],
    ["١٬٢٥٠٬٠٠٠", 1_250_000],
    ["١،٢٥٠،٠٠٠", 1_250_000],
    ["1 250 000", 1_250_000],
    ["1250.5", 1250.5],
    ["١٢٥٠٫٥", 1250.5],
    [" 0 ", 0],
    ["\u200E450\u200F", 450],
    ["", 0],
    ["   ", 0],
    [undefined, 0],
    [null, 0],
    [450, 450],
    [0, 0],
  ])("reads %j as %d", (input, expected) => {
    expect(readTypedNumber(input, { max: MAX })).toBe(expected);
  });

  it.each([
    "1e20", // was stored as 1
    "1E3",
    "-5", // was stored as 0
    "-0",
    "+5",
    "0x10",
    "Infinity",
    "NaN",
    "كبيرة",
    "450 م",
    "1,5", // a decimal comma is not fifteen
    "12,34,567",
    "1.2.3",
    ".5",
    "5.",
    "1 2",
    "2000000000", // over the maximum
  ])("refuses %j", (input) => {
    expect(readTypedNumber(input, { max: MAX })).toBeNull();
  });

  it("refuses numbers sent as JSON that are negative, not finite or too large", () => {
    for (const input of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e20, MAX + 1]) expect(readTypedNumber(input, { max: MAX })).toBeNull();
    for (const input of [true, {}, [], ["5"]]) expect(readTypedNumber(input, { max: MAX })).toBeNull();
    expect(readTypedNumber(MAX, { max: MAX })).toBe(MAX);
  });

  it("whole numbers refuse a fraction", () => {
    expect(readTypedNumber("3", { max: 10, whole: true })).toBe(3);
    expect(readTypedNumber("2.5", { max: 10, whole: true })).toBeNull();
    expect(readTypedNumber(2.5, { max: 10, whole: true })).toBeNull();
  });

  it("converts Arabic-Indic and Persian digits", () => {
    expect(toAsciiDigits("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789 0123456789");
  });
});
