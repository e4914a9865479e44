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
    const result = await listOffers(db(), { keyword: "شقة رقم 10", page: 1 }); // 10, 100-109, 1000-1050
    expect(result.totalIsLowerBound).toBe(false);
    expect(result.total).toBe(1 + 10 + 51);
  });

  it("keeps the order across pages when sorted by price", async () => {
    const second = await listOffers(db(), { priceSort: "high", page: 2 }, 10);
    expect(second.offers.map((o) => o.price)).toEqual(Array.from({ length: 10 }, (_, i) => (MAX_COUNTED_OFFERS + 50 - 10 - i) * 1000));
  });
});
