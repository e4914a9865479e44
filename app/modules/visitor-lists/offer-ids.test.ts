import { describe, expect, it } from "vitest";
import { listHref, MAX_COMPARED, parseOfferIds, sameIds } from "./offer-ids.ts";

describe("the ids of a list's address", () => {
  it("reads positive whole ids in order, each once, skipping anything else", () => {
    expect(parseOfferIds("3,7,9", 10)).toEqual([3, 7, 9]);
    expect(parseOfferIds("9, 3 ,9,,x,-4,0,2.5,7", 10)).toEqual([9, 3, 7]);
    expect(parseOfferIds("٣،١٢", 10)).toEqual([3, 12]);
    expect(parseOfferIds("1234567890,5", 10)).toEqual([5]); // longer than an offer id can be
    expect(parseOfferIds("", 10)).toEqual([]);
    expect(parseOfferIds(null, 10)).toEqual([]);
  });

  it("stops at the cap", () => {
    expect(parseOfferIds("1,2,3,4,5", MAX_COMPARED)).toEqual([1, 2, 3]);
    expect(parseOfferIds("1,1,1,2,x,3,4", MAX_COMPARED)).toEqual([1, 2, 3]);
  });

  it("writes an address that reads back the same", () => {
    const href = listHref("/favourites", [12, 3, 7]);
    expect(href).toBe("/favourites?ids=12,3,7");
    expect(parseOfferIds(new URL(href, "http://x").searchParams.get("ids"), 100)).toEqual([12, 3, 7]);
    expect(listHref("/compare", [])).toBe("/compare?ids=");
  });

  it("compares two lists whatever their order", () => {
    expect(sameIds([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(sameIds([1, 2], [1, 2, 3])).toBe(false);
    expect(sameIds([1, 2, 4], [1, 2, 3])).toBe(false);
    expect(sameIds([], [])).toBe(true);
  });
});
