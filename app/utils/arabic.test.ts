import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/test-db.ts";
import { foldArabic } from "./arabic.ts";

const db = useTestDatabase();

const SAMPLES = ["أحمد", "إسلام", "آمنة", "مكة", "مستشفى", "مؤسسة", "جزيرة", "العُلَيَّا", "الرياض", "شقـــة", "٣ غرف", "VILLA"];

describe("Arabic folding", () => {
  it("folds hamza forms of alef, ta marbuta, alef maqsura, diacritics and tatweel", () => {
    expect(foldArabic("أحمد")).toBe(foldArabic("احمد"));
    expect(foldArabic("مكة")).toBe(foldArabic("مكه"));
    expect(foldArabic("مستشفى")).toBe(foldArabic("مستشفي"));
    expect(foldArabic("العُلَيَّا")).toBe("العليا");
    expect(foldArabic("شقـــة")).toBe("شقه");
    expect(foldArabic("إسلام آمنة")).toBe("اسلام امنه");
    expect(foldArabic("VILLA ٣")).toBe("villa 3");
  });

  it("matches the SQL function ar_fold used by the search index", async () => {
    for (const sample of SAMPLES) {
      const result = await db().execute<{ folded: string }>(sql`select ar_fold(${sample}) as folded`);
      expect(result.rows[0]?.folded, sample).toBe(foldArabic(sample));
    }
  });
});
