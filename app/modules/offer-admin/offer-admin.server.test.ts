import fs from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, cities, images, neighbourhoods, offerImages, offers, offerStatuses, propertyTypes, stagedImages, unitTypes } from "~/db/schema.ts";
import { settleImageWork, stageImage } from "~/modules/images/images.server.ts";
import { imagesDir } from "../../../tests/factories/storage.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { deleteOffer, getOfferForEdit, listAdminOffers, OFFER_PHOTOS_UNAVAILABLE, OfferInputError, saveOffer, sweepStagedImages } from "./offer-admin.server.ts";
import { readToast } from "~/utils/toast.server.ts";
import { handleOfferDelete, handleOfferSave } from "./offer-admin-post.server.ts";
import { OFFER_FORM_MESSAGES } from "./offer-form-schema.ts";
import { OFFER_SAVER, parseOfferForm, useOfferSaving } from "../../../tests/factories/offer-admin.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";

const db = useTestDatabase();
const { dataDir, storage, services } = useOfferSaving(db, "offer-admin");

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
});

/** The user who uploads and saves in these tests. */
const me = OFFER_SAVER;
const ME = me.id;
/** A staged photo with all its files written: its AVIF variants follow the upload a moment later, and a deletion racing them would leave a file the checks below count. */
const photo = async (uploadedBy = ME) => {
  const image = await stageImage(db(), storage, jpeg, uploadedBy);
  await settleImageWork();
  return image;
};
const filesOf = (id: string) => fs.readdirSync(imagesDir(dataDir)).filter((f) => f.startsWith(id));
/** The request a browser sends next, carrying the cookie a response set (the one-time toast). */
const nextRequest = (response: Response) => new Request("http://localhost:3000/admin/offers", { headers: { cookie: response.headers.get("set-cookie")!.split(";")[0]! } });

const form = (overrides: Record<string, unknown>) => parseOfferForm({ ...VALID_OFFER, ...overrides });

/** How many offers the database holds. */
async function countOffers() {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(offers);
  return row!.n;
}

describe("saving an offer", () => {
  it("adds the offer, its units and its photos in order, and claims the uploaded photos", async () => {
    const [main, other] = [await photo(), await photo()];
    const units = [
      { id: "u1", type: "شقة كبيرة", description: "", floor: "1", area: 180, bedrooms: 4, bathrooms: 3 },
      { id: "u2", type: "مكتب", description: "مكتب تجاري", floor: "3-7", area: 90, bedrooms: 0, bathrooms: 1 },
    ];
    const saved = await saveOffer(db(), storage, form({ title: "عمارة الأعمال", propertyType: "عمارة", units, photos: [main.id, other.id] }), { user: me });
    expect(saved).toEqual({ id: expect.any(Number) as unknown, created: true });
    const offer = await getOfferForEdit(db(), saved!.id);
    expect(offer?.title).toBe("عمارة الأعمال");
    expect(offer?.units.map((u) => u.floor)).toEqual(["1", "3-7"]);
    expect(offer?.photos.map((p) => p.id)).toEqual([main.id, other.id]);
    expect(await db().select().from(stagedImages).where(eq(stagedImages.imageId, main.id))).toEqual([]);
    const list = await listAdminOffers(db());
    expect(list.rows[0]).toMatchObject({ id: saved!.id, title: "عمارة الأعمال", thumbnail: { id: main.id } });
  });

  it("adds 'other' city, neighbourhood, type, status and unit type to their lists once; blank ones are ignored", async () => {
    const values = { city: "النماص", location: "حي السحاب", propertyType: "استراحة", status: "قيد الإنشاء", units: [{ id: "u1", type: " جناح فندقي ", floor: "", area: 40 }] };
    await saveOffer(db(), storage, form({ ...values, photos: [(await photo()).id] }), { user: me });
    await saveOffer(db(), storage, form({ ...values, photos: [(await photo()).id] }), { user: me });
    const choices = await listOfferFormChoices(db());
    expect(choices.cities.filter((c) => c.name === "النماص")).toEqual([{ name: "النماص", neighbourhoods: ["حي السحاب"] }]);
    expect(choices.cities.at(-1)?.name).toBe("النماص"); // new values go to the end of the list
    expect(choices.propertyTypes.filter((t) => t === "استراحة")).toHaveLength(1);
    expect(choices.statuses.filter((t) => t === "قيد الإنشاء")).toHaveLength(1);
    expect(choices.unitTypes.filter((t) => t === "جناح فندقي")).toHaveLength(1);

    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(neighbourhoods);
    await saveOffer(db(), storage, form({ city: "الرياض", location: "", photos: [(await photo()).id] }), { user: me });
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(neighbourhoods),
    ).toEqual(before);
  });

  it("an ad licence given, renewed or removed is in the audit log: old → new, who", async () => {
    const licenceEntries = async (id: number) =>
      (await db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id))
        .filter((e) => e.entity === "offer" && e.action === "ad-licence-change")
        .map((e) => [e.actorName, e.details]);
    const { id } = (await saveOffer(db(), storage, form({ photos: [(await photo()).id] }), { user: me }))!;
    const photos = (await db().select({ id: offerImages.imageId }).from(offerImages).where(eq(offerImages.offerId, id))).map((r) => r.id);
    // The same licence saved again (another field changed) adds nothing.
    await saveOffer(db(), storage, form({ title: "عنوان آخر", photos }), { id, user: me });
    await saveOffer(db(), storage, form({ photos, adLicence: { ...VALID_OFFER.adLicence, number: "7100000002", expiresOn: "2100-06-30" } }), { id, user: me });
    await saveOffer(db(), storage, form({ photos, status: "مباع", adLicence: { number: "", issuedOn: "", expiresOn: "", capacity: "" } }), { id, user: me });
    expect(await licenceEntries(id)).toEqual([
      ["سارة", { from: null, to: { number: "7100000001", expiresOn: "2099-12-31" } }],
      ["سارة", { from: { number: "7100000001", expiresOn: "2099-12-31" }, to: { number: "7100000002", expiresOn: "2100-06-30" } }],
      ["سارة", { from: { number: "7100000002", expiresOn: "2100-06-30" }, to: null }],
    ]);
  });

  it("edits in place: new values, new photo order, and a dropped photo is deleted with its files", async () => {
    const [a, b, c] = [await photo(), await photo(), await photo()];
    const { id } = (await saveOffer(db(), storage, form({ photos: [a.id, b.id] }), { user: me }))!;
    expect(filesOf(a.id).length).toBeGreaterThan(0);
    const edited = await saveOffer(db(), storage, form({ title: "فيلا بعد التعديل", price: "1900000", photos: [c.id, b.id] }), { id, user: me });
    expect(edited).toEqual({ id, created: false });
    const offer = await getOfferForEdit(db(), id);
    expect([offer?.title, offer?.price, offer?.photos.map((p) => p.id)]).toEqual(["فيلا بعد التعديل", 1_900_000, [c.id, b.id]]);
    expect(await db().select().from(images).where(eq(images.id, a.id))).toEqual([]);
    expect(filesOf(a.id)).toEqual([]);
    expect(filesOf(b.id).length).toBeGreaterThan(0);
  });

  it("refuses another offer's photos and photos that were never uploaded", async () => {
    const mine = await photo();
    const { id: otherId } = (await saveOffer(db(), storage, form({ photos: [mine.id] }), { user: me }))!;
    await expect(saveOffer(db(), storage, form({ photos: [mine.id] }), { user: me })).rejects.toBeInstanceOf(OfferInputError);
    await expect(saveOffer(db(), storage, form({ photos: ["f".repeat(32)] }), { user: me })).rejects.toBeInstanceOf(OfferInputError);
    // Uploaded by the same person for the content editor: the content's pool is not the offers'.
    const contentImage = await stageImage(db(), storage, jpeg, ME, "content");
    await expect(saveOffer(db(), storage, form({ photos: [contentImage.id] }), { user: me })).rejects.toBeInstanceOf(OfferInputError);
    expect(await db().select().from(stagedImages).where(eq(stagedImages.imageId, contentImage.id))).toHaveLength(1);
    expect((await getOfferForEdit(db(), otherId))?.photos.map((p) => p.id)).toEqual([mine.id]);
  });

  it("claims only photos the same user staged: another user's staged photo is refused and stays theirs", async () => {
    const theirs = await photo(2);
    const mine = await photo();
    const before = await countOffers();
    const refused = await saveOffer(db(), storage, form({ photos: [mine.id, theirs.id] }), { user: me }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OfferInputError);
    expect((refused as OfferInputError).errors).toEqual({ photos: OFFER_PHOTOS_UNAVAILABLE });
    expect(await countOffers()).toBe(before);
    // Nothing was claimed: both still wait for their own uploader.
    expect(
      await db()
        .select({ id: stagedImages.imageId, by: stagedImages.uploadedBy })
        .from(stagedImages)
        .where(inArray(stagedImages.imageId, [mine.id, theirs.id])),
    ).toEqual(
      expect.arrayContaining([
        { id: mine.id, by: ME },
        { id: theirs.id, by: 2 },
      ]),
    );
    // Editing an offer cannot pull it in either.
    const { id } = (await saveOffer(db(), storage, form({ photos: [mine.id] }), { user: me }))!;
    await expect(saveOffer(db(), storage, form({ photos: [mine.id, theirs.id] }), { id, user: me })).rejects.toBeInstanceOf(OfferInputError);
    expect((await getOfferForEdit(db(), id))?.photos.map((p) => p.id)).toEqual([mine.id]);
    // Its uploader can use it.
    expect(await saveOffer(db(), storage, form({ photos: [theirs.id] }), { user: { id: 2, name: "خالد" } })).toMatchObject({ created: true });
  });

  it("the save answers another user's staged photo with the photos field message", async () => {
    const theirs = await photo(2);
    const answer = await handleOfferSave(services(), me, offerFormData({ ...VALID_OFFER, photos: [theirs.id] }));
    if (answer instanceof Response) throw new Error("saved");
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({ "": [OFFER_FORM_MESSAGES.fixErrors], photos: [OFFER_PHOTOS_UNAVAILABLE] });
    expect(answer.data.initialValue).toMatchObject({ title: VALID_OFFER.title }); // what was typed comes back
  });

  it("the save goes back to the list with its message, once: added, then updated; an unknown offer is refused", async () => {
    const added = await handleOfferSave(services(), me, offerFormData({ ...VALID_OFFER, title: "عرض من النموذج", photos: [(await photo()).id] }));
    if (!(added instanceof Response)) throw new Error(JSON.stringify(added.data));
    expect([added.status, added.headers.get("location")]).toEqual([302, "/admin/offers"]);
    expect((await readToast(nextRequest(added), services().env)).toast).toEqual({ tone: "success", text: OFFER_FORM_MESSAGES.added });
    const [saved] = await db().select({ id: offers.id }).from(offers).where(eq(offers.title, "عرض من النموذج"));
    const photos = (await getOfferForEdit(db(), saved!.id))!.photos.map((p) => p.id);
    const updated = await handleOfferSave(services(), me, offerFormData({ ...VALID_OFFER, title: "عرض بعد التعديل", photos }), String(saved!.id));
    if (!(updated instanceof Response)) throw new Error(JSON.stringify(updated.data));
    expect((await readToast(nextRequest(updated), services().env)).toast).toEqual({ tone: "success", text: OFFER_FORM_MESSAGES.updated });
    expect((await getOfferForEdit(db(), saved!.id))?.title).toBe("عرض بعد التعديل");

    for (const id of ["999999", "0", "abc"]) {
      const refused = await handleOfferSave(services(), me, offerFormData({ ...VALID_OFFER, photos }), id);
      if (refused instanceof Response) throw new Error("saved");
      expect([refused.init?.status, refused.data.error?.[""]]).toEqual([404, [OFFER_FORM_MESSAGES.saveFailed]]);
    }
  });

  it("the save refuses a form the schema refuses: each field's message and the summary, 400", async () => {
    const answer = await handleOfferSave(services(), me, offerFormData({ ...VALID_OFFER, title: " ", photos: [] }));
    if (answer instanceof Response) throw new Error("saved");
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({
      "": [OFFER_FORM_MESSAGES.fixErrors],
      title: [OFFER_FORM_MESSAGES.titleRequired],
      photos: [OFFER_FORM_MESSAGES.mainPhotoRequired],
    });
  });

  it("two saves claiming the same staged photo at once: one wins, the other is refused", async () => {
    const p = await photo();
    const results = await Promise.allSettled([saveOffer(db(), storage, form({ photos: [p.id] }), { user: me }), saveOffer(db(), storage, form({ photos: [p.id] }), { user: me })]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: expect.any(OfferInputError) as unknown });
    expect(await db().select().from(offerImages).where(eq(offerImages.imageId, p.id))).toHaveLength(1);
  });

  it("an unknown offer to edit saves nothing", async () => {
    const p = await photo();
    expect(await saveOffer(db(), storage, form({ photos: [p.id] }), { id: 999_999, user: me })).toBeNull();
    expect(await db().select().from(stagedImages).where(eq(stagedImages.imageId, p.id))).toHaveLength(1);
  });

  it("a save that fails half-way leaves nothing behind: no offer, no list additions, the photos still waiting", async () => {
    // A real failure inside the transaction, after the lookup values were added.
    await db().execute(sql`create function fail_offer() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db().execute(sql`create trigger fail_offer before insert on offer_images for each row execute function fail_offer()`);
    const p = await photo();
    const before = await countOffers();
    try {
      await expect(saveOffer(db(), storage, form({ city: "مدينة الفشل", propertyType: "نوع الفشل", status: "حالة الفشل", photos: [p.id] }), { user: me })).rejects.toThrow(
        /offer_images/,
      );
    } finally {
      await db().execute(sql`drop trigger fail_offer on offer_images; drop function fail_offer()`);
    }
    expect(await countOffers()).toBe(before);
    expect(await db().select().from(cities).where(eq(cities.name, "مدينة الفشل"))).toEqual([]);
    expect(await db().select().from(propertyTypes).where(eq(propertyTypes.name, "نوع الفشل"))).toEqual([]);
    expect(await db().select().from(offerStatuses).where(eq(offerStatuses.name, "حالة الفشل"))).toEqual([]);
    expect(await db().select().from(stagedImages).where(eq(stagedImages.imageId, p.id))).toHaveLength(1);

    // Never saved: the daily sweep deletes it, rows and files.
    expect(filesOf(p.id).length).toBeGreaterThan(0);
    await db()
      .update(stagedImages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(stagedImages.imageId, p.id));
    expect(await sweepStagedImages(db(), storage)).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(images).where(eq(images.id, p.id))).toEqual([]);
    expect(filesOf(p.id)).toEqual([]);
  });

  it("the sweep leaves recent uploads alone", async () => {
    const p = await photo();
    await sweepStagedImages(db(), storage);
    expect(await db().select().from(images).where(eq(images.id, p.id))).toHaveLength(1);
  });
});

describe("deleting an offer", () => {
  it("removes the offer, its photo rows and files", async () => {
    const [a, b] = [await photo(), await photo()];
    const { id } = (await saveOffer(db(), storage, form({ photos: [a.id, b.id] }), { user: me }))!;
    expect(await deleteOffer(db(), storage, id)).toBe(true);
    expect(await getOfferForEdit(db(), id)).toBeNull();
    expect(await db().select().from(offerImages).where(eq(offerImages.offerId, id))).toEqual([]);
    expect(await db().select().from(images).where(eq(images.id, a.id))).toEqual([]);
    expect([...filesOf(a.id), ...filesOf(b.id)]).toEqual([]);
    expect(await deleteOffer(db(), storage, id)).toBe(false);
  });

  it("from the list: back to the page it was on with the deleted message; an offer already gone or a bad request is said so", async () => {
    const { id } = (await saveOffer(db(), storage, form({ photos: [(await photo()).id] }), { user: me }))!;
    const post = (fields: Record<string, string | undefined>) => offerFormData(fields);
    const deleted = await handleOfferDelete(services(), me, post({ intent: "delete", id: String(id) }), "/admin/offers?page=2");
    if (!(deleted instanceof Response)) throw new Error(JSON.stringify(deleted.data));
    expect([deleted.status, deleted.headers.get("location")]).toEqual([302, "/admin/offers?page=2"]);
    expect((await readToast(nextRequest(deleted), services().env)).toast).toEqual({ tone: "success", text: OFFER_FORM_MESSAGES.deleted });
    expect(await getOfferForEdit(db(), id)).toBeNull();

    const again = await handleOfferDelete(services(), me, post({ intent: "delete", id: String(id) }), "/admin/offers");
    if (again instanceof Response) throw new Error("deleted twice");
    expect([again.init?.status, again.data.error?.[""]]).toEqual([404, [OFFER_FORM_MESSAGES.offerGone]]);
    for (const fields of [{ intent: "delete", id: "x" }, { intent: "archive", id: String(id) }, {}]) {
      const refused = await handleOfferDelete(services(), me, post(fields), "/admin/offers");
      if (refused instanceof Response) throw new Error("deleted");
      expect([refused.init?.status, refused.data.error?.[""]]).toEqual([400, [OFFER_FORM_MESSAGES.invalidRequest]]);
    }
  });
});

it("unit types are listed for the unit form", async () => {
  const choices = await listOfferFormChoices(db());
  expect(choices.unitTypes.slice(0, 2)).toEqual(["شقة كبيرة", "شقة صغيرة"]);
  expect(await db().select().from(unitTypes)).not.toHaveLength(0);
});
