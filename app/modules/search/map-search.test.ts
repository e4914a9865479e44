import { describe, expect, it } from "vitest";
import { formatPriceShortArabic } from "~/utils/format.ts";
import { boundsAround, formatBbox, parseBbox } from "./map-search.ts";
import { parseOfferFilters } from "./parse-filters.server.ts";

describe("the map search's area in the address (bbox=west,south,east,north)", () => {
  it("reads four numbers within the world, west of east and south of north, rounded to five decimals", () => {
    expect(parseBbox("46.6,24.7,46.8,24.9")).toEqual({ west: 46.6, south: 24.7, east: 46.8, north: 24.9 });
    expect(parseBbox("46.1234567,24.000004,46.2,24.1")).toEqual({ west: 46.12346, south: 24, east: 46.2, north: 24.1 });
    expect(parseBbox("-10.5,-20,10,20")).toEqual({ west: -10.5, south: -20, east: 10, north: 20 });
  });

  it("is no area when malformed, outside the world, empty or the wrong way round", () => {
    for (const text of [
      "",
      "46.6,24.7,46.8",
      "46.6,24.7,46.8,24.9,1",
      "a,b,c,d",
      "46.6;24.7;46.8;24.9",
      "1e2,0,2,1",
      "181,0,182,1",
      "0,-91,1,0",
      "46.8,24.7,46.6,24.9",
      "46.6,24.9,46.8,24.7",
      "46.6,24.7,46.6,24.9",
      "Infinity,0,1,1",
    ]) {
      expect(parseBbox(text), text).toBeNull();
    }
  });

  it("writes what it reads, so the map's address is already the canonical one", () => {
    for (const text of ["46.6,24.7,46.8,24.9", "46.64279,24.63141,46.8948,24.8771", "-0.5,0,0.5,1"]) expect(formatBbox(parseBbox(text)!)).toBe(text);
    expect(formatBbox({ west: -0.000001, south: 1, east: 2, north: 3 })).toBe("0,1,2,3");
  });

  it("rounds a map's view outwards and keeps it within the world", () => {
    expect(boundsAround({ west: 46.123451, south: 24.000019, east: 46.200001, north: 24.999991 })).toEqual({ west: 46.12345, south: 24.00001, east: 46.20001, north: 25 });
    expect(boundsAround({ west: -300, south: -95, east: 400, north: 88 })).toEqual({ west: -180, south: -90, east: 180, north: 88 });
  });

  it("is one of the list's filters: canonical in the address, dropped when it cannot be read", () => {
    expect(parseOfferFilters(new URLSearchParams("bbox=46.600000,24.7,46.8,24.9&city=الرياض"))).toEqual({ bbox: "46.6,24.7,46.8,24.9", city: "الرياض", page: 1 });
    expect(parseOfferFilters(new URLSearchParams("bbox=46.8,24.7,46.6,24.9"))).toEqual({ page: 1 });
    expect(parseOfferFilters(new URLSearchParams(`bbox=${"1".repeat(120)}`))).toEqual({ page: 1 });
  });
});

describe("a price marker's label", () => {
  it("is the price in a few letters, in Arabic-Indic digits, the word agreeing with its number", () => {
    expect(formatPriceShortArabic(850_000)).toBe("٨٥٠ ألف");
    expect(formatPriceShortArabic(1_200_000)).toBe("١٫٢ مليون");
    expect(formatPriceShortArabic(1_250_000)).toBe("١٫٢٥ مليون");
    expect(formatPriceShortArabic(3_000_000)).toBe("٣ ملايين");
    expect(formatPriceShortArabic(45_500)).toBe("٤٥٫٥ ألف");
    expect(formatPriceShortArabic(999_999)).toBe("١ مليون");
    expect(formatPriceShortArabic(950)).toBe("٩٥٠");
  });
});
