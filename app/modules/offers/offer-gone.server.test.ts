import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { offers, settings } from "~/db/schema.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { licenceEndedMarkup, offerNotFoundMarkup } from "./offer-page-markup.server.tsx";
import { offerTraces, similarOffers } from "./offers.server.ts";

/** Issue 28: a deleted or unknown offer's 404, like the 410 page, offers similar offers and «تصفح العروض». */
const db = useTestDatabase();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

beforeAll(async () => {
  await db().insert(settings).values({ id: 1 }).onConflictDoNothing();
});

describe("similar offers of an offer that is gone", () => {
  it("its type in its city first, then its city, then the newest available; never itself", async () => {
    const villa = await createOffer(db(), { title: "فيلا في جدة", propertyType: "فيلا", city: "جدة", createdAt: at(30) });
    const other = await createOffer(db(), { title: "فيلا أخرى في جدة", propertyType: "فيلا", city: "جدة", createdAt: at(20) });
    const flat = await createOffer(db(), { title: "شقة في جدة", propertyType: "شقة", city: "جدة", createdAt: at(10) });
    const newest = await createOffer(db(), { title: "أرض في الخبر", propertyType: "أرض", city: "الخبر", createdAt: at(1) });
    // An ended licence is no offer to go on to.
    await createOffer(db(), { title: "فيلا منتهية", propertyType: "فيلا", city: "جدة", createdAt: at(5), adLicenceEndsAt: at(60) });

    const ids = async (known: { city: string; propertyType: string } | null, notId: number | null) => (await similarOffers(db(), known, notId)).map((o) => o.id);
    expect(await ids({ city: "جدة", propertyType: "فيلا" }, villa.id)).toEqual([other.id]);
    expect(await ids({ city: "جدة", propertyType: "فيلا" }, null)).toEqual([other.id, villa.id]);
    // No other villa in Jeddah: the city's offers.
    expect(await ids({ city: "جدة", propertyType: "قصر" }, null)).toEqual([flat.id, other.id, villa.id]);
    // Nothing in that city, or nothing known: the newest available.
    expect(await ids({ city: "أبها", propertyType: "قصر" }, null)).toEqual([newest.id, flat.id, other.id]);
    expect(await ids(null, null)).toEqual([newest.id, flat.id, other.id]);
  });

  it("what is left of an offer: its city and type while the row is there, nothing once deleted", async () => {
    const row = await createOffer(db(), { propertyType: "مكتب", city: "الدمام" });
    expect(await offerTraces(db(), row.id)).toEqual({ city: "الدمام", propertyType: "مكتب" });
    await db().delete(offers).where(eq(offers.id, row.id));
    expect(await offerTraces(db(), row.id)).toBeNull();
  });
});

describe("the 404 and 410 pages' markup", () => {
  it("the 404 names the page not found, lists the similar offers as links, and «تصفح العروض» filtered to what is known", async () => {
    const found = await similarOffers(db(), { city: "جدة", propertyType: "فيلا" }, null);
    const html = offerNotFoundMarkup({ city: "جدة", propertyType: "فيلا" }, found);
    expect(html).toContain("الصفحة غير موجودة");
    expect(html).toMatch(/<a href="\/offers\?city=%D8%AC%D8%AF%D8%A9&amp;propertyType=%D9%81%D9%8A%D9%84%D8%A7"[^>]*>تصفح العروض<\/a>/);
    for (const offer of found) expect(html).toContain(`<a href="/offer/${offer.id}"`);
    expect(html).toContain("فيلا أخرى في جدة");
    // Nothing known: the whole list.
    expect(offerNotFoundMarkup(null, [])).toMatch(/<a href="\/offers"[^>]*>تصفح العروض<\/a>/);
    expect(offerNotFoundMarkup(null, [])).not.toContain("عروض متاحة قد تهمك");
  });

  it("the 410 lists them too", async () => {
    const found = await similarOffers(db(), { city: "جدة", propertyType: "فيلا" }, null);
    const html = licenceEndedMarkup({ title: "فيلا منتهية", city: "جدة", propertyType: "فيلا" }, found);
    expect(html).toContain("عروض متاحة قد تهمك");
    expect(html).toContain("فيلا أخرى في جدة");
  });
});
