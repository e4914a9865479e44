import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { offerStatuses, offers, settings } from "~/db/schema.ts";
import { stageImage } from "~/modules/images/images.server.ts";
import { OFFER_SAVER, parseOfferForm, useOfferSaving } from "../../../tests/factories/offer-admin.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { requireAdLicence } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { EMPTY_DISCLOSURES, licenceEndsAt } from "~/modules/ad-licences/ad-licence.ts";
import { AD_LICENCE_MESSAGES } from "~/modules/ad-licences/ad-licence-form.ts";
import { handleOfferSave } from "./offer-admin-post.server.ts";
import { getOfferForEdit, listAdminOffers, listLicencesNeedingAttention, OfferInputError, saveOffer } from "./offer-admin.server.ts";
import { OFFER_FORM_MESSAGES, offerFormValues } from "./offer-form-schema.ts";

const db = useTestDatabase();
const { storage, services } = useOfferSaving(db, "ad-licence");
/** The member who saves (a real row: a status change leaves an audit entry naming them). */
const me = OFFER_SAVER;

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#579" } })
    .jpeg()
    .toBuffer();
});

const photo = async () => (await stageImage(db(), storage, jpeg, me.id)).id;
const riyadh = (wall: string) => new Date(`${wall}+03:00`);
/** The clock of these tests: 23 November 2026, 10:00 in Riyadh. */
const NOW = riyadh("2026-11-23T10:00:00");

/** The form as posted, through the one parser: its value (the browser's checks passed). */
const form = async (overrides: Record<string, unknown>) => parseOfferForm({ ...VALID_OFFER, photos: [await photo()], ...overrides });

const NO_LICENCE = {};
const licence = (issuedOn: string, expiresOn: string) => ({ number: "7200123456", issuedOn, expiresOn, capacity: "broker" });

const countOffers = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(offers)
  )[0]!.n;

/** What a save refused: the messages per field. */
async function refusal(save: Promise<unknown>): Promise<Record<string, string>> {
  const error = await save.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof OfferInputError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.errors;
}

describe("publishing needs a licence in force while the settings require it", () => {
  beforeEach(() => requireAdLicence(db(), true));

  it("a for-sale or for-rent offer without a licence is refused on the licence number field, and nothing is saved", async () => {
    const before = await countOffers();
    expect(await refusal(saveOffer(db(), storage, await form({ adLicence: NO_LICENCE }), { user: me, now: NOW }))).toEqual({
      "adLicence.number": AD_LICENCE_MESSAGES.requiredToPublish,
    });
    // A status typed as "other" that is not in the list yet is not added either: the whole save rolled back.
    expect(await refusal(saveOffer(db(), storage, await form({ adLicence: NO_LICENCE, status: "للإيجار", rentPeriod: "yearly" }), { user: me, now: NOW }))).toEqual({
      "adLicence.number": AD_LICENCE_MESSAGES.requiredToPublish,
    });
    expect(await countOffers()).toBe(before);
  });

  it("an expired licence is refused; the licence holds through its last day in Riyadh and ends at midnight", async () => {
    const expired = await refusal(saveOffer(db(), storage, await form({ adLicence: licence("2025-11-01", "2026-11-22") }), { user: me, now: NOW }));
    expect(expired).toEqual({ "adLicence.number": AD_LICENCE_MESSAGES.expiredToPublish, "adLicence.expiresOn": AD_LICENCE_MESSAGES.expiredDate });

    // Expiring today: still in force until 23:59:59 Riyadh time.
    const lastDay = await form({ adLicence: licence("2025-11-01", "2026-11-23") });
    expect(await saveOffer(db(), storage, lastDay, { user: me, now: riyadh("2026-11-23T23:59:59") })).toMatchObject({ created: true });
    const atMidnight = await form({ adLicence: licence("2025-11-01", "2026-11-23") });
    expect(await refusal(saveOffer(db(), storage, atMidnight, { user: me, now: riyadh("2026-11-24T00:00:00") }))).toMatchObject({
      "adLicence.number": AD_LICENCE_MESSAGES.expiredToPublish,
    });
  });

  it("editing an advertised offer whose licence has since expired is refused until it is renewed or its status changes", async () => {
    const saved = (await saveOffer(db(), storage, await form({ adLicence: licence("2026-01-01", "2026-11-30") }), { user: me, now: NOW }))!;
    const later = riyadh("2026-12-01T09:00:00");
    const offer = (await getOfferForEdit(db(), saved.id))!;
    const again = { ...offerFormValues(offer), photos: offer.photos.map((p) => p.id) };
    await expect(saveOffer(db(), storage, parseOfferForm(again), { id: saved.id, user: me, now: later })).rejects.toBeInstanceOf(OfferInputError);
    expect(await saveOffer(db(), storage, parseOfferForm({ ...again, status: "مباع" }), { id: saved.id, user: me, now: later })).toEqual({ id: saved.id, created: false });
    const renewed = { ...again, adLicence: { ...again.adLicence, issuedOn: "2026-12-01", expiresOn: "2027-11-30" } };
    expect(await saveOffer(db(), storage, parseOfferForm(renewed), { id: saved.id, user: me, now: later })).toEqual({ id: saved.id, created: false });
  });

  it("other statuses need no licence (sold, rented, a status of the firm's own)", async () => {
    for (const status of ["مباع", "مؤجر", "قيد الإنشاء"]) {
      expect(await saveOffer(db(), storage, await form({ adLicence: NO_LICENCE, status }), { user: me, now: NOW })).toMatchObject({ created: true });
    }
  });

  it("the status is judged as the list spells it: 'للايجار' typed as other is for rent, so needs a licence and a rent period", async () => {
    expect(await db().select().from(offerStatuses).where(eq(offerStatuses.name, "للإيجار"))).toHaveLength(1);
    // The schema did not see "للإيجار" (no rent period asked), the save does.
    expect(await refusal(saveOffer(db(), storage, await form({ status: "للايجار" }), { user: me, now: NOW }))).toEqual({ rentPeriod: AD_LICENCE_MESSAGES.rentPeriodRequired });
    expect(await refusal(saveOffer(db(), storage, await form({ status: "للايجار", adLicence: NO_LICENCE }), { user: me, now: NOW }))).toEqual({
      "adLicence.number": AD_LICENCE_MESSAGES.requiredToPublish,
      rentPeriod: AD_LICENCE_MESSAGES.rentPeriodRequired,
    });
  });

  it("the form's save answers the refusal under the licence number, with the summary, and gives back what was typed", async () => {
    const answer = await handleOfferSave(services(), me, offerFormData({ ...VALID_OFFER, adLicence: { capacity: "broker" }, photos: [await photo()] }));
    if (answer instanceof Response) throw new Error("saved");
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({ "": [OFFER_FORM_MESSAGES.fixErrors], "adLicence.number": [AD_LICENCE_MESSAGES.requiredToPublish] });
    expect(answer.data.initialValue).toMatchObject({ title: VALID_OFFER.title });
  });
});

describe("with the rule off", () => {
  beforeEach(() => requireAdLicence(db(), false));

  it("a for-sale offer without a licence saves, and so does one with an expired licence (public pages hide that one anyway)", async () => {
    expect(await saveOffer(db(), storage, await form({ adLicence: NO_LICENCE }), { user: me, now: NOW })).toMatchObject({ created: true });
    expect(await saveOffer(db(), storage, await form({ adLicence: licence("2025-01-01", "2025-12-31") }), { user: me, now: NOW })).toMatchObject({ created: true });
  });

  it("no settings row yet reads as the column's default: on", async () => {
    await db().delete(settings);
    await expect(saveOffer(db(), storage, await form({ adLicence: NO_LICENCE }), { user: me, now: NOW })).rejects.toBeInstanceOf(OfferInputError);
  });
});

describe("what is stored and loaded back", () => {
  beforeEach(() => requireAdLicence(db(), true));

  it("every licence field, the disclosures, the end moment and the rent period; the edit form starts from them", async () => {
    const adLicence = {
      number: "٧٢٠٠٩٩٩٨٨٨",
      issuedOn: "2026-03-01",
      expiresOn: "2027-02-28",
      capacity: "authorised",
      deedNumber: "310123456789",
      nationalAddress: "rrrd2929",
      disclosures: { disputes: "no", mortgage: "yes", mortgageDetails: "مرهون لمصرف الراجحي", unrecordedRights: "no", guarantees: "ضمان هيكلي", buildingCode: "no" },
    };
    const saved = (await saveOffer(db(), storage, await form({ status: "للإيجار", rentPeriod: "monthly", adLicence }), { user: me, now: NOW }))!;
    const [row] = await db().select().from(offers).where(eq(offers.id, saved.id));
    expect(row).toMatchObject({
      rentPeriod: "monthly",
      adLicenceNumber: "7200999888",
      adLicenceIssuedOn: "2026-03-01",
      adLicenceExpiresOn: "2027-02-28",
      adLicenceEndsAt: licenceEndsAt("2027-02-28"),
      advertiserCapacity: "authorised",
      deedNumber: "310123456789",
      nationalAddress: "RRRD2929",
      disclosures: { ...EMPTY_DISCLOSURES, mortgage: true, mortgageDetails: "مرهون لمصرف الراجحي", guarantees: "ضمان هيكلي", buildingCode: "no" },
    });
    expect(row!.adLicenceEndsAt!.toISOString()).toBe("2027-02-28T21:00:00.000Z"); // midnight in Riyadh after the last day

    const values = offerFormValues((await getOfferForEdit(db(), saved.id))!);
    expect(values).toMatchObject({
      status: "للإيجار",
      rentPeriod: "monthly",
      adLicence: {
        number: "7200999888",
        issuedOn: "2026-03-01",
        expiresOn: "2027-02-28",
        capacity: "authorised",
        nationalAddress: "RRRD2929",
        disclosures: { mortgage: "yes", mortgageDetails: "مرهون لمصرف الراجحي", disputes: "no", buildingCode: "no" },
      },
    });
  });

  it("a licence taken off an offer (a sold one) clears its dates and end moment; leaving for rent clears the rent period", async () => {
    const saved = (await saveOffer(db(), storage, await form({ status: "للإيجار", rentPeriod: "daily" }), { user: me, now: NOW }))!;
    await saveOffer(db(), storage, await form({ status: "مؤجر", rentPeriod: "daily", adLicence: NO_LICENCE }), { id: saved.id, user: me, now: NOW });
    const [row] = await db().select().from(offers).where(eq(offers.id, saved.id));
    expect(row).toMatchObject({ status: "مؤجر", rentPeriod: "", adLicenceNumber: "", adLicenceExpiresOn: null, adLicenceEndsAt: null });
  });
});

describe("the back office's licence badge and the dashboard's list", () => {
  it("the list's rows carry the licence state now: valid, expiring within 14 days, expired, missing", async () => {
    await db().delete(offers);
    const make = (title: string, expiresOn: string | null, status = "للبيع") =>
      createOffer(db(), {
        title,
        status,
        adLicenceNumber: expiresOn ? "7200000001" : "",
        adLicenceExpiresOn: expiresOn,
        adLicenceEndsAt: expiresOn ? licenceEndsAt(expiresOn) : null,
        createdAt: NOW,
      });
    const valid = await make("ساري", "2027-06-30");
    const expiring = await make("ينتهي", "2026-12-06"); // ends 7 Dec 00:00 Riyadh: 13.6 days after NOW
    const edge = await make("بعد ١٤ يومًا بقليل", "2026-12-07");
    const expired = await make("منتهٍ", "2026-11-22");
    const missing = await make("بلا ترخيص", null);
    const sold = await make("مباع بلا ترخيص", null, "مباع");
    const soldExpired = await make("مباع منتهٍ", "2026-01-01", "مباع");

    const { rows } = await listAdminOffers(db(), { sort: "new", page: 1 }, NOW);
    const stateOf = (id: number) => rows.find((row) => row.id === id)?.licence;
    expect([valid, expiring, edge, expired, missing, sold].map((offer) => stateOf(offer.id))).toEqual(["valid", "expiring", "valid", "expired", "missing", "missing"]);

    // The dashboard: advertised offers only, ended and missing first, then the soonest to end.
    const attention = await listLicencesNeedingAttention(db(), NOW);
    expect(attention.total).toBe(3);
    expect(attention.rows.map((row) => [row.title, row.state])).toEqual([
      ["منتهٍ", "expired"],
      ["بلا ترخيص", "missing"],
      ["ينتهي", "expiring"],
    ]);
    expect(attention.rows.map((row) => row.id)).not.toContain(soldExpired.id);
  });
});
