import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/utils/form-submission.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { EMPTY_DISCLOSURES } from "./ad-licence.ts";
import { AD_LICENCE_MESSAGES, adLicenceFormValues, readLicenceDate } from "./ad-licence-form.ts";
import { offerFormSchema, offerFormValues } from "~/modules/offer-admin/offer-form-schema.ts";

/** The offer form as the browser posts it, with this licence section (and any other change). */
function parse(adLicence: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const submission = parseSubmission(offerFormData({ ...VALID_OFFER, adLicence, ...overrides }), offerFormSchema);
  return submission.status === "success" ? { ok: true as const, data: submission.value } : { ok: false as const, errors: submission.error };
}

const LICENCE = { number: "7200123456", issuedOn: "2026-01-10", expiresOn: "2027-01-09", capacity: "broker" };

describe("the offer form's ad licence section", () => {
  it("reads a complete licence: Arabic-Indic digits become ASCII, the national address is upper-cased, the disclosures are booleans", () => {
    const result = parse({
      number: "٧٢٠٠ ١٢٣ ٤٥٦",
      issuedOn: "٢٠٢٦-٠١-١٠",
      expiresOn: "2027-01-09",
      capacity: "owner",
      deedNumber: "٣١٠١٢٣٤٥٦٧٨٩",
      nationalAddress: " rrrd٢٩٢٩ ",
      disclosures: { disputes: "no", mortgage: "yes", mortgageDetails: " مرهون لدى بنك محلي ", guarantees: "ضمان هيكلي", buildingCode: "yes" },
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        adLicence: {
          number: "7200123456",
          issuedOn: "2026-01-10",
          expiresOn: "2027-01-09",
          capacity: "owner",
          deedNumber: "310123456789",
          nationalAddress: "RRRD2929",
          disclosures: { ...EMPTY_DISCLOSURES, mortgage: true, mortgageDetails: "مرهون لدى بنك محلي", guarantees: "ضمان هيكلي", buildingCode: "yes" },
        },
      },
    });
  });

  it("no licence at all is a valid form (the server decides whether the status needs one)", () => {
    const result = parse({});
    expect(result).toMatchObject({ ok: true, data: { adLicence: { number: "", issuedOn: null, expiresOn: null, capacity: "", disclosures: EMPTY_DISCLOSURES } } });
  });

  it("a licence number is digits only", () => {
    for (const number of ["72-00A", "رقم", "1".repeat(21)]) {
      expect(parse({ ...LICENCE, number })).toEqual({ ok: false, errors: { "adLicence.number": [AD_LICENCE_MESSAGES.numberInvalid] } });
    }
  });

  it("the expiry must come after the issue date; a day that does not exist is refused", () => {
    expect(parse({ ...LICENCE, expiresOn: "2026-01-09" })).toEqual({ ok: false, errors: { "adLicence.expiresOn": [AD_LICENCE_MESSAGES.expiryBeforeIssue] } });
    expect(parse({ ...LICENCE, expiresOn: "2026-01-10" })).toEqual({ ok: false, errors: { "adLicence.expiresOn": [AD_LICENCE_MESSAGES.expiryBeforeIssue] } });
    expect(parse({ ...LICENCE, expiresOn: "2026-01-11" }).ok).toBe(true);
    expect(parse({ ...LICENCE, issuedOn: "2026-02-30" })).toEqual({ ok: false, errors: { "adLicence.issuedOn": [AD_LICENCE_MESSAGES.dateInvalid] } });
    expect([readLicenceDate("2028-02-29"), readLicenceDate("2027-02-29"), readLicenceDate("10/01/2026"), readLicenceDate("")]).toEqual(["2028-02-29", null, null, ""]);
  });

  it("a licence half typed says what is missing: the number, each date, the advertiser's capacity", () => {
    expect(parse({ number: "7200123456" })).toEqual({
      ok: false,
      errors: {
        "adLicence.issuedOn": [AD_LICENCE_MESSAGES.issuedRequired],
        "adLicence.expiresOn": [AD_LICENCE_MESSAGES.expiresRequired],
        "adLicence.capacity": [AD_LICENCE_MESSAGES.capacityRequired],
      },
    });
    expect(parse({ ...LICENCE, number: "" })).toEqual({ ok: false, errors: { "adLicence.number": [AD_LICENCE_MESSAGES.numberRequired] } });
    expect(parse({ ...LICENCE, capacity: "landlord" })).toEqual({ ok: false, errors: { "adLicence.capacity": [AD_LICENCE_MESSAGES.capacityRequired] } });
  });

  it("the national address short code is four Latin letters and four digits", () => {
    for (const nationalAddress of ["RRR2929", "RRRD292", "رررد2929", "RRRD29290", "2929RRRD"]) {
      expect(parse({ ...LICENCE, nationalAddress })).toEqual({ ok: false, errors: { "adLicence.nationalAddress": [AD_LICENCE_MESSAGES.nationalAddressInvalid] } });
    }
    expect(parse({ ...LICENCE, nationalAddress: "abcd 1234" })).toMatchObject({ ok: true, data: { adLicence: { nationalAddress: "ABCD1234" } } });
  });

  it("the deed number is optional, digits only", () => {
    expect(parse({ ...LICENCE, deedNumber: "" })).toMatchObject({ ok: true, data: { adLicence: { deedNumber: "" } } });
    expect(parse({ ...LICENCE, deedNumber: "صك 12" })).toEqual({ ok: false, errors: { "adLicence.deedNumber": [AD_LICENCE_MESSAGES.deedInvalid] } });
  });

  it("each yes needs its details; a no keeps none of what was typed", () => {
    const yes = { disputes: "yes", mortgage: "yes", unrecordedRights: "yes" };
    expect(parse({ ...LICENCE, disclosures: yes })).toEqual({
      ok: false,
      errors: {
        "adLicence.disclosures.disputesDetails": [AD_LICENCE_MESSAGES.detailsRequired],
        "adLicence.disclosures.mortgageDetails": [AD_LICENCE_MESSAGES.detailsRequired],
        "adLicence.disclosures.unrecordedRightsDetails": [AD_LICENCE_MESSAGES.detailsRequired],
      },
    });
    const result = parse({ ...LICENCE, disclosures: { disputes: "no", disputesDetails: "نزاع قديم", unrecordedRights: "yes", unrecordedRightsDetails: "حق مرور للجار" } });
    expect(result).toMatchObject({
      ok: true,
      data: { adLicence: { disclosures: { disputes: false, disputesDetails: "", unrecordedRights: true, unrecordedRightsDetails: "حق مرور للجار", buildingCode: "unknown" } } },
    });
  });

  it("a rent offer needs its rent period; any other status keeps none", () => {
    expect(parse(LICENCE, { status: "للإيجار" })).toEqual({ ok: false, errors: { rentPeriod: [AD_LICENCE_MESSAGES.rentPeriodRequired] } });
    expect(parse(LICENCE, { status: "للإيجار", rentPeriod: "weekly" })).toEqual({ ok: false, errors: { rentPeriod: [AD_LICENCE_MESSAGES.rentPeriodRequired] } });
    expect(parse(LICENCE, { status: "للإيجار", rentPeriod: "monthly" })).toMatchObject({ ok: true, data: { rentPeriod: "monthly" } });
    expect(parse(LICENCE, { status: "للبيع", rentPeriod: "monthly" })).toMatchObject({ ok: true, data: { rentPeriod: "" } });
  });

  it("a new offer starts with the firm as broker and every disclosure answered no; a stored licence comes back as typed", () => {
    expect(offerFormValues()).toMatchObject({
      rentPeriod: "",
      adLicence: { number: "", capacity: "broker", disclosures: { disputes: "no", mortgage: "no", unrecordedRights: "no", buildingCode: "unknown" } },
    });
    const stored = {
      number: "7200123456",
      issuedOn: "2026-01-10",
      expiresOn: "2027-01-09",
      capacity: "" as const,
      deedNumber: "",
      nationalAddress: "",
      disclosures: { ...EMPTY_DISCLOSURES, disputes: true, disputesDetails: "قضية" },
    };
    expect(adLicenceFormValues(stored)).toMatchObject({ number: "7200123456", issuedOn: "2026-01-10", capacity: "", disclosures: { disputes: "yes", disputesDetails: "قضية" } });
  });
});
