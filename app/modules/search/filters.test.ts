import { describe, expect, it } from "vitest";
import { canonicalOffersSearch, filterChips, withListedNeighbourhood } from "~/modules/offers/filter-view.server.ts";
import { offerFiltersQuery, type OfferFilters } from "./filters.ts";
import { parseOfferFilters } from "./parse-filters.server.ts";

const parse = (query: Record<string, string> | string) => parseOfferFilters(new URLSearchParams(query));

const EVERY_FILTER: OfferFilters = {
  keyword: "فيلا",
  city: "الرياض",
  neighbourhood: "حطين",
  propertyType: "فيلا",
  status: "للبيع",
  minPrice: 500_000,
  maxPrice: 2_000_000,
  minArea: 200,
  maxArea: 600,
  bedrooms: 4,
  priceSort: "perM2",
  page: 3,
};

describe("offer filters from the query", () => {
  it("reads every filter", () => {
    const filters = parse({
      keyword: " فيلا ",
      city: "الرياض",
      neighbourhood: "حطين",
      propertyType: "فيلا",
      status: "للبيع",
      minPrice: "500000",
      maxPrice: "2000000",
      minArea: "200",
      maxArea: "600",
      bedrooms: "4",
      priceSort: "perM2",
      page: "3",
    });
    expect(filters).toStrictEqual(EVERY_FILTER);
  });

  it("round-trips every filter through the query string, in a fixed order", () => {
    const query = offerFiltersQuery(EVERY_FILTER);
    expect([...new URLSearchParams(query).keys()].join(" ")).toBe("keyword city neighbourhood propertyType status minPrice maxPrice minArea maxArea bedrooms priceSort page");
    expect(parse(query.slice(1))).toStrictEqual(EVERY_FILTER);
    for (const [key, value] of Object.entries(EVERY_FILTER) as [keyof OfferFilters, unknown][]) {
      if (key === "page") continue;
      const one = { [key]: value, page: 1, ...(key === "neighbourhood" ? { city: "الرياض" } : {}) } as OfferFilters;
      expect(parse(offerFiltersQuery(one).slice(1)), key).toStrictEqual(one);
    }
    expect(offerFiltersQuery({ page: 1 })).toBe("");
    expect(parse("")).toStrictEqual({ page: 1 });
  });

  it("applies the status filter only for للبيع and للإيجار", () => {
    expect(parse({ status: "للإيجار" }).status).toBe("للإيجار");
    expect(parse({ status: "مباع" }).status).toBeUndefined();
  });

  it("drops malformed values instead of failing", () => {
    const filters = parse({
      priceSort: "cheapest",
      page: "-3",
      keyword: "",
      minPrice: "رخيص",
      maxPrice: "-5",
      minArea: "1e3",
      maxArea: "12.5",
      bedrooms: "9",
      status: "",
      city: "   ",
    });
    expect(filters).toStrictEqual({ page: 1 });
    expect(parse({ bedrooms: "0" })).toStrictEqual({ page: 1 });
    expect(parse({ bedrooms: "2.5" })).toStrictEqual({ page: 1 });
    expect(parse({ minPrice: "0", maxArea: "0" })).toStrictEqual({ page: 1 });
    expect(parse({ minPrice: "99999999999999" })).toStrictEqual({ page: 1 });
    expect(parse({ keyword: "ب".repeat(101) })).toStrictEqual({ page: 1 });
  });

  it("reads amounts as people type them: Arabic-Indic digits and thousands separators", () => {
    expect(parse({ minPrice: "٥٠٠٬٠٠٠", maxPrice: "1,250,000", minArea: "١٢٠", maxArea: " 300 " })).toStrictEqual({
      minPrice: 500_000,
      maxPrice: 1_250_000,
      minArea: 120,
      maxArea: 300,
      page: 1,
    });
  });

  it("reads a range typed the wrong way round as meant", () => {
    expect(parse({ minPrice: "900000", maxPrice: "300000", minArea: "500", maxArea: "100" })).toMatchObject({ minPrice: 300_000, maxPrice: 900_000, minArea: 100, maxArea: 500 });
  });

  it("keeps a neighbourhood only with its city", () => {
    expect(parse({ neighbourhood: "حطين" })).toStrictEqual({ page: 1 });
    expect(parse({ city: "الرياض", neighbourhood: "حطين" })).toMatchObject({ city: "الرياض", neighbourhood: "حطين" });
    const hoods = { الرياض: ["حطين", "الملقا"], جدة: ["الشاطئ"] };
    expect(withListedNeighbourhood(parse({ city: "جدة", neighbourhood: "حطين" }), hoods)).toStrictEqual({ city: "جدة", page: 1 });
    expect(withListedNeighbourhood(parse({ city: "الرياض", neighbourhood: "حطين" }), hoods)).toStrictEqual({ city: "الرياض", neighbourhood: "حطين", page: 1 });
  });

  it("takes the first of a repeated parameter; SPEC's price orders keep their values", () => {
    expect(parse("city=الرياض&city=جدة").city).toBe("الرياض");
    expect(parse({ priceSort: "low" }).priceSort).toBe("low");
    expect(parse({ priceSort: "high" }).priceSort).toBe("high");
  });
});

describe("the address of a search", () => {
  const canonical = (query: string) => {
    const params = new URLSearchParams(query);
    return canonicalOffersSearch(params, parseOfferFilters(params));
  };

  it("leaves out a form's empty fields and dropped values, keeps the view and unknown parameters", () => {
    expect(canonical("keyword=&city=%D8%AC%D8%AF%D8%A9&neighbourhood=&propertyType=&status=&minPrice=&maxPrice=&minArea=&maxArea=&bedrooms=&priceSort=")).toBe(
      `?city=${encodeURIComponent("جدة")}`,
    );
    expect(canonical("view=swipe&bedrooms=2&page=1&utm_source=x")).toBe("?bedrooms=2&view=swipe&utm_source=x");
    expect(canonical("minPrice=%D9%A5%D9%A0%D9%A0")).toBe("?minPrice=500");
    expect(canonical("")).toBe("");
  });

  it("is its own canonical form", () => {
    const once = canonical(`${offerFiltersQuery(EVERY_FILTER).slice(1)}&view=swipe`);
    expect(canonical(once.slice(1))).toBe(once);
    expect(once).toBe(`${offerFiltersQuery(EVERY_FILTER)}&view=swipe`);
  });
});

describe("chips of the filters in force", () => {
  it("names each filter in Arabic, with what removing it leaves out", () => {
    expect(filterChips(EVERY_FILTER)).toEqual([
      { label: "«فيلا»", remove: ["keyword"] },
      { label: "الرياض", remove: ["city", "neighbourhood"] },
      { label: "حي حطين", remove: ["neighbourhood"] },
      { label: "فيلا", remove: ["propertyType"] },
      { label: "للبيع", remove: ["status"] },
      { label: "السعر من ٥٠٠٬٠٠٠ إلى ٢٬٠٠٠٬٠٠٠ ريال", remove: ["minPrice", "maxPrice"] },
      { label: "المساحة من ٢٠٠ إلى ٦٠٠ م²", remove: ["minArea", "maxArea"] },
      { label: "٤ غرف نوم فأكثر", remove: ["bedrooms"] },
    ]);
    expect(filterChips({ page: 1, priceSort: "low" })).toEqual([]);
  });

  it("says an open range and agrees the bedrooms with their number", () => {
    const labels = (filters: Omit<OfferFilters, "page">) => filterChips({ ...filters, page: 1 }).map((c) => c.label);
    expect(labels({ minPrice: 1_000_000 })).toEqual(["السعر من ١٬٠٠٠٬٠٠٠ ريال"]);
    expect(labels({ maxArea: 150 })).toEqual(["المساحة حتى ١٥٠ م²"]);
    expect(labels({ bedrooms: 1 })).toEqual(["غرفة نوم واحدة فأكثر"]);
    expect(labels({ bedrooms: 2 })).toEqual(["غرفتا نوم فأكثر"]);
    expect(labels({ bedrooms: 5 })).toEqual(["٥ غرف نوم فأكثر"]);
  });

  it("says what a keyword's phrases were read as: the bedrooms exactly, the price's bounds", () => {
    const labels = (filters: Omit<OfferFilters, "page">) => filterChips({ ...filters, page: 1 }).map((c) => c.label);
    expect(labels({ keyword: "شقة 3 غرف تحت مليون" })).toEqual(["«شقة 3 غرف تحت مليون»: ٣ غرف نوم، السعر حتى ١٬٠٠٠٬٠٠٠ ريال"]);
    expect(labels({ keyword: "غرفتين بين 500 ألف و 900 ألف" })).toEqual(["«غرفتين بين 500 ألف و 900 ألف»: غرفتا نوم، السعر من ٥٠٠٬٠٠٠ إلى ٩٠٠٬٠٠٠ ريال"]);
    expect(labels({ keyword: "فيلا أكثر من 4 غرف 400 متر" })).toEqual(["«فيلا أكثر من 4 غرف 400 متر»: ٤ غرف نوم فأكثر، المساحة من ٣٦٠ إلى ٤٤٠ م²"]);
    expect(labels({ keyword: "شقة من 3 إلى 4 غرف" })).toEqual(["«شقة من 3 إلى 4 غرف»: من ٣ إلى ٤ غرف نوم"]);
    expect(labels({ keyword: "فيلا" })).toEqual(["«فيلا»"]);
  });
});
