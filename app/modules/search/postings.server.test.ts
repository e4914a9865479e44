import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";

const db = useTestDatabase({ connections: 6 });

/** The postings as the offers are now (one per stem of search_all, as migration 0021 first wrote them), missing or extra: none when in step. */
async function outOfStep(): Promise<number> {
  const { rows } = await db().execute<{ n: number }>(sql`
    with expected as (
      select s.stem, o.id, o.created_at, o.status, o.city, o.location, o.property_type, o.price, o.area, o.bedrooms, o.lat, o.lng,
        o.ad_licence_ends_at, o.ad_licence_number, search_hashes(o.search_all) as stems, o.search_head as head
      from offers as o cross join lateral unnest(search_hashes(o.search_all)) as s (stem)
    ), actual as (
      select stem, id, created_at, status, city, location, property_type, price, area, bedrooms, lat, lng, ad_licence_ends_at, ad_licence_number, stems, head
      from offer_search_postings
    )
    select ((select count(*) from (table expected except table actual) as missing) + (select count(*) from (table actual except table expected) as extra))::int as n`);
  return rows[0]!.n;
}

async function postingsOf(id: number): Promise<string[]> {
  const { rows } = await db().execute<{ at: string }>(sql`select ctid::text as at from offer_search_postings where id = ${id} order by stem`);
  return rows.map((row) => row.at);
}

describe("the keyword search's postings", () => {
  it("follow inserts, edits of what they hold, renames of many offers at once, deletes and truncates", async () => {
    const a = await createOffer(db(), { title: "شقة في حي السنبلة", location: "السنبلة", city: "الرياض" });
    const b = await createOffer(db(), { title: "دور للإيجار", description: "قريب من مسبح", location: "السنبلة", city: "الرياض" });
    expect((await postingsOf(a.id)).length).toBeGreaterThan(3);
    expect(await outOfStep()).toBe(0);

    await db().update(offers).set({ title: "فيلا في حي الأقحوان", location: "الأقحوان" }).where(eq(offers.id, a.id));
    expect(await outOfStep()).toBe(0);
    // What the filters and the licence rule read is in the postings too.
    await db().update(offers).set({ status: "محجوز", price: 900_000, bedrooms: 4, area: 320, lat: 24.8, lng: 46.6, adLicenceNumber: "7100123" }).where(eq(offers.id, b.id));
    expect(await outOfStep()).toBe(0);
    // A lookup rename: one statement over every offer of the neighbourhood.
    await db()
      .update(offers)
      .set({ location: "السنابل" })
      .where(inArray(offers.id, [a.id, b.id]));
    expect(await outOfStep()).toBe(0);

    await db().delete(offers).where(eq(offers.id, a.id));
    expect(await postingsOf(a.id)).toEqual([]);
    expect(await outOfStep()).toBe(0);
    await db().execute(sql`truncate ${offers} cascade`);
    expect(await db().execute(sql`select 1 from offer_search_postings`)).toHaveProperty("rows", []);
  });

  it("are not written again for a change they do not hold", async () => {
    const offer = await createOffer(db(), { title: "أرض تجارية على شارعين" });
    const before = await postingsOf(offer.id);
    await db().update(offers).set({ updatedAt: new Date(), bathrooms: 3, floors: "2" }).where(eq(offers.id, offer.id));
    expect(await postingsOf(offer.id)).toEqual(before);
    await db().update(offers).set({ description: "قريبة من الخدمات" }).where(eq(offers.id, offer.id));
    expect(await postingsOf(offer.id)).not.toEqual(before);
    expect(await outOfStep()).toBe(0);
  });

  it("stay in step when offers are saved at the same time", async () => {
    const saved = await Promise.all(Array.from({ length: 6 }, (_, i) => createOffer(db(), { title: `عمارة سكنية رقم ${i}`, city: "جدة" })));
    await Promise.all(
      saved.flatMap((offer, i) => [
        db()
          .update(offers)
          .set({ title: `عمارة تجارية ${i}` })
          .where(eq(offers.id, offer.id)),
        db().update(offers).set({ city: "الدمام" }).where(eq(offers.id, offer.id)),
      ]),
    );
    expect(await outOfStep()).toBe(0);
  });
});
