import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, neutraliseFormula, riyadhDateTime } from "./csv.ts";

describe("CSV cells (RFC 4180)", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes; plain text stays bare", () => {
    expect(csvCell("شقة في الملقا")).toBe("شقة في الملقا");
    expect(csvCell("فيلا، حطين, الرياض")).toBe('"فيلا، حطين, الرياض"');
    expect(csvCell('قال "مرحبا"')).toBe('"قال ""مرحبا"""');
    expect(csvCell("سطر\nوسطر")).toBe('"سطر\nوسطر"');
    expect(csvCell("سطر\r\nوسطر")).toBe('"سطر\r\nوسطر"');
  });

  it("writes numbers as numbers (a negative one untouched), nothing as empty, moments in Riyadh time", () => {
    expect(csvCell(1250000)).toBe("1250000");
    expect(csvCell(-500.25)).toBe("-500.25");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    // 21:30 UTC on 31 October is half past midnight on 1 November in Riyadh.
    expect(csvCell(new Date("2026-10-31T21:30:00Z"))).toBe("2026-11-01 00:30");
    expect(riyadhDateTime(new Date("2026-11-10T06:05:00Z"))).toBe("2026-11-10 09:05");
  });

  it("neutralises text a spreadsheet would run as a formula: = + - @ tab and carriage return get an apostrophe", () => {
    for (const text of ['=HYPERLINK("http://evil.example","اضغط")', "+966500000000", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
    expect(neutraliseFormula("مرحبا =1")).toBe("مرحبا =1");
    expect(neutraliseFormula("")).toBe("");
    // Neutralised, then quoted when it also needs quotes.
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
  });

  it("a line is its cells joined by commas and ended by CRLF; the file starts with a BOM", () => {
    expect(csvLine([1, "أ,ب", null, -3])).toBe('1,"أ,ب",,-3\r\n');
    expect(CSV_BOM).toBe("\uFEFF");
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
