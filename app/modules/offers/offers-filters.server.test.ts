import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { propertyTypes } from "~/db/schema.ts";
import { FILTER_PROPERTY_TYPES } from "~/modules/lookups/defaults.ts";
import { addLookupValue, setLookupHidden } from "~/modules/lookups/lookups-admin.server.ts";
import { invalidateLookups, seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { offerFilterChoices } from "./filter-view.server.ts";
import type { OfferFilters } from "~/modules/search/filters.ts";
import { listOffers } from "./offers.server.ts";

const db = useTestDatabase();

/** The scene: one key per offer, newest first in this order. */
const ROWS = [
  // Riyadh
  { key: "villaHittin", city: "الرياض", location: "حطين", propertyType: "فيلا", status: "للبيع", price: 2_000_000, area: 400, bedrooms: 5 }, // 5,000 / m²
  { key: "flatRawdahRiyadh", city: "الرياض", location: "الروضة", propertyType: "شقة", status: "للإيجار", price: 60_000, area: 120, bedrooms: 3 }, // 500 / m²
  { key: "landHittin", city: "الرياض", location: "حطين", propertyType: "أرض", status: "للبيع", price: 1_500_000, area: 0, bedrooms: 0 }, // no area
  { key: "flatMalqa", city: "الرياض", location: "الملقا", propertyType: "شقة", status: "للبيع", price: 900_000, area: 150, bedrooms: 2 }, // 6,000 / m²
  // Jeddah: a الروضة of its own
  { key: "flatRawdahJeddah", city: "جدة", location: "الروضة", propertyType: "شقة", status: "للبيع", price: 800_000, area: 200, bedrooms: 4 }, // 4,000 / m²
  { key: "shopJeddah", city: "جدة", location: "الشاطئ", propertyType: "محل تجاري", status: "للإيجار", price: 120_000, area: 0, bedrooms: 0 }, // no area
  { key: "warehouseDammam", city: "الدمام", location: "الفيصلية", propertyType: "مستودع", status: "للإيجار", price: 300_000, area: 1_000, bedrooms: 0 }, // 300 / m²
] as const;
type Key = (typeof ROWS)[number]["key"];
const ids = {} as Record<Key, number>;
const keyOf = new Map<number, Key>();

beforeAll(async () => {
  const base = Date.UTC(2026, 5, 1);
  for (const [i, { key, ...row }] of ROWS.entries()) {
    const offer = await createOffer(db(), { ...row, title: `عرض ${key}`, createdAt: new Date(base - i * 86_400_000) });
    ids[key] = offer.id;
    keyOf.set(offer.id, key);
  }
});

const list = async (filters: Omit<OfferFilters, "page">, pageSize?: number) => listOffers(db(), { ...filters, page: 1 }, pageSize);
const keys = async (filters: Omit<OfferFilters, "page">) => (await list(filters)).offers.map((o) => keyOf.get(o.id));

describe("listOffers with the /offers filters, in SQL", () => {
  it("bedrooms: at least n", async () => {
    expect(await keys({ bedrooms: 3 })).toEqual(["villaHittin", "flatRawdahRiyadh", "flatRawdahJeddah"]);
    expect(await keys({ bedrooms: 5 })).toEqual(["villaHittin"]);
    expect(await keys({ bedrooms: 1 })).toHaveLength(4);
  });

  it("price range, both ends included", async () => {
    expect(await keys({ minPrice: 800_000, maxPrice: 1_500_000 })).toEqual(["landHittin", "flatMalqa", "flatRawdahJeddah"]);
    expect(await keys({ minPrice: 1_500_001 })).toEqual(["villaHittin"]);
    expect(await keys({ maxPrice: 60_000 })).toEqual(["flatRawdahRiyadh"]);
  });

  it("area range, both ends included; an offer without an area never matches one", async () => {
    expect(await keys({ minArea: 150, maxArea: 400 })).toEqual(["villaHittin", "flatMalqa", "flatRawdahJeddah"]);
    expect(await keys({ maxArea: 120 })).toEqual(["flatRawdahRiyadh"]);
    expect(await keys({ minArea: 1_000 })).toEqual(["warehouseDammam"]);
  });

  it("neighbourhood within the chosen city", async () => {
    expect(await keys({ city: "جدة", neighbourhood: "الروضة" })).toEqual(["flatRawdahJeddah"]);
    expect(await keys({ city: "الرياض", neighbourhood: "الروضة" })).toEqual(["flatRawdahRiyadh"]);
    expect(await keys({ city: "الرياض", neighbourhood: "حطين" })).toEqual(["villaHittin", "landHittin"]);
    expect(await keys({ city: "الدمام", neighbourhood: "حطين" })).toEqual([]);
  });

  it("combines every filter", async () => {
    const filters = {
      keyword: "عرض",
      city: "الرياض",
      propertyType: "شقة",
      status: "للبيع",
      minPrice: 500_000,
      maxPrice: 1_000_000,
      minArea: 100,
      maxArea: 200,
      bedrooms: 2,
    } as const;
    expect(await keys(filters)).toEqual(["flatMalqa"]);
    expect(await keys({ ...filters, neighbourhood: "الملقا" })).toEqual(["flatMalqa"]);
    expect(await keys({ ...filters, neighbourhood: "حطين" })).toEqual([]);
    expect(await keys({ ...filters, bedrooms: 3 })).toEqual([]);
  });
});

describe("listOffers' orders", () => {
  it("price per square metre, lowest first; offers without an area last", async () => {
    const result = await list({ priceSort: "perM2" });
    expect(result.offers.map((o) => keyOf.get(o.id))).toEqual([
      "warehouseDammam", // 300
      "flatRawdahRiyadh", // 500
      "flatRawdahJeddah", // 4,000
      "villaHittin", // 5,000
      "flatMalqa", // 6,000
      // no area, in the order they were added
      "landHittin",
      "shopJeddah",
    ]);
    expect(await keys({ priceSort: "perM2", city: "الرياض" })).toEqual(["flatRawdahRiyadh", "villaHittin", "flatMalqa", "landHittin"]);
  });

  it("keeps that order across pages, the count agreeing with the list", async () => {
    const pages = [1, 2, 3].map((page) => listOffers(db(), { priceSort: "perM2", page }, 3));
    const [first, second, third] = await Promise.all(pages);
    expect([first!.total, first!.pageCount, first!.totalIsLowerBound]).toEqual([7, 3, false]);
    expect([...first!.offers, ...second!.offers, ...third!.offers].map((o) => keyOf.get(o.id))).toEqual((await list({ priceSort: "perM2" })).offers.map((o) => keyOf.get(o.id)));
  });

  it("newest first by default and SPEC's price orders still apply with the new filters", async () => {
    expect(await keys({ status: "للبيع" })).toEqual(["villaHittin", "landHittin", "flatMalqa", "flatRawdahJeddah"]);
    expect(await keys({ status: "للبيع", bedrooms: 2, priceSort: "low" })).toEqual(["flatRawdahJeddah", "flatMalqa", "villaHittin"]);
    expect(await keys({ status: "للبيع", bedrooms: 2, priceSort: "high" })).toEqual(["villaHittin", "flatMalqa", "flatRawdahJeddah"]);
  });

  it("the total agrees with the list for each filter", async () => {
    for (const filters of [{ bedrooms: 3 }, { minArea: 1 }, { city: "جدة", neighbourhood: "الروضة" }, { maxPrice: 900_000, priceSort: "perM2" as const }]) {
      const result = await list(filters);
      expect(result.total, JSON.stringify(filters)).toBe(result.offers.length);
    }
  });
});

describe("the filter's property types", () => {
  it("lists SPEC's types first, then the firm's other visible types, hidden ones left out", async () => {
    await seedLookupDefaults(db());
    await addLookupValue(db(), "propertyTypes", "شاليه");
    await addLookupValue(db(), "propertyTypes", "استراحة");
    const [hidden] = await db().select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.name, "استراحة"));
    await setLookupHidden(db(), "propertyTypes", hidden!.id, true);
    invalidateLookups();
    const { propertyTypes: types, cities, neighbourhoods } = await offerFilterChoices(db());
    expect(types.slice(0, FILTER_PROPERTY_TYPES.length)).toEqual([...FILTER_PROPERTY_TYPES]);
    expect(types.slice(FILTER_PROPERTY_TYPES.length)).toEqual(["مستودع", "شاليه"]);
    expect(cities[0]).toBe("الرياض");
    expect(neighbourhoods["الرياض"]).toContain("حطين");
    expect(neighbourhoods["جدة"]).toContain("الروضة");
    expect(neighbourhoods["جدة"]).not.toContain("حطين");
  });
});
