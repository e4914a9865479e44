import { beforeAll, describe, expect, it } from "vitest";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { getOfferPage, listOffers, searchOffers } from "./offers.server.ts";

const db = useTestDatabase();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const base = Date.UTC(2026, 5, 1);
  const day = 86_400_000;
  const rows = [
    { key: "villaRiyadh", title: "فيلا فاخرة في حي الملقا", city: "الرياض", location: "الملقا", propertyType: "فيلا", status: "للبيع", price: 3_500_000, age: 1 },
    { key: "flatJeddah", title: "شقة مطلة على البحر", city: "جدة", location: "الشاطئ", propertyType: "شقة", status: "للإيجار", price: 90_000, age: 2 },
    { key: "landMakkah", title: "أرض سكنية", city: "مكة المكرمة", location: "العزيزية", propertyType: "أرض", status: "للبيع", price: 1_200_000, age: 3 },
    { key: "flatRiyadh", title: "شقة أحمد العائلية", city: "الرياض", location: "النرجس", propertyType: "شقة", status: "للبيع", price: 750_000, age: 4 },
    { key: "percent", title: "خصم 100% على العمولة", city: "الدمام", location: "الفيصلية", propertyType: "محل تجاري", status: "للإيجار", price: 60_000, age: 5 },
  ];
  for (const row of rows) {
    const offer = await createOffer(db(), { ...row, createdAt: new Date(base - row.age * day) });
    ids[row.key] = offer.id;
  }
});

const titles = (result: { offers: { title: string }[] }) => result.offers.map((o) => o.title);

describe("listOffers (filters and sort, evaluated in SQL)", () => {
  it("lists newest first with the total", async () => {
    const result = await listOffers(db(), { page: 1 });
    expect(result.total).toBe(5);
    expect(result.offers.map((o) => o.id)).toEqual([ids.villaRiyadh, ids.flatJeddah, ids.landMakkah, ids.flatRiyadh, ids.percent]);
  });

  it("matches the keyword in title, neighbourhood or city, case- and letter-form-insensitively", async () => {
    expect(titles(await listOffers(db(), { keyword: "الملقا", page: 1 }))).toEqual(["فيلا فاخرة في حي الملقا"]);
    expect(titles(await listOffers(db(), { keyword: "الشاطئ", page: 1 }))).toEqual(["شقة مطلة على البحر"]);
    expect((await listOffers(db(), { keyword: "الرياض", page: 1 })).total).toBe(2);
    // Folding: 'مكه' finds 'مكة', 'احمد' finds 'أحمد', 'شقه' finds 'شقة'.
    expect(titles(await listOffers(db(), { keyword: "مكه", page: 1 }))).toEqual(["أرض سكنية"]);
    expect(titles(await listOffers(db(), { keyword: "احمد", page: 1 }))).toEqual(["شقة أحمد العائلية"]);
    expect((await listOffers(db(), { keyword: "شقه", page: 1 })).total).toBe(2);
  });

  it("reads a keyword's words, not its punctuation (a keyword of punctuation only filters nothing)", async () => {
    expect(titles(await listOffers(db(), { keyword: "100%", page: 1 }))).toEqual(["خصم 100% على العمولة"]);
    expect((await listOffers(db(), { keyword: "%", page: 1 })).total).toBe(5);
    expect((await listOffers(db(), { keyword: "_", page: 1 })).total).toBe(5);
  });

  it("matches city and type exactly", async () => {
    expect((await listOffers(db(), { city: "الرياض", page: 1 })).total).toBe(2);
    expect((await listOffers(db(), { city: "الرياض ", page: 1 })).total).toBe(0);
    expect(titles(await listOffers(db(), { propertyType: "أرض", page: 1 }))).toEqual(["أرض سكنية"]);
  });

  it("filters by status for sale or for rent", async () => {
    expect((await listOffers(db(), { status: "للبيع", page: 1 })).total).toBe(3);
    expect((await listOffers(db(), { status: "للإيجار", page: 1 })).total).toBe(2);
  });

  it("combines filters", async () => {
    const result = await listOffers(db(), { city: "الرياض", status: "للبيع", keyword: "فيلا", page: 1 });
    expect(titles(result)).toEqual(["فيلا فاخرة في حي الملقا"]);
  });

  it("sorts by price low to high and high to low: sales first, then rents (decision 027)", async () => {
    const low = await listOffers(db(), { priceSort: "low", page: 1 });
    expect(low.offers.map((o) => o.price)).toEqual([750_000, 1_200_000, 3_500_000, 60_000, 90_000]);
    const high = await listOffers(db(), { priceSort: "high", page: 1 });
    expect(high.offers.map((o) => o.price)).toEqual([3_500_000, 1_200_000, 750_000, 90_000, 60_000]);
  });

  it("pages through the results and reports the total past the end", async () => {
    const first = await listOffers(db(), { page: 1 }, 2);
    const third = await listOffers(db(), { page: 3 }, 2);
    expect(first.pageCount).toBe(3);
    expect(third.offers).toHaveLength(1);
    const past = await listOffers(db(), { page: 9 }, 2);
    expect(past.offers).toHaveLength(0);
    expect(past.total).toBe(5);
  });

  it("searches for the header overlay, empty for a blank keyword", async () => {
    expect(await searchOffers(db(), "   ")).toEqual([]);
    expect((await searchOffers(db(), "جده")).map((o) => o.title)).toEqual(["شقة مطلة على البحر"]);
  });
});

describe("getOfferPage", () => {
  it("returns null for an unknown id", async () => {
    expect(await getOfferPage(db(), 999_999)).toBeNull();
  });

  /** The page of an offer a visitor may see. */
  async function shownPage(id: number) {
    const page = await getOfferPage(db(), id);
    if (page?.kind !== "offer") throw new Error(`offer ${id} is not shown`);
    return page;
  }

  it("links previous and next in list order, wrapping around", async () => {
    const newest = await shownPage(ids.villaRiyadh!);
    expect(newest?.previous?.id).toBe(ids.percent); // wraps to the oldest
    expect(newest?.next?.id).toBe(ids.flatJeddah);
    const oldest = await shownPage(ids.percent!);
    expect(oldest?.next?.id).toBe(ids.villaRiyadh); // wraps to the newest
    expect(oldest?.previous?.id).toBe(ids.flatRiyadh);
  });
});
