import { and, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import type { OfferFilters } from "~/modules/search/filters.ts";
import { publicOffersCondition, publicOffersMatching } from "~/modules/offers/offers.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { keywordSearch, rankedMatches, rankedPage, type ForcedWay } from "./search.server.ts";

const db = useTestDatabase();

// Enough offers for a broad word to pass the counting cap: 3,000, in four cities, with some words
// in the title, some only in the place and some only in the description, a few with ended licences;
// areas, bedrooms and, for nine in ten, a point on the map, for the list's other filters.
beforeAll(async () => {
  await db().execute(sql`
    insert into offers (title, description, property_type, status, city, location, price, details, created_at, ad_licence_number, ad_licence_ends_at, area, bedrooms, lat, lng)
    select
      (array['شقة', 'فيلا', 'أرض'])[1 + n % 3] || case when n % 4 = 0 then ' في حي ' || nb else ' بموقع مميز' end,
      'وصف' || case when n % 7 = 0 then ' مع مسبح خاص' else '' end,
      (array['شقة', 'فيلا', 'أرض'])[1 + n % 3], (array['للبيع', 'للإيجار', 'محجوز'])[1 + n % 5 % 3],
      city, nb, n * 1000, '{}'::jsonb, timestamp '2026-01-01' - n * interval '1 hour', '7100' || n,
      case when n % 50 = 0 then now() - interval '1 day' else now() + interval '1 year' end,
      100 + n % 400, n % 6, case when n % 10 <> 0 then 24 + n % 100 / 100.0 end, case when n % 10 <> 0 then 46 + n % 37 / 100.0 end
    from generate_series(1, 3000) as n,
      lateral (select (array['الرياض', 'جدة', 'الدمام', 'الخبر'])[1 + n % 4] as city, (array['النرجس', 'الروضة', 'الشاطئ'])[1 + n % 3] as nb) as place
  `);
  await db().execute(sql`vacuum analyze ${offers}, offer_search_postings`);
});

/** Every way an answer can be read: from the offers (fetched, walked by the planner's plan or by signature) and from the postings (of either word of two). */
const WAYS: ForcedWay[] = ["fetch", "walk", "signature", "postings fetch", "postings walk", "postings of the second word"];

async function eachWay(keyword: string, filters?: ReturnType<typeof sql>, limit = 1001) {
  const search = keywordSearch(keyword)!;
  const visible = and(await publicOffersCondition(db()), filters);
  return Promise.all(WAYS.map((way) => rankedMatches(db(), search, visible, limit, way)));
}

describe("ranking by fetching, by walking the covering indexes, by their signatures, and from the postings", () => {
  it.each([
    ["شقة", undefined, 1001], // one rank fills the count
    ["شقة", undefined, 24],
    ["النرجس", undefined, 1001], // title first, then the place
    ["شقة النرجس", sql`${offers.city} = 'الرياض'`, 1001],
    ["مسبح", undefined, 1001], // the description only: the last rank
    ["فيلا للبيع", sql`${offers.price} <= 1500000`, 1001],
    ["للإيجار الدمام", undefined, 1001],
    ["قصر", undefined, 1001],
  ] as const)("«%s» gives the same offers in the same order either way", async (keyword, filters, limit) => {
    const [fetched, ...others] = await eachWay(keyword, filters, limit);
    for (const other of others) expect(other).toEqual(fetched);
  });

  it("matches a count of rooms with the offers' bedrooms whichever way it is read ('شقة 3 غرف': every third offer is an apartment, one in six has three bedrooms)", async () => {
    const results = await eachWay("شقة 3 غرف");
    const [byBedrooms] = await db()
      .execute<{ n: number }>(
        sql`select count(*)::int as n from ${offers} where ${and(await publicOffersCondition(db()), sql`${offers.propertyType} = 'شقة' and ${offers.bedrooms} = 3`)}`,
      )
      .then((r) => r.rows);
    expect(byBedrooms!.n).toBeGreaterThan(0);
    for (const ids of results) expect(ids).toHaveLength(byBedrooms!.n);
    for (const other of results.slice(1)) expect(other).toEqual(results[0]);
  });

  it("counts up to the cap: past it, both stop at the cap plus one", async () => {
    const [fetched, ...others] = await eachWay("الرياض");
    expect(fetched).toHaveLength(570); // 750 in Riyadh, 30 of them with an ended licence, 150 reserved (an internal status, decision 027)
    for (const other of others) expect(other).toEqual(fetched);
    const [broad] = await eachWay("وصف");
    expect(broad).toHaveLength(1001);
  });

  it.each([
    ["وصف", 1, 1000], // every offer: the count stops at the cap
    ["الرياض", 1, 1000], // 720, counted past the page
    ["النرجس", 3, 1000], // a later page
    ["مسبح", 1, 1000], // the last rank only
    ["شقة النرجس", 2, 100], // a small cap
    ["الرياض", 1, 30], // a cap just past the page (the overlay's): the walk reads up to it
    ["قصر", 1, 1000], // nothing
  ] as const)("«%s», page %i: a walked page is the fetched one's, and its count the same", async (keyword, page, countUpTo) => {
    const search = keywordSearch(keyword)!;
    const visible = await publicOffersCondition(db());
    const fetched = await rankedPage(db(), search, visible, page * 24, countUpTo, "fetch");
    expect(await fetched.counted).toBe(fetched.ids.length);
    for (const way of WAYS.slice(1)) {
      const walked = await rankedPage(db(), search, visible, page * 24, countUpTo, way);
      expect(walked.ids.slice(0, page * 24)).toEqual(fetched.ids.slice(0, page * 24));
      expect(Math.min(await walked.counted, countUpTo + 1)).toBe(await fetched.counted);
    }
  });
});

describe("the postings, read as offers", () => {
  it("hold every column the list's filters read: every filter at once reads them without an error", async () => {
    // Every filter of OfferFilters (a new one fails to compile here until it is added, and then this
    // test until the postings hold its column: table, trigger and index, drizzle/0021).
    const every: Required<Omit<OfferFilters, "page" | "priceSort" | "keyword">> = {
      city: "جدة",
      neighbourhood: "النرجس",
      propertyType: "شقة",
      status: "للبيع",
      minPrice: 1,
      maxPrice: 10_000_000,
      minArea: 1,
      maxArea: 10_000,
      bedrooms: 1,
      bbox: "40,20,50,30",
    };
    const search = keywordSearch("شقة", every.status)!;
    const visible = and(await publicOffersMatching(db(), every), sql`${offers.lat} is not null`);
    const fetched = await rankedMatches(db(), search, visible, 1001, "fetch");
    expect(fetched.length).toBeGreaterThan(0);
    expect(await rankedMatches(db(), search, visible, 1001, "postings fetch")).toEqual(fetched);
  });

  it.each<[string, Omit<OfferFilters, "page" | "priceSort">]>([
    ["شقة", { city: "الرياض", propertyType: "شقة", status: "للبيع" }],
    ["الشاطئ", { city: "جدة", neighbourhood: "الشاطئ", minPrice: 100_000, maxPrice: 2_000_000 }],
    ["فيلا", { minArea: 150, maxArea: 300, bedrooms: 3 }],
    ["شقة النرجس", { bbox: "46.05,24.2,46.3,24.9" }],
    ["مسبح", { status: "للإيجار", city: "الخبر", bedrooms: 1 }],
  ])("«%s» with the list's filters %j: the postings find what the offers do", async (keyword, filters) => {
    const search = keywordSearch(keyword, filters.status)!;
    const visible = await publicOffersMatching(db(), filters);
    const fetched = await rankedMatches(db(), search, visible, 1001, "fetch");
    expect(fetched.length).toBeGreaterThan(0);
    expect(await rankedMatches(db(), search, visible, 1001, "postings fetch")).toEqual(fetched);
    expect(await rankedMatches(db(), search, visible, 24, "postings walk")).toEqual(fetched.slice(0, 24));
  });
});
