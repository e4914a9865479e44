import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX, SEARCH_RESULTS_LIMIT } from "~/components/layout/search-result.ts";
import { formatPriceArabic } from "~/utils/format.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { overlayQuery, overlaySearch } from "./overlay-search.server.ts";

const db = useTestDatabase();

beforeAll(async () => {
  // Eight offers in the city of Tabuk (newest first by createdAt), one a yearly rent, one without a neighbourhood.
  for (let i = 0; i < 8; i++) {
    await createOffer(db(), {
      title: `شقة تبوك ${i + 1}`,
      city: "تبوك",
      location: i === 7 ? "" : "المروج",
      status: i === 0 ? "للإيجار" : "للبيع",
      rentPeriod: i === 0 ? "yearly" : "",
      price: 45_000 + i,
      createdAt: new Date(Date.UTC(2026, 0, 10 - i)),
    });
  }
});

describe("overlayQuery", () => {
  it("collapses spaces, trims, and cuts the text at the keyword's length on /offers", () => {
    expect(overlayQuery(null)).toBe("");
    expect(overlayQuery("  \t ")).toBe("");
    expect(overlayQuery("  شقة \n  الرياض ")).toBe("شقة الرياض");
    expect(overlayQuery("ب".repeat(500))).toHaveLength(SEARCH_QUERY_MAX);
  });
});

describe("overlaySearch", () => {
  it("answers nothing for an empty text, without asking the database", async () => {
    expect(await overlaySearch(db(), "   ")).toEqual([]);
  });

  it("gives the first six matches, newest first, with place, price (and the rent period) and the photo", async () => {
    const results = await overlaySearch(db(), "تبوك");
    expect(SEARCH_RESULTS_LIMIT).toBe(6);
    expect(results.map((r) => r.title)).toEqual(["شقة تبوك 1", "شقة تبوك 2", "شقة تبوك 3", "شقة تبوك 4", "شقة تبوك 5", "شقة تبوك 6"]);
    const { id, ...first } = results[0]!;
    expect(id).toBeGreaterThan(0);
    expect(first).toEqual({
      title: "شقة تبوك 1",
      place: "المروج، تبوك",
      price: 45_000,
      rentPeriod: "yearly",
      priceText: `${formatPriceArabic(45_000)} سنويًا`,
      image: null,
    });
    expect(results[1]!.priceText).toBe(formatPriceArabic(45_001));
  });

  it("writes the place without a separator when the neighbourhood is missing", async () => {
    const [last] = await overlaySearch(db(), "شقة تبوك 8");
    expect(last?.place).toBe("تبوك");
  });
});
