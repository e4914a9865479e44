// Which statuses a visitor sees (decision 027): every public place lists the available statuses
// only, sold and rented ones appear only in «تم بيعها أو تأجيرها مؤخرًا» for their days, and an
// internal status never reaches a visitor; the counts agree with what is listed.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { offerPublications, offers, offerStatuses } from "~/db/schema.ts";
import { addLookupValue, setStatusVisibility } from "~/modules/lookups/lookups-admin.server.ts";
import { lookupVisibilitySchema } from "~/modules/lookups/lookups-schema.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { getStatusVisibilities, invalidateLookups } from "~/modules/lookups/lookups.server.ts";
import { keywordSearch, rankedMatches, type ForcedWay } from "~/modules/search/search.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { offerFilterChoices } from "./filter-view.server.ts";
import { listMapMarkers, loadOffersMapView } from "~/modules/offer-map/offers-map.server.ts";
import { overlaySearch } from "./overlay-search.server.ts";
import { getOfferPage, listOfferSitemapEntries, listOffers, listRecentOffers, publicOffersCondition, publicOffersMatching, searchOffers } from "./offers.server.ts";
import { nextPublicPageChange } from "./public-page-expiry.server.ts";

const db = useTestDatabase();
const ids: Record<string, number> = {};
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** The villas of one street, one in each status: only the first is for a visitor's list. */
const VILLAS = [
  { key: "forSale", title: "فلة للبيع في حطين", status: "للبيع", changed: 30 },
  { key: "forRent", title: "فلة للإيجار في حطين", status: "للإيجار", changed: 30, rentPeriod: "yearly" as const },
  { key: "sold", title: "فلة مباعة في حطين", status: "مباع", changed: 10 },
  { key: "rented", title: "فلة مؤجرة في حطين", status: "مؤجر", changed: 20 },
  { key: "soldLongAgo", title: "فلة بيعت قديما في حطين", status: "مباع", changed: 200 },
  { key: "reserved", title: "فلة محجوزة في حطين", status: "محجوز", changed: 5 },
  { key: "postponed", title: "فلة مؤجلة في حطين", status: "مؤجل", changed: 5 },
  { key: "custom", title: "فلة قيد المراجعة في حطين", status: "قيد المراجعة", changed: 5 },
];
const LISTED = ["forSale", "forRent"];

beforeAll(async () => {
  for (const [i, villa] of VILLAS.entries()) {
    const offer = await createOffer(db(), {
      title: villa.title,
      status: villa.status,
      rentPeriod: villa.rentPeriod ?? "",
      propertyType: "فيلا",
      city: "الرياض",
      location: "حطين",
      lat: 24.76 + i / 1000,
      lng: 46.6,
      createdAt: daysAgo(40 + i),
      statusChangedAt: daysAgo(villa.changed),
    });
    ids[villa.key] = offer.id;
  }
  // The search reads ANALYZE's statistics to choose its ways.
  await db().execute(sql`analyze offers`);
});

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const expected = (keys: string[]) => keys.map((key) => ids[key]!).sort((a, b) => a - b);

describe("the public places list the available statuses only", () => {
  it("the list and home: only for sale and for rent, counted as listed", async () => {
    const list = await listOffers(db(), { page: 1 });
    expect(idsOf(list.offers)).toEqual(expected(LISTED));
    expect(list.total).toBe(list.offers.length);
    const home = await listOffers(db(), { page: 1 }, 3);
    expect(idsOf(home.offers)).toEqual(expected(LISTED));
    // A status filter of a sold or internal status finds nothing (the filter's options are the public ones).
    expect((await listOffers(db(), { page: 1, status: "للبيع" })).total).toBe(1);
  });

  it("the keyword search «فلة»: the list, the overlay and every way of the engine (offers and postings)", async () => {
    const list = await listOffers(db(), { keyword: "فلة", page: 1 });
    expect(idsOf(list.offers)).toEqual(expected(LISTED));
    expect(list.total).toBe(2);
    expect(idsOf(await searchOffers(db(), "فلة", 20))).toEqual(expected(LISTED));
    expect(idsOf(await overlaySearch(db(), "فلة"))).toEqual(expected(LISTED));
    // The status words themselves find nothing a visitor may not see.
    for (const word of ["مباعة", "محجوزة", "مؤجلة", "مراجعة"]) expect((await listOffers(db(), { keyword: `فلة ${word}`, page: 1 })).total).toBe(0);
    const search = keywordSearch("فلة حطين")!;
    const filters = await publicOffersCondition(db());
    for (const way of ["fetch", "walk", "signature", "postings fetch", "postings walk", "postings of the second word"] satisfies ForcedWay[]) {
      expect(
        (await rankedMatches(db(), search, filters, 50, way)).sort((a, b) => a - b),
        way,
      ).toEqual(expected(LISTED));
    }
    // The price order of a keyword reads the offers themselves.
    expect(idsOf((await listOffers(db(), { keyword: "فلة", priceSort: "low", page: 1 })).offers)).toEqual(expected(LISTED));
  });

  it("the map: its markers, its list and the offers without a point, counted as listed", async () => {
    const { markers } = await listMapMarkers(db(), {});
    expect(idsOf(markers)).toEqual(expected(LISTED));
    const keyword = await listMapMarkers(db(), { keyword: "فلة" });
    expect(idsOf(keyword.markers)).toEqual(expected(LISTED));
    const view = await loadOffersMapView(db(), { page: 1 });
    expect(idsOf(view.list.offers)).toEqual(expected(LISTED));
    expect(view.list.total).toBe(2);
    expect(view.offMap.total).toBe(0);
  });

  it("the search alerts and the sitemap", async () => {
    const matching = await db()
      .select({ id: offers.id })
      .from(offers)
      .where(await publicOffersMatching(db(), { keyword: "فلة" }));
    expect(idsOf(matching)).toEqual(expected(LISTED));
    expect(idsOf(await listOfferSitemapEntries(db()))).toEqual(expected(LISTED));
  });

  it("the status filter offers the public statuses only", async () => {
    expect((await offerFilterChoices(db())).statuses).toEqual(["للبيع", "للإيجار"]);
  });
});

describe("«تم بيعها أو تأجيرها مؤخرًا» and the offer pages", () => {
  it("lists the sold and rented offers of their last days, the latest first, never an internal one", async () => {
    expect((await listRecentOffers(db(), {})).map((o) => o.id)).toEqual([ids.sold, ids.rented]);
    expect((await listRecentOffers(db(), { keyword: "فلة" })).map((o) => o.id)).toEqual([ids.sold, ids.rented]);
    // The list's status filter is not theirs; its other filters are.
    expect((await listRecentOffers(db(), { status: "للبيع", city: "جدة" })).map((o) => o.id)).toEqual([]);
  });

  it("shows a recent offer's page closed, answers 404 for an internal one or one past its days", async () => {
    const page = async (key: string) => {
      const found = await getOfferPage(db(), ids[key]!);
      return found === null ? "not-found" : found.kind === "offer" ? (found.closed ? "closed" : "open") : found.kind;
    };
    expect(await page("forSale")).toBe("open");
    expect(await page("sold")).toBe("closed");
    expect(await page("rented")).toBe("closed");
    expect(await page("soldLongAgo")).toBe("not-found");
    for (const key of ["reserved", "postponed", "custom"]) expect(await page(key)).toBe("not-found");
    // An internal offer whose licence has ended is still a removed offer, not the 410 page that names it.
    await db()
      .update(offers)
      .set({ adLicenceEndsAt: daysAgo(1) })
      .where(eq(offers.id, ids.reserved!));
    expect(await page("reserved")).toBe("not-found");
  });

  it("starts a sold offer's days when its status changes, whatever saves it, and the page cache's next change is its last day", async () => {
    const offer = await createOffer(db(), { title: "شقة تباع الآن", city: "أبها", createdAt: daysAgo(3), statusChangedAt: daysAgo(3) });
    await db().update(offers).set({ status: "مباع" }).where(eq(offers.id, offer.id));
    const [row] = await db().select({ at: offers.statusChangedAt }).from(offers).where(eq(offers.id, offer.id));
    expect(Date.now() - row!.at.getTime()).toBeLessThan(60_000);
    expect((await listRecentOffers(db(), { city: "أبها" })).map((o) => o.id)).toEqual([offer.id]);
    // The oldest still shown leaves the section first: «مؤجر» 20 days ago, 90 days each by default.
    const now = new Date();
    const next = await nextPublicPageChange(db(), now);
    expect(next).toBeLessThanOrEqual(now.getTime() + DAY + 1000);
    await db().delete(offers).where(eq(offers.id, offer.id));
  });
});

describe("the manager decides a status's visibility", () => {
  it("reads the settings form: a recent status's days from 1 to 365 (Arabic-Indic digits too), ignored for another visibility", () => {
    const read = (fields: Record<string, string>) => parseSubmission(new URLSearchParams(fields), lookupVisibilitySchema);
    const errorsOf = (fields: Record<string, string>) => {
      const submission = read(fields);
      return submission.status === "success" ? undefined : submission.error;
    };
    const thirty = read({ id: "3", visibility: "recent", recentDays: "٣٠" });
    expect(thirty.status === "success" ? thirty.value : thirty.error).toEqual({ id: 3, visibility: "recent", recentDays: 30 });
    for (const days of ["٠", "366", "", "ثلاثون"])
      expect(errorsOf({ id: "3", visibility: "recent", recentDays: days })?.recentDays).toEqual(["يرجى إدخال عدد الأيام من ١ إلى ٣٦٥"]);
    expect(read({ id: "3", visibility: "available", recentDays: "٠" }).status).toBe("success");
    expect(read({ id: "3", visibility: "public" }).status).not.toBe("success");
  });

  it("makes reserved offers public and internal again, the public places following at once; a made-available status's offers are published for the alerts", async () => {
    const [reserved] = await db().select().from(offerStatuses).where(eq(offerStatuses.name, "محجوز"));
    await db().update(offers).set({ adLicenceEndsAt: null }).where(eq(offers.id, ids.reserved!));
    await db().delete(offerPublications).where(eq(offerPublications.offerId, ids.reserved!));
    expect(await setStatusVisibility(db(), reserved!.id, "available", 90)).toEqual({ ok: true });
    expect(idsOf((await listOffers(db(), { page: 1 })).offers)).toEqual(expected([...LISTED, "reserved"]));
    expect((await getStatusVisibilities(db())).available).toContain("محجوز");
    const published = await db().select().from(offerPublications).where(eq(offerPublications.offerId, ids.reserved!));
    expect(published).toHaveLength(1);
    await setStatusVisibility(db(), reserved!.id, "internal", 90);
    expect(idsOf((await listOffers(db(), { page: 1 })).offers)).toEqual(expected(LISTED));
    expect(await getOfferPage(db(), ids.reserved!)).toBeNull();
  });

  it("shortens a recent status's days, and hides the for-rent filter with its status", async () => {
    const [sold] = await db().select().from(offerStatuses).where(eq(offerStatuses.name, "مباع"));
    await setStatusVisibility(db(), sold!.id, "recent", 7);
    expect((await listRecentOffers(db(), {})).map((o) => o.id)).toEqual([ids.rented]);
    await setStatusVisibility(db(), sold!.id, "recent", 90);
    const [rent] = await db().select().from(offerStatuses).where(eq(offerStatuses.name, "للإيجار"));
    await setStatusVisibility(db(), rent!.id, "internal", 90);
    expect((await offerFilterChoices(db())).statuses).toEqual(["للبيع"]);
    expect(idsOf((await listOffers(db(), { page: 1 })).offers)).toEqual(expected(["forSale"]));
    await setStatusVisibility(db(), rent!.id, "available", 90);
  });

  it("a new custom status is internal; a status missing from the list is internal; the database refuses an unknown visibility", async () => {
    expect(await getOfferPage(db(), ids.custom!)).toBeNull(); // not in the list at all
    expect(await addLookupValue(db(), "statuses", "قيد المراجعة")).toEqual({ ok: true });
    const [custom] = await db().select().from(offerStatuses).where(eq(offerStatuses.name, "قيد المراجعة"));
    expect(custom?.visibility).toBe("internal");
    expect(await getOfferPage(db(), ids.custom!)).toBeNull();
    invalidateLookups();
    const { available, recent } = await getStatusVisibilities(db());
    expect(available).toEqual(["للبيع", "للإيجار"]);
    expect(recent.map((status) => status.name)).toEqual(["مباع", "مؤجر"]);
    await expect(
      db()
        .update(offerStatuses)
        .set({ visibility: "public" as never })
        .where(inArray(offerStatuses.name, ["مؤجل"])),
    ).rejects.toThrow();
    await expect(db().update(offerStatuses).set({ recentDays: 0 }).where(eq(offerStatuses.name, "مباع"))).rejects.toThrow();
  });
});

describe("the price orders compare like with like (decision 027)", () => {
  const CITY = "تبوك";
  const PRICES = [
    { key: "saleCheap", price: 400_000, status: "للبيع", rentPeriod: "" as const },
    { key: "saleDear", price: 900_000, status: "للبيع", rentPeriod: "" as const },
    { key: "monthly", price: 6_250, status: "للإيجار", rentPeriod: "monthly" as const }, // 75,000 a year
    { key: "yearly", price: 70_000, status: "للإيجار", rentPeriod: "yearly" as const },
    { key: "daily", price: 500, status: "للإيجار", rentPeriod: "daily" as const }, // 182,500 a year
  ];
  beforeAll(async () => {
    for (const [i, row] of PRICES.entries()) {
      const offer = await createOffer(db(), {
        title: `عقار تبوك ${i}`,
        city: CITY,
        location: "المروج",
        price: row.price,
        status: row.status,
        rentPeriod: row.rentPeriod,
        lat: 28.4 + i / 100,
        lng: 36.5,
      });
      ids[row.key] = offer.id;
    }
  });
  const order = (rows: { id: number }[]) => rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id));

  it("sorts sales first, then rents by their yearly amount, up and down, in the list, the keyword search and the map", async () => {
    const low = ["saleCheap", "saleDear", "yearly", "monthly", "daily"];
    const high = ["saleDear", "saleCheap", "daily", "monthly", "yearly"];
    expect(order((await listOffers(db(), { city: CITY, priceSort: "low", page: 1 })).offers)).toEqual(low);
    expect(order((await listOffers(db(), { city: CITY, priceSort: "high", page: 1 })).offers)).toEqual(high);
    expect(order((await listOffers(db(), { keyword: "عقار تبوك", priceSort: "low", page: 1 })).offers)).toEqual(low);
    expect(order((await listOffers(db(), { keyword: "عقار تبوك", priceSort: "high", page: 1 })).offers)).toEqual(high);
    expect(order((await listMapMarkers(db(), { city: CITY, priceSort: "low" })).markers)).toEqual(low);
    expect(order((await listMapMarkers(db(), { keyword: "عقار تبوك", priceSort: "high" })).markers)).toEqual(high);
    // With the status filter, rents alone by their yearly amount.
    expect(order((await listOffers(db(), { city: CITY, status: "للإيجار", priceSort: "low", page: 1 })).offers)).toEqual(["yearly", "monthly", "daily"]);
  });

  it("reads the price order along its index", async () => {
    await db().execute(sql`analyze offers`);
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      // A few rows sort for nothing, and offers_map_idx (drizzle/0042) covers these columns too: an
      // index read in this order must exist, which a sort that costs nothing would hide.
      await tx.execute(sql`set local enable_sort = off`);
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(sql`explain select id from offers order by is_rent, yearly_price, id limit 24`);
      const { rows: down } = await tx.execute<{ "QUERY PLAN": string }>(sql`explain select id from offers order by is_rent, yearly_price desc, id desc limit 24`);
      return [...rows, ...down].map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("offers_price_order_idx");
    expect(plan).toContain("offers_price_order_desc_idx");
    expect(plan).not.toContain("Sort");
  });
});
