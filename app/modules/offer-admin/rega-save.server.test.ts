import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { offers } from "~/db/schema.ts";
import { stageImage } from "~/modules/images/images.server.ts";
import { OFFER_SAVER, useOfferSaving } from "../../../tests/factories/offer-admin.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { FAKE_REGA_CREDENTIALS, startFakeRega, type FakeRega } from "../../../tests/setup/fake-rega.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { AD_LICENCE_MESSAGES } from "~/modules/ad-licences/ad-licence-form.ts";
import { REGA_VERDICT_MESSAGES } from "~/modules/ad-licences/rega-verification.server.ts";
import { REGA_MESSAGES } from "~/modules/ad-licences/rega.server.ts";
import { handleOfferSave } from "./offer-admin-post.server.ts";
import { listAdminOffers, listLicencesNeedingAttention } from "./offer-admin.server.ts";
import { handleLicenceCheck } from "./offer-licence-check.server.ts";
import { OFFER_FORM_MESSAGES } from "./offer-form-schema.ts";

const db = useTestDatabase();
const { storage, services: servicesOff } = useOfferSaving(db, "rega-save");
const me = OFFER_SAVER;

let fake: FakeRega;
let jpeg: Buffer;
beforeAll(async () => {
  fake = await startFakeRega();
  jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#579" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => fake.close());

/** The app's services with REGA configured: the fake REGA server's address and credentials, through the env as in production. */
const services = (): AppServices => {
  const off = servicesOff();
  return { ...off, env: { ...off.env, REGA_API_URL: fake.url, ...FAKE_REGA_CREDENTIALS } };
};
const photo = async () => (await stageImage(db(), storage, jpeg, me.id)).id;
const post = async (adLicence: Record<string, string>, more: Record<string, unknown> = {}) =>
  offerFormData({ ...VALID_OFFER, photos: [await photo()], adLicence: { issuedOn: "2026-01-01", expiresOn: "2099-12-31", capacity: "broker", ...adLicence }, ...more });
const valid = { kind: "valid", creationDate: "2026-01-01", endDate: "2099-12-31" } as const;

/** The refusal of a save: its messages per field, and what it gives back to the form. */
async function refused(answer: Awaited<ReturnType<typeof handleOfferSave>>) {
  if (answer instanceof Response) throw new Error("saved");
  expect(answer.init?.status).toBe(400);
  return answer.data;
}
const lastOffer = async () => (await db().select().from(offers).orderBy(offers.id)).at(-1);
const idFromRedirect = async () => (await lastOffer())!.id;

beforeEach(async () => {
  fake.answers.clear();
  fake.requests.length = 0;
  await db().delete(offers);
  await setSettings(db(), { commercialRegistration: "1010123456", requireAdLicence: true });
});

describe("saving an offer while REGA is configured (decision 047)", () => {
  it("a licence REGA does not know is refused on its field, nothing saved, everything typed given back", async () => {
    const data = await refused(await handleOfferSave(services(), me, await post({ number: "7200009999" })));
    expect(data.error).toEqual({ "": [OFFER_FORM_MESSAGES.fixErrors], "adLicence.number": [REGA_VERDICT_MESSAGES.unknown] });
    expect(data.initialValue).toMatchObject({ title: VALID_OFFER.title, adLicence: { number: "7200009999" } });
    expect(await lastOffer()).toBeUndefined();
    expect(fake.requests[0]!.query).toEqual({ adLicenseNumber: "7200009999", advertiserId: "1010123456", idType: "2" });
  });

  it("a licence REGA confirms is saved as verified; saved again unchanged REGA is not asked; a new number is asked again", async () => {
    fake.answers.set("7200000001", valid);
    expect(await handleOfferSave(services(), me, await post({ number: "7200000001" }))).toBeInstanceOf(Response);
    const id = await idFromRedirect();
    expect((await lastOffer())!.adLicenceVerifiedAt).toBeInstanceOf(Date);
    expect(fake.requests).toHaveLength(1);
    expect(await handleOfferSave(services(), me, await post({ number: "7200000001" }), String(id))).toBeInstanceOf(Response);
    expect(fake.requests).toHaveLength(1);
    // A number REGA does not know, on an edit: refused, and the stored offer keeps its verified licence.
    expect((await refused(await handleOfferSave(services(), me, await post({ number: "7200000002" }), String(id)))).error).toMatchObject({
      "adLicence.number": [REGA_VERDICT_MESSAGES.unknown],
    });
    expect(await lastOffer()).toMatchObject({ adLicenceNumber: "7200000001" });
  });

  it("cancelled or REGA failing: refused for an offer that advertises; a sold record saves unverified", async () => {
    fake.answers.set("7200000003", { kind: "cancelled", creationDate: "2026-01-01", endDate: "2099-12-31" });
    fake.answers.set("7200000500", { kind: "error", status: 500 });
    expect((await refused(await handleOfferSave(services(), me, await post({ number: "7200000003" })))).error).toMatchObject({
      "adLicence.number": [REGA_VERDICT_MESSAGES.cancelled],
    });
    expect((await refused(await handleOfferSave(services(), me, await post({ number: "7200000500" })))).error).toMatchObject({
      "adLicence.number": [REGA_MESSAGES.unreachable],
    });
    expect(await handleOfferSave(services(), me, await post({ number: "7200000003" }, { status: "مباع" }))).toBeInstanceOf(Response);
    expect(await lastOffer()).toMatchObject({ adLicenceNumber: "7200000003", adLicenceVerifiedAt: null });
  });

  it("a licence the nightly check took away stays off the site when saved unchanged, and says why; REGA off changes nothing of that", async () => {
    fake.answers.set("7200000001", valid);
    expect(await handleOfferSave(services(), me, await post({ number: "7200000001" }))).toBeInstanceOf(Response);
    const id = await idFromRedirect();
    const gone = new Date(Date.now() - 60_000);
    await db().update(offers).set({ adLicenceWithdrawn: "cancelled", adLicenceEndsAt: gone }).where(eq(offers.id, id));
    // The back office's badge and the dashboard's list say it ended, though its expiry date is years ahead.
    expect((await listAdminOffers(db())).rows.find((r) => r.id === id)).toMatchObject({ licence: "expired" });
    expect((await listLicencesNeedingAttention(db())).rows).toMatchObject([{ id, state: "expired" }]);
    fake.answers.set("7200000001", { kind: "cancelled", creationDate: "2026-01-01", endDate: "2099-12-31" });
    expect((await refused(await handleOfferSave(services(), me, await post({ number: "7200000001" }), String(id)))).error).toMatchObject({
      "adLicence.number": [REGA_VERDICT_MESSAGES.cancelled],
    });
    expect((await refused(await handleOfferSave(servicesOff(), me, await post({ number: "7200000001" }), String(id)))).error).toMatchObject({
      "adLicence.number": [REGA_VERDICT_MESSAGES.cancelled],
    });
    // As a sold record it saves, still hidden (its end moment kept).
    expect(await handleOfferSave(servicesOff(), me, await post({ number: "7200000001" }, { status: "مباع" }), String(id))).toBeInstanceOf(Response);
    expect((await lastOffer())!.adLicenceEndsAt).toEqual(gone);
    // REGA confirms it again: verified, and back on the site.
    fake.answers.set("7200000001", valid);
    expect(await handleOfferSave(services(), me, await post({ number: "7200000001" }), String(id))).toBeInstanceOf(Response);
    expect(await lastOffer()).toMatchObject({ adLicenceWithdrawn: "" });
    expect((await lastOffer())!.adLicenceEndsAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("REGA off: saving asks nothing (the licence as typed, decision 017)", async () => {
    expect(await handleOfferSave(servicesOff(), me, await post({ number: "7200009999" }))).toBeInstanceOf(Response);
    expect(fake.requests).toEqual([]);
  });
});

describe("«تحقق من الترخيص»", () => {
  const check = (number: string, on = true) => {
    const form = new FormData();
    form.set("number", number);
    return handleLicenceCheck(on ? services() : servicesOff(), form);
  };

  it("gives the form what REGA knows (Arabic-Indic digits and spaces read), or says why not in Arabic", async () => {
    fake.answers.set("7200000001", { ...valid, deedNumber: "310987654321", planNumber: "3421", landNumber: "17" });
    expect(await check("٧٢٠٠ ٠٠٠ ٠٠١")).toEqual({
      ok: true,
      message: REGA_VERDICT_MESSAGES.valid,
      licence: { number: "7200000001", issuedOn: "2026-01-01", expiresOn: "2099-12-31", deedNumber: "310987654321", planNumber: "3421", plotNumber: "17" },
    });
    expect(await check("7200009999")).toEqual({ ok: false, message: REGA_VERDICT_MESSAGES.unknown });
    expect(await check("")).toEqual({ ok: false, message: REGA_VERDICT_MESSAGES.numberRequired });
    expect(await check("72-abc")).toEqual({ ok: false, message: AD_LICENCE_MESSAGES.numberInvalid });
    expect(await check("7200000001", false)).toEqual({ ok: false, message: REGA_MESSAGES.off });
    expect(await handleLicenceCheck(services(), null)).toEqual({ ok: false, message: REGA_VERDICT_MESSAGES.numberRequired });
  });
});
