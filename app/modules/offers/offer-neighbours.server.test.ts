import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import { stageImage } from "~/modules/images/images.server.ts";
import { OFFER_SAVER, parseOfferForm, useOfferSaving } from "../../../tests/factories/offer-admin.ts";
import { VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { saveOffer } from "~/modules/offer-admin/offer-admin.server.ts";
import { getOfferPage } from "./offers.server.ts";

/**
 * «العرض السابق» and «العرض التالي» of offers added in the back office (issue 16): the save path
 * stores created_at with microseconds; compared at millisecond precision an offer found itself
 * as its own newer neighbour, and the page showed no previous link.
 */
const db = useTestDatabase();
const { storage } = useOfferSaving(db, "offer-neighbours");
const me = OFFER_SAVER;

/** An offer added as the back office adds one: the offer form, parsed, through saveOffer. */
async function addOffer(title: string): Promise<number> {
  const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#a73" } })
    .jpeg()
    .toBuffer();
  const photo = await stageImage(db(), storage, jpeg, me.id);
  const saved = await saveOffer(db(), storage, parseOfferForm({ ...VALID_OFFER, title, photos: [photo.id] }), { user: me });
  return saved!.id;
}

async function neighbours(id: number) {
  const page = await getOfferPage(db(), id);
  if (page?.kind !== "offer") throw new Error(`no page for ${id}`);
  return { previous: page.previous?.id ?? null, next: page.next?.id ?? null };
}

describe("previous and next on the pages of offers saved in the back office", () => {
  it("links each to its newer and older neighbour, wrapping around, though their times have microseconds", async () => {
    const oldest = await addOffer("شقة أولى من لوحة الإدارة");
    const middle = await addOffer("شقة ثانية من لوحة الإدارة");
    const newest = await addOffer("شقة ثالثة من لوحة الإدارة");
    // What made the bug: times a JavaScript Date cannot hold (one in a thousand has no microseconds; three in a row never).
    const stored = await db()
      .select({ micros: sql<number>`(extract(microseconds from ${offers.createdAt})::int % 1000)` })
      .from(offers)
      .where(inArray(offers.id, [oldest, middle, newest]));
    expect(stored.some((row) => row.micros !== 0)).toBe(true);

    // Newest first: «السابق» is the newer offer, «التالي» the older one.
    expect(await neighbours(middle)).toEqual({ previous: newest, next: oldest });
    expect(await neighbours(newest)).toEqual({ previous: oldest, next: middle });
    expect(await neighbours(oldest)).toEqual({ previous: middle, next: newest });
  });

  it("orders offers saved at the same microsecond by their number", async () => {
    const [first, second, third] = [await addOffer("عرض أ"), await addOffer("عرض ب"), await addOffer("عرض ج")];
    await db()
      .update(offers)
      .set({ createdAt: sql`'2026-05-01 09:00:00.123456+00'::timestamptz` })
      .where(inArray(offers.id, [first, second, third]));
    const page = await neighbours(second);
    // The same time: the higher id counts as the newer.
    expect(page).toEqual({ previous: third, next: first });
  });
});
