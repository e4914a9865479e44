import { describe, expect, it } from "vitest";
import { readKeyword } from "./keyword-facts.ts";

const read = (keyword: string) => {
  const { words, ...facts } = readKeyword(keyword);
  return { words: words.map((word) => word.folded), ...facts };
};

describe("the facts a keyword's phrases ask for", () => {
  it("reads a count of rooms in digits, in words and as the dual, «نوم» with it", () => {
    expect(read("شقة ٣ غرف نوم")).toEqual({ words: ["شقه"], minBedrooms: 3, maxBedrooms: 3 });
    expect(read("فيلا بخمس غرف")).toEqual({ words: ["فيلا"], minBedrooms: 5, maxBedrooms: 5 });
    expect(read("غرفتين وصالة")).toEqual({ words: ["وصاله"], minBedrooms: 2, maxBedrooms: 2 });
    expect(read("غرفة واحدة")).toEqual({ words: [], minBedrooms: 1, maxBedrooms: 1 });
  });

  it("reads a bound on the price, thousands and millions, and a range either way round", () => {
    expect(read("فيلا تحت مليون")).toEqual({ words: ["فيلا"], maxPrice: 1_000_000 });
    expect(read("شقة بأقل من ٧٥٠ ألف ريال")).toEqual({ words: ["شقه"], maxPrice: 750_000 });
    expect(read("أرض أكثر من 2 مليون")).toEqual({ words: ["ارض"], minPrice: 2_000_000 });
    expect(read("بين مليون ونص و 900 ألف")).toEqual({ words: [], minPrice: 900_000, maxPrice: 1_500_000 });
    expect(read("فيلا بحد أقصى مليونين")).toEqual({ words: ["فيلا"], maxPrice: 2_000_000 });
    expect(read("شقة من 300 ألف إلى 500 ألف")).toEqual({ words: ["شقه"], minPrice: 300_000, maxPrice: 500_000 });
    expect(read("أرض من ٤٠٠ حتى ٦٠٠ متر")).toEqual({ words: ["ارض"], minArea: 400, maxArea: 600 });
    expect(read("بين مليون الى مليونين")).toEqual({ words: [], minPrice: 1_000_000, maxPrice: 2_000_000 });
  });

  it("reads a bound on the bedrooms, and an area: bounded, or alone within a tenth either side", () => {
    expect(read("فيلا أكثر من 4 غرف")).toEqual({ words: ["فيلا"], minBedrooms: 4 });
    expect(read("شقة بأقل من ثلاث غرف نوم")).toEqual({ words: ["شقه"], maxBedrooms: 3 });
    expect(read("شقة من 3 إلى 4 غرف")).toEqual({ words: ["شقه"], minBedrooms: 3, maxBedrooms: 4 });
    expect(read("أرض أكثر من ٦٠٠ متر")).toEqual({ words: ["ارض"], minArea: 600 });
    expect(read("شقة ١٥٠ م²")).toEqual({ words: ["شقه"], minArea: 135, maxArea: 165 });
    expect(read("أرض بين 400 و 900 متر مربع")).toEqual({ words: ["ارض"], minArea: 400, maxArea: 900 });
    expect(read("فيلا 3 غرف 400 متر تحت 3 مليون")).toEqual({ words: ["فيلا"], minBedrooms: 3, maxBedrooms: 3, minArea: 360, maxArea: 440, maxPrice: 3_000_000 });
  });

  it("leaves words that are not such a phrase as words: an amount without a bound, a bound without an amount, a number without rooms", () => {
    expect(read("شقة 500 ألف")).toEqual({ words: ["شقه", "500", "الف"] });
    expect(read("تحت الإنشاء")).toEqual({ words: ["تحت", "الانشا"] }); // (the lone hamza is folded away)
    expect(read("برج 3")).toEqual({ words: ["برج", "3"] });
    expect(read("بين الحرمين")).toEqual({ words: ["بين", "الحرمين"] });
    expect(read("من الرياض إلى جدة")).toEqual({ words: ["الرياض", "جده"] });
  });
});
