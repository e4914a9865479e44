import { describe, expect, it } from "vitest";
import { BUILDING_USE_OPTIONS, DEFAULT_CITIES, DEFAULT_STATUSES, DEFAULT_UNIT_TYPES, FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import { adLicenceState, isAdvertisedStatus, licenceEndsAt } from "~/modules/ad-licences/ad-licence.ts";
import { DEMO_OFFERS, licenceColumns } from "./offers.ts";

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

  it("write their prose (titles, descriptions, notes, units) with Arabic-Indic digits, as the site writes numbers", () => {
    for (const offer of DEMO_OFFERS) {
      const prose = [offer.title, offer.description, offer.details.additionalNotes, ...offer.units.map((u) => u.description)];
      for (const text of prose) expect(text).not.toMatch(/[0-9]/);
    }
  });

  it("have REGA ad licences of the right shape: 10 digits from 7, distinct; deeds in digits; national addresses of 4 letters and 4 digits", () => {
    const licences = DEMO_OFFERS.flatMap((o) => (o.adLicence ? [o.adLicence] : []));
    expect(licences.length).toBe(DEMO_OFFERS.length - 1);
    for (const licence of licences) {
      expect(licence.number).toMatch(/^7\d{9}$/);
      expect(licence.issuedDaysAgo).toBeGreaterThan(0);
    }
    expect(new Set(licences.map((l) => l.number)).size).toBe(licences.length);
    const deeds = DEMO_OFFERS.map((o) => o.deedNumber).filter(Boolean);
    const addresses = DEMO_OFFERS.map((o) => o.nationalAddress).filter(Boolean);
    expect(deeds.length).toBeGreaterThanOrEqual(5);
    expect(addresses.length).toBeGreaterThanOrEqual(5);
    for (const deed of deeds) expect(deed).toMatch(/^\d{12}$/);
    for (const address of addresses) expect(address).toMatch(/^[A-Z]{4}\d{4}$/);
    for (const offer of DEMO_OFFERS) expect(offer.advertiserCapacity).toEqual(offer.adLicence ? expect.stringMatching(/^(broker|authorised)$/) : "");
  });

  // Seeded just after midnight or just before it in Riyadh, the same states are there.
  it.each(["2026-11-23T21:05:00Z", "2026-11-24T20:55:00Z"])(
    "seeded at %s: one ended, one ending within 3 days, two more within 14, one advertised without a licence, the rest valid for months",
    (at) => {
      const now = Date.parse(at);
      const states = DEMO_OFFERS.map((offer) => {
        const columns = licenceColumns(offer.adLicence, now);
        if (columns.adLicenceExpiresOn) {
          expect(columns.adLicenceIssuedOn < columns.adLicenceExpiresOn).toBe(true);
          expect(columns.adLicenceEndsAt).toEqual(licenceEndsAt(columns.adLicenceExpiresOn));
        }
        const state = adLicenceState({ number: columns.adLicenceNumber, expiresOn: columns.adLicenceExpiresOn }, new Date(now));
        const daysLeft = columns.adLicenceEndsAt ? (columns.adLicenceEndsAt.getTime() - now) / 86_400_000 : null;
        return { offer, state, daysLeft };
      });
      const count = (state: string) => states.filter((s) => s.state === state).length;
      expect([count("expired"), count("expiring"), count("missing")]).toEqual([1, 3, 1]);
      expect(states.filter((s) => s.daysLeft !== null && s.daysLeft > 0 && s.daysLeft <= 3)).toHaveLength(1);
      expect(states.filter((s) => s.state === "valid").every((s) => s.daysLeft! > 60)).toBe(true);
      // The ended and the unlicensed ones are advertisements: the 410 page and «بلا ترخيص» can be seen.
      for (const state of ["expired", "missing"]) expect(isAdvertisedStatus(states.find((s) => s.state === state)!.offer.status)).toBe(true);
      expect(states.find((s) => s.state === "missing")!.offer.status).toBe("للبيع");
    },
  );

  it("give rent offers a period (yearly, one monthly), and disclose a mortgage with its details and guarantees once each", () => {
    const rent = DEMO_OFFERS.filter((o) => o.status === "للإيجار" || o.status === "مؤجر");
    expect(rent.map((o) => o.rentPeriod).sort()).toEqual([...Array<string>(rent.length - 1).fill("yearly"), "monthly"].sort());
    for (const offer of DEMO_OFFERS.filter((o) => !rent.includes(o))) expect(offer.rentPeriod).toBe("");
    const mortgaged = DEMO_OFFERS.filter((o) => o.disclosures.mortgage);
    expect(mortgaged).toHaveLength(1);
    expect(mortgaged[0]!.disclosures.mortgageDetails).not.toBe("");
    expect(DEMO_OFFERS.filter((o) => o.disclosures.guarantees !== "")).toHaveLength(1);
    expect(DEMO_OFFERS.filter((o) => o.disclosures.disputes || o.disclosures.unrecordedRights)).toHaveLength(0);
  });
});
