import { describe, expect, it } from "vitest";
import { bathroomsText, daysText, offersText, photosText, roomsText, yearsText } from "./count-words.ts";

describe("counted words agree with the number (Intl.PluralRules('ar'))", () => {
  const counts = [0, 1, 2, 3, 10, 11, 99, 100, 103];
  const table = (text: (count: number) => string) => counts.map(text);

  it("rooms and bathrooms", () => {
    expect(table(roomsText)).toEqual(["لا توجد غرف", "غرفة واحدة", "غرفتان", "٣ غرف", "١٠ غرف", "١١ غرفة", "٩٩ غرفة", "١٠٠ غرفة", "١٠٣ غرف"]);
    expect(table(bathroomsText)).toEqual([
      "لا توجد دورات مياه",
      "دورة مياه واحدة",
      "دورتا مياه",
      "٣ دورات مياه",
      "١٠ دورات مياه",
      "١١ دورة مياه",
      "٩٩ دورة مياه",
      "١٠٠ دورة مياه",
      "١٠٣ دورات مياه",
    ]);
  });

  it("offers: none, one, two, a few, many, a hundred", () => {
    expect(table(offersText)).toEqual(["لا توجد عروض", "عرض واحد", "عرضان", "٣ عروض", "١٠ عروض", "١١ عرضًا", "٩٩ عرضًا", "١٠٠ عرض", "١٠٣ عروض"]);
    expect(offersText(1000)).toBe("١٬٠٠٠ عرض");
  });

  it("photos, days and years", () => {
    expect(table(photosText)).toEqual(["لا توجد صور", "صورة واحدة", "صورتان", "٣ صور", "١٠ صور", "١١ صورة", "٩٩ صورة", "١٠٠ صورة", "١٠٣ صور"]);
    expect(table(daysText)).toEqual(["أقل من يوم", "يوم واحد", "يومان", "٣ أيام", "١٠ أيام", "١١ يومًا", "٩٩ يومًا", "١٠٠ يوم", "١٠٣ أيام"]);
    expect(table(yearsText)).toEqual(["أقل من سنة", "سنة واحدة", "سنتان", "٣ سنوات", "١٠ سنوات", "١١ سنة", "٩٩ سنة", "١٠٠ سنة", "١٠٣ سنوات"]);
  });
});
