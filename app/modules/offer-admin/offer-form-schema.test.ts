import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/utils/form-submission.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { expandUnits, LAND_TYPE, normaliseFloor, OFFER_FORM_MESSAGES, offerFormSchema, offerFormValues } from "./offer-form-schema.ts";

/** The form as the browser posts it, through the one parser: the values, or each field's messages. */
function parseOfferForm(values: Record<string, unknown>) {
  const submission = parseSubmission(offerFormData(values), offerFormSchema);
  return submission.status === "success" ? { ok: true as const, data: submission.value } : { ok: false as const, errors: submission.error };
}

describe("the offer form schema", () => {
  it("accepts a complete offer and reads numbers, Arabic digits included", () => {
    const result = parseOfferForm(VALID_OFFER);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.price).toBe(2_450_000);
    expect(result.data.bedrooms).toBe(5);
    expect(result.data.details.facade).toEqual(["شمال", "غرب"]); // an unknown direction is dropped
    expect(result.data.details.streetWidth).toBe(20);
    expect(result.data.details.elevators).toBe(0); // missing number falls back to 0
    expect(result.data.details.driversRoom).toBe(true);
  });

  it("requires title, price, description and area, each with its message", () => {
    const result = parseOfferForm({ ...VALID_OFFER, title: "  ", price: "", description: "", area: undefined });
    expect(result).toEqual({
      ok: false,
      errors: expect.objectContaining({
        title: [OFFER_FORM_MESSAGES.titleRequired],
        price: [OFFER_FORM_MESSAGES.priceRequired],
        description: [OFFER_FORM_MESSAGES.descriptionRequired],
        area: [OFFER_FORM_MESSAGES.areaRequired],
      }) as unknown,
    });
  });

  it("a number that is not plain digits is refused with its field's message, never stored as another number", () => {
    // "1e20" used to be stored as 1 and "-5" as 0.
    const result = parseOfferForm({ ...VALID_OFFER, price: "1e20", area: "-5", bedrooms: "كثيرة", details: { ...VALID_OFFER.details, streetWidth: "−3", parking: "2.5" } });
    expect(result).toEqual({
      ok: false,
      errors: {
        price: [OFFER_FORM_MESSAGES.priceInvalid],
        area: [OFFER_FORM_MESSAGES.areaInvalid],
        bedrooms: [OFFER_FORM_MESSAGES.countInvalid],
        "details.streetWidth": [OFFER_FORM_MESSAGES.numberInvalid],
        "details.parking": [OFFER_FORM_MESSAGES.countInvalid],
      },
    });
    expect(parseOfferForm({ ...VALID_OFFER, price: -5 })).toEqual({ ok: false, errors: { price: [OFFER_FORM_MESSAGES.priceInvalid] } });
    expect(parseOfferForm({ ...VALID_OFFER, price: "99,999,999,999" })).toEqual({ ok: false, errors: { price: [OFFER_FORM_MESSAGES.priceInvalid] } });
    expect(parseOfferForm({ ...VALID_OFFER, units: [{ id: "u1", type: "مكتب", floor: "1", area: "1e3" }] })).toEqual({
      ok: false,
      errors: { "units[0].area": [OFFER_FORM_MESSAGES.areaInvalid] },
    });
  });

  it("numbers: Arabic-Indic digits and thousands separators are read, a blank optional number is 0", () => {
    const result = parseOfferForm({ ...VALID_OFFER, price: "١٬٢٥٠٬٠٠٠", area: "٤٥٠٫٥", bedrooms: "", details: { ...VALID_OFFER.details, parking: undefined } });
    expect(result.ok && [result.data.price, result.data.area, result.data.bedrooms, result.data.details.parking]).toEqual([1_250_000, 450.5, 0, 0]);
  });

  it("needs a main photo", () => {
    expect(parseOfferForm({ ...VALID_OFFER, photos: [] })).toEqual({ ok: false, errors: { photos: [OFFER_FORM_MESSAGES.mainPhotoRequired] } });
    expect(parseOfferForm({ ...VALID_OFFER, photos: ["../../etc/passwd"] }).ok).toBe(false);
  });

  it("locationUrl must be a web link when given", () => {
    expect(parseOfferForm({ ...VALID_OFFER, locationUrl: "not a link" })).toEqual({ ok: false, errors: { locationUrl: [OFFER_FORM_MESSAGES.locationUrlInvalid] } });
    expect(parseOfferForm({ ...VALID_OFFER, locationUrl: "javascript:alert(1)" }).ok).toBe(false);
    expect(parseOfferForm({ ...VALID_OFFER, locationUrl: "https://maps.google.com/?q=24.7,46.6" }).ok).toBe(true);
  });

  it("trims the values typed as 'other' and needs a type and a status", () => {
    const result = parseOfferForm({ ...VALID_OFFER, city: "  العلا  ", location: " حي   الورود ", propertyType: " " });
    expect(result).toEqual({ ok: false, errors: { propertyType: [OFFER_FORM_MESSAGES.typeRequired] } });
    const ok = parseOfferForm({ ...VALID_OFFER, city: "  العلا  ", location: " حي   الورود " });
    expect(ok.ok && [ok.data.city, ok.data.location]).toEqual(["العلا", "حي الورود"]);
  });

  it("land keeps no building: units, floors, elevators and building use are dropped", () => {
    const result = parseOfferForm({
      ...VALID_OFFER,
      propertyType: LAND_TYPE,
      details: { ...VALID_OFFER.details, elevators: "2" },
      units: [{ id: "u1", type: "شقة كبيرة", description: "", floor: "1", area: 100, bedrooms: 3, bathrooms: 2 }],
    });
    expect(result.ok && [result.data.units, result.data.floors, result.data.details.elevators, result.data.details.buildingType]).toEqual([[], "", 0, ""]);
  });

  it("checks every unit: type required, floor in one of the three forms", () => {
    const result = parseOfferForm({
      ...VALID_OFFER,
      units: [
        { id: "u1", type: " ", floor: "5" },
        { id: "u2", type: "مكتب", floor: "الأرضي" },
        { id: "u3", type: "مكتب", floor: "١، ٣، ٥" },
      ],
    });
    expect(result).toEqual({ ok: false, errors: { "units[0].type": [OFFER_FORM_MESSAGES.unitTypeRequired], "units[1].floor": [OFFER_FORM_MESSAGES.floorInvalid] } });
  });
});

describe("the offer form as the browser posts it", () => {
  it("one ticked direction and one photo are still lists; the map point's text is numbers; a box not ticked is false", () => {
    const form = offerFormData({ ...VALID_OFFER, isCorner: false, details: { facade: ["شرق"] }, coordinates: { lat: "24.7136", lng: "٤٦٫٦٧٥٣" } });
    const submission = parseSubmission(form, offerFormSchema);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect([submission.value.details.facade, submission.value.photos, submission.value.isCorner]).toEqual([["شرق"], ["a".repeat(32)], false]);
    expect(submission.value.coordinates).toEqual({ lat: 24.7136, lng: 46.6753 });
  });

  it("a map point that cannot be read, or half a point, is dropped rather than guessed", () => {
    const result = parseOfferForm({ ...VALID_OFFER, coordinates: { lat: "شمال", lng: "46.6" } });
    expect(result.ok && result.data.coordinates).toBeNull();
    const half = parseOfferForm({ ...VALID_OFFER, coordinates: { lat: "24.7" } });
    expect(half.ok && half.data.coordinates).toBeNull();
  });

  it("a stored offer's values go through the form unchanged", () => {
    const stored = {
      title: "عمارة تجارية",
      description: "عمارة على شارعين",
      price: 3_200_000,
      area: 600,
      propertyType: "عمارة",
      status: "للإيجار",
      city: "جدة",
      location: "الروضة",
      isCorner: true,
      bedrooms: 0,
      bathrooms: 6,
      floors: "4",
      locationUrl: "https://maps.google.com/?q=21.5,39.2",
      coordinates: { lat: 21.5, lng: 39.2 },
      rentPeriod: "monthly" as const,
      adLicence: {
        number: "7200123456",
        issuedOn: "2026-01-10",
        expiresOn: "2027-01-09",
        capacity: "authorised" as const,
        deedNumber: "310123456789",
        nationalAddress: "RRRD2929",
        disclosures: {
          disputes: false,
          disputesDetails: "",
          mortgage: true,
          mortgageDetails: "مرهون لدى بنك محلي",
          unrecordedRights: false,
          unrecordedRightsDetails: "",
          guarantees: "ضمان هيكلي عشر سنوات",
          buildingCode: "yes" as const,
        },
      },
      details: { ...parseOfferForm(VALID_OFFER).data!.details, facade: ["شمال"], elevators: 2, kitchen: true },
      units: [{ id: "u1", type: "مكتب", description: "مكتب مطل", floor: "1, 3", area: 80, bedrooms: 0, bathrooms: 1, orientation: "شمال" }],
    };
    const result = parseOfferForm({ ...offerFormValues(stored), photos: ["b".repeat(32)] });
    expect(result).toEqual({ ok: true, data: { ...stored, photos: ["b".repeat(32)] } });
  });

  it("a new offer starts as an apartment for sale in Riyadh at price 0", () => {
    expect(offerFormValues()).toMatchObject({ propertyType: "شقة", status: "للبيع", city: "الرياض", price: "0", area: "", units: [] });
  });
});

describe("unit floors and counts", () => {
  it.each([
    ["5", "5"],
    ["3-7", "3-7"],
    ["3 - 7", "3-7"],
    ["1, 3, 5", "1, 3, 5"],
    ["1,3,5", "1, 3, 5"],
    ["١، ٣، ٥", "1, 3, 5"],
    ["", ""],
    ["الأرضي", null],
    ["3-", null],
    ["1,,2", null],
  ])("floor %j → %j", (input, expected) => expect(normaliseFloor(input)).toBe(expected));

  it("a count creates that many units with numbered descriptions", () => {
    let n = 0;
    const id = () => `id${++n}`;
    const base = { type: "شقة صغيرة", description: "شقة مطلة", floor: "2", area: 90, bedrooms: 2, bathrooms: 1 };
    expect(expandUnits(base, 3, id).map((u) => [u.id, u.description])).toEqual([
      ["id1", "شقة مطلة (#١)"],
      ["id2", "شقة مطلة (#٢)"],
      ["id3", "شقة مطلة (#٣)"],
    ]);
    expect(expandUnits({ ...base, description: " " }, 2, id).map((u) => u.description)).toEqual(["وحدة #١", "وحدة #٢"]);
    expect(expandUnits(base, 1, id)).toEqual([{ ...base, id: "id6" }]);
    expect(expandUnits(base, 0, id)).toHaveLength(1); // at least one
    expect(expandUnits(base, Number.NaN, id)).toHaveLength(1);
    expect(expandUnits(base, 10_000, id)).toHaveLength(100); // bounded
  });
});
