import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { listOffers, MAX_COUNTED_OFFERS } from "./offers.server.ts";

const db = useTestDatabase();

beforeAll(async () => {
  await db().execute(sql`
    insert into offers (title, property_type, status, city, location, price, details, created_at, ad_licence_number, ad_licence_ends_at)
    select 'شقة رقم ' || n, 'شقة', 'للبيع', 'الرياض', 'الملقا', n * 1000, '{}'::jsonb, now() - n * interval '1 minute', '7100' || n, now() + interval '1 year'
    from generate_series(1, ${MAX_COUNTED_OFFERS + 50}) as n
  `);
});

describe("counting a broad search", () => {
  it("counts up to the cap and says the total is a lower bound", async () => {
    const result = await listOffers(db(), { keyword: "شقه", page: 1 });
    expect(result.total).toBe(MAX_COUNTED_OFFERS);
    expect(result.totalIsLowerBound).toBe(true);
    expect(result.pageCount).toBe(Math.ceil(MAX_COUNTED_OFFERS / 24));
    expect(result.offers.map((o) => o.title).slice(0, 2)).toEqual(["شقة رقم 1", "شقة رقم 2"]);
  });

  it("counts exactly below the cap", async () => {
    const result = await listOffers(db(), { keyword: "شقة", maxPrice: 62_000, page: 1 }); // 1-62
    expect(result.totalIsLowerBound).toBe(false);
    expect(result.total).toBe(62);
  });

  it("leads on past the cap, a page at a time, until the last match (no silent cap)", async () => {
    const all = MAX_COUNTED_OFFERS + 50;
    const lastCounted = Math.ceil(MAX_COUNTED_OFFERS / 24); // 42: its end (1,008) is past the cap, so it counts on to it
    const atCap = await listOffers(db(), { page: lastCounted });
    expect([atCap.total, atCap.totalIsLowerBound, atCap.pageCount, atCap.offers.length]).toEqual([lastCounted * 24, true, lastCounted, 24]);
    const next = await listOffers(db(), { page: lastCounted + 1 });
    expect([next.total, next.totalIsLowerBound, next.offers.length]).toEqual([(lastCounted + 1) * 24, true, 24]);
    expect(next.offers[0]!.title).toBe(`شقة رقم ${lastCounted * 24 + 1}`);
    const last = await listOffers(db(), { page: Math.ceil(all / 24) });
    expect([last.total, last.totalIsLowerBound, last.pageCount, last.offers.length]).toEqual([all, false, Math.ceil(all / 24), all % 24]);
    expect(last.offers.at(-1)!.title).toBe(`شقة رقم ${all}`);
  });

  it("keeps the order across pages when sorted by price", async () => {
    const second = await listOffers(db(), { priceSort: "high", page: 2 }, 10);
    expect(second.offers.map((o) => o.price)).toEqual(Array.from({ length: 10 }, (_, i) => (MAX_COUNTED_OFFERS + 50 - 10 - i) * 1000));
  });
});
