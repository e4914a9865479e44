import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import { licenceEndsAt } from "~/modules/ad-licences/ad-licence.ts";
import { createOffer, EMPTY_DETAILS } from "../../../tests/factories/offers.ts";
import { requireAdLicence } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { comparedOffers, favouriteOffers } from "./visitor-lists.server.ts";

const db = useTestDatabase();
const NOW = new Date();
const DAY_MS = 24 * 60 * 60 * 1000;
/** A calendar date `days` from now, as licences store them, and its end (Riyadh's midnight after it). */
function licenceIn(days: number) {
  const expiresOn = new Date(NOW.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  return { adLicenceExpiresOn: expiresOn, adLicenceEndsAt: licenceEndsAt(expiresOn) };
}

afterEach(() => requireAdLicence(db(), false));

describe("a favourites list by ids", () => {
  it("gives the public offers in the list's order and the ids it dropped: unknown, deleted, licence ended, unlicensed while the rule is on", async () => {
    const first = await createOffer(db(), { title: "فيلا محفوظة" });
    const second = await createOffer(db(), { title: "شقة محفوظة" });
    const deleted = await createOffer(db(), { title: "عرض حذف" });
    await db().delete(offers).where(eq(offers.id, deleted.id));
    const ended = await createOffer(db(), { title: "انتهى ترخيصه", ...licenceIn(-3) });
    const unlicensed = await createOffer(db(), { title: "بلا ترخيص", adLicenceNumber: "", adLicenceExpiresOn: null, adLicenceEndsAt: null });
    const ids = [second.id, 999_999, first.id, deleted.id, ended.id, unlicensed.id];

    await requireAdLicence(db(), false);
    const open = await favouriteOffers(db(), ids);
    expect(open.offers.map((offer) => offer.title)).toEqual(["شقة محفوظة", "فيلا محفوظة", "بلا ترخيص"]);
    expect(open.missing).toEqual([999_999, deleted.id, ended.id]);

    await requireAdLicence(db(), true);
    const strict = await favouriteOffers(db(), ids);
    expect(strict.offers.map((offer) => offer.id)).toEqual([second.id, first.id]);
    expect(strict.missing).toEqual([999_999, deleted.id, ended.id, unlicensed.id]);
  });

  it("gives each offer as its card (main photo null without photos) and nothing for an empty list", async () => {
    const offer = await createOffer(db(), { title: "أرض للإيجار", status: "للإيجار", rentPeriod: "yearly", price: 50_000, area: 500 });
    const { offers: cards } = await favouriteOffers(db(), [offer.id]);
    expect(cards).toEqual([
      {
        id: offer.id,
        title: "أرض للإيجار",
        price: 50_000,
        propertyType: "شقة",
        status: "للإيجار",
        city: "الرياض",
        location: "الملقا",
        area: 500,
        bedrooms: 0,
        bathrooms: 0,
        rentPeriod: "yearly",
        mainImage: null,
      },
    ]);
    expect(await favouriteOffers(db(), [])).toEqual({ offers: [], missing: [] });
  });
});

describe("the comparison by ids", () => {
  it("compares the first three ids only, public offers only, with rows of text and their differences", async () => {
    const a = await createOffer(db(), {
      title: "فيلا أ",
      price: 1_200_000,
      area: 400,
      bedrooms: 5,
      bathrooms: 4,
      floors: "2",
      details: { ...EMPTY_DETAILS, streetWidth: 20, facade: ["شمال", "شرق"], propertyAge: 3 },
    });
    const b = await createOffer(db(), { title: "فيلا ب", price: 1_200_000, area: 300, bedrooms: 5, bathrooms: 1, ...licenceIn(10) });
    const hidden = await createOffer(db(), { title: "مخفي", ...licenceIn(-1) });
    const fourth = await createOffer(db(), { title: "رابع" });

    const comparison = await comparedOffers(db(), [a.id, hidden.id, b.id, fourth.id], NOW);
    expect(comparison.offers.map((offer) => offer.title)).toEqual(["فيلا أ", "فيلا ب"]);
    expect(comparison.missing).toEqual([hidden.id]);
    const row = (key: string) => comparison.rows.find((r) => r.key === key)!;
    expect(row("price")).toMatchObject({ label: "السعر", differs: false });
    expect(row("price").values[0]).toBe(row("price").values[1]);
    expect(row("area")).toEqual({ key: "area", label: "المساحة", values: ["٤٠٠ م²", "٣٠٠ م²"], differs: true });
    expect(row("bedrooms")).toEqual({ key: "bedrooms", label: "غرف النوم", values: ["٥ غرف", "٥ غرف"], differs: false });
    expect(row("bathrooms").values).toEqual(["٤ دورات مياه", "دورة مياه واحدة"]);
    expect(row("floors").values).toEqual(["٢", ""]);
    expect(row("propertyAge").values).toEqual(["٣ سنوات", ""]);
    expect(row("streetWidth").values).toEqual(["٢٠ م", ""]);
    expect(row("facade").values).toEqual(["شمال، شرق", ""]);
    expect(row("place")).toMatchObject({ values: ["الرياض، الملقا", "الرياض، الملقا"], differs: false });
    // b's licence ends in ten days: within the fourteen of «ينتهي قريبًا».
    expect(row("licence")).toMatchObject({ label: "ترخيص الإعلان", values: ["ترخيص ساري", "ترخيص ينتهي قريبًا"], differs: true });
  });

  it("compares nothing for no ids", async () => {
    const none = await comparedOffers(db(), [], NOW);
    expect(none.offers).toEqual([]);
    expect(none.missing).toEqual([]);
    expect(none.rows.every((row) => row.values.length === 0 && !row.differs)).toBe(true);
  });
});
