import { describe, expect, it } from "vitest";
import { BUILDING_USE_OPTIONS, DEFAULT_CITIES, DEFAULT_STATUSES, DEFAULT_UNIT_TYPES, FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import { DEMO_OFFERS } from "./offers.ts";

describe("demo offers", () => {
  it("are rich enough for every page: 16 or more, 5 or more cities with Riyadh, several types, every status", () => {
    expect(DEMO_OFFERS.length).toBeGreaterThanOrEqual(16);
    const cities = new Set(DEMO_OFFERS.map((o) => o.city));
    expect(cities.size).toBeGreaterThanOrEqual(5);
    expect(cities).toContain("الرياض");
    expect(new Set(DEMO_OFFERS.map((o) => o.propertyType)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_OFFERS.map((o) => o.status))).toEqual(new Set(DEFAULT_STATUSES));
    expect(DEMO_OFFERS.filter((o) => o.units.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it("use the default lookups, so the offer form can edit them as they are", () => {
    const cityNames = DEFAULT_CITIES.map((c) => c.name);
    for (const offer of DEMO_OFFERS) {
      expect(cityNames).toContain(offer.city);
      expect(["", ...BUILDING_USE_OPTIONS]).toContain(offer.details.buildingType);
      for (const facade of offer.details.facade) expect(FACADE_OPTIONS).toContain(facade);
      for (const unit of offer.units) expect(DEFAULT_UNIT_TYPES).toContain(unit.type);
    }
  });

  it("have 3 to 5 photos each, no two alike, and distinct ages of at most 60 days", () => {
    for (const offer of DEMO_OFFERS) expect(offer.scenes.length).toBeGreaterThanOrEqual(3);
    for (const offer of DEMO_OFFERS) expect(offer.scenes.length).toBeLessThanOrEqual(5);
    const seeds = DEMO_OFFERS.flatMap((o) => o.scenes.map((s) => s.seed));
    expect(new Set(seeds).size).toBe(seeds.length);
    const ages = DEMO_OFFERS.map((o) => o.ageDays);
    expect(new Set(ages).size).toBe(ages.length);
    for (const age of ages) expect(age).toBeGreaterThanOrEqual(0);
    for (const age of ages) expect(age).toBeLessThanOrEqual(60);
  });

  it("count the age from the year built, and link the map only where asked", () => {
    const villa = DEMO_OFFERS[0]!;
    expect(villa.details).toMatchObject({ constructionDate: "2023", propertyAge: 2 });
    expect(villa.locationUrl).toBe("https://maps.google.com/?q=24.8031,46.6143");
    const land = DEMO_OFFERS.find((o) => o.propertyType === "أرض")!;
    expect(land.details).toMatchObject({ constructionDate: "", propertyAge: 0, buildingType: "", parking: 0, kitchen: false });
    expect(DEMO_OFFERS.some((o) => o.locationUrl === "" && o.coordinates)).toBe(true);
  });
});
