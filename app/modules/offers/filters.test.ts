import { describe, expect, it } from "vitest";
import { offerFiltersQuery } from "./filters.ts";
import { parseOfferFilters } from "./parse-filters.server.ts";

describe("offer filters from the query", () => {
  it("reads every filter", () => {
    const filters = parseOfferFilters(new URLSearchParams({ keyword: " فيلا ", city: "الرياض", propertyType: "فيلا", status: "للبيع", priceSort: "high", page: "2" }));
    expect(filters).toEqual({ keyword: "فيلا", city: "الرياض", propertyType: "فيلا", status: "للبيع", priceSort: "high", page: 2 });
  });

  it("applies the status filter only for للبيع and للإيجار", () => {
    expect(parseOfferFilters(new URLSearchParams({ status: "للإيجار" })).status).toBe("للإيجار");
    expect(parseOfferFilters(new URLSearchParams({ status: "مباع" })).status).toBeUndefined();
  });

  it("drops malformed values instead of failing", () => {
    const filters = parseOfferFilters(new URLSearchParams({ priceSort: "cheapest", page: "-3", keyword: "" }));
    expect(filters).toEqual({ page: 1, keyword: undefined, city: undefined, propertyType: undefined, status: undefined, priceSort: undefined });
  });

  it("round-trips through the query string", () => {
    const query = offerFiltersQuery({ keyword: "حطين", city: "الرياض", priceSort: "low", page: 1 });
    expect(parseOfferFilters(new URLSearchParams(query.slice(1)))).toMatchObject({ keyword: "حطين", city: "الرياض", priceSort: "low", page: 1 });
    expect(offerFiltersQuery({ page: 1 })).toBe("");
  });
});
