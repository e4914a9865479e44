import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offers, searchVocabulary } from "~/db/schema.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { compareCodePoints } from "./normalize.ts";
import { correctedKeyword } from "./search.server.ts";

const db = useTestDatabase({ connections: 6 });

async function vocabulary(...bases: string[]) {
  const rows = await db().select().from(searchVocabulary).where(inArray(searchVocabulary.base, bases));
  return rows.map((row) => `${row.base}:${row.surface}:${row.offers}`).sort(compareCodePoints);
}

describe("the vocabulary of «هل تقصد»", () => {
  it("holds the words of titles, types, cities and neighbourhoods as written, once per offer", async () => {
    await createOffer(db(), { title: "فيلا فاخرة بحي الرمال", description: "وصف طويل بكلمات لا تدخل", propertyType: "فيلا", city: "الرياض", location: "الرمال" });
    expect(await vocabulary("رمال", "فاخره", "فيلا", "رياض", "طويل")).toEqual(["رمال:الرمال:1", "رياض:الرياض:1", "فاخره:فاخرة:1", "فيلا:فيلا:1"]);
  });

  it("follows inserts, edits, renames of many offers at once, and deletes", async () => {
    const a = await createOffer(db(), { title: "شقة في حي السنبلة", location: "السنبلة" });
    const b = await createOffer(db(), { title: "دور في حي السنبلة", location: "السنبلة" });
    expect(await vocabulary("سنبله")).toEqual(["سنبله:السنبلة:2"]);
    await db().update(offers).set({ title: "شقة في حي الأقحوان", location: "الأقحوان" }).where(eq(offers.id, a.id));
    expect(await vocabulary("سنبله", "اقحوان")).toEqual(["اقحوان:الأقحوان:1", "سنبله:السنبلة:1"]);
    // A lookup rename: one statement over every offer of the neighbourhood.
    await db()
      .update(offers)
      .set({ location: "السنابل" })
      .where(inArray(offers.id, [a.id, b.id]));
    expect(await vocabulary("سنبله", "اقحوان", "سنابل")).toEqual(["اقحوان:الأقحوان:1", "سنابل:السنابل:2", "سنبله:السنبلة:1"]);
    await db()
      .delete(offers)
      .where(inArray(offers.id, [a.id, b.id]));
    expect(await vocabulary("سنبله", "اقحوان", "سنابل")).toEqual([]);
  });

  it("counts right when offers with the same words are saved at the same time", async () => {
    const saved = await Promise.all(Array.from({ length: 12 }, (_, i) => createOffer(db(), { title: `استراحة للعائلات رقم ${i}`, location: "العمارية" })));
    expect(await vocabulary("استراحه", "عماريه")).toEqual(["استراحه:استراحة:12", "عماريه:العمارية:12"]);
    await Promise.all(saved.map((offer) => db().update(offers).set({ location: "الجنادرية" }).where(eq(offers.id, offer.id))));
    expect(await vocabulary("عماريه", "جنادريه")).toEqual(["جنادريه:الجنادرية:12"]);
    await Promise.all(saved.map((offer) => db().delete(offers).where(eq(offers.id, offer.id))));
    expect(await vocabulary("استراحه", "جنادريه")).toEqual([]);
  });

  it("matches what the offers hold after any sequence of changes", async () => {
    const { rows } = await db().execute<{ drift: number }>(sql`
      select count(*)::int as drift from (
        select base, surface, count(*)::int as offers
        from ${offers} as o, search_vocabulary_words(o.title, o.property_type, o.city, o.location)
        group by 1, 2
      ) as expected
      full join ${searchVocabulary} as v using (base, surface)
      where expected.offers is distinct from v.offers`);
    expect(rows[0]?.drift).toBe(0);
  });
});

describe("the corrected keyword", () => {
  it("replaces an unknown word by the word one letter away that most offers have, written as most write it", async () => {
    await createOffer(db(), { title: "شقة في حي الندى", location: "الندى" });
    await createOffer(db(), { title: "فيلا في حي الندى", location: "الندى" });
    await createOffer(db(), { title: "أرض بالندي", location: "الندى" });
    expect(await correctedKeyword(db(), "شقة النذى")).toBe("شقة الندى");
  });

  it("leaves known words, short words and numbers alone", async () => {
    expect(await correctedKeyword(db(), "شقة")).toBeUndefined();
    expect(await correctedKeyword(db(), "ندا")).toBeUndefined(); // 3 letters
    expect(await correctedKeyword(db(), "12345")).toBeUndefined();
    expect(await correctedKeyword(db(), "قصر ملكي")).toBeUndefined(); // nothing one letter away
  });
});
