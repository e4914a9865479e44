import { describe, expect, it } from "vitest";
import { EMPTY_DISCLOSURES } from "~/modules/ad-licences/ad-licence.ts";
import { disclosureSentences, offerPriceText, pricePerMetreText } from "./offer-texts.ts";

/** The Arabic price format writes direction marks around the currency and a no-break space before it; the words a visitor reads are the rest. */
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "").replace(/\u00a0/g, " ");

describe("prices", () => {
  it("a rent offer's price says its period; others' say none", () => {
    expect(visible(offerPriceText(45_000, "yearly"))).toBe("٤٥٬٠٠٠ ر.س. سنويًا");
    expect(visible(offerPriceText(3_500, "monthly"))).toBe("٣٬٥٠٠ ر.س. شهريًا");
    expect(visible(offerPriceText(450, "daily"))).toBe("٤٥٠ ر.س. يوميًا");
    expect(visible(offerPriceText(1_250_000, ""))).toBe("١٬٢٥٠٬٠٠٠ ر.س.");
  });

  it("the price of a square metre, rounded to the riyal, per period for rent", () => {
    expect(visible(pricePerMetreText(900_000, 150, ""))).toBe("٦٬٠٠٠ ر.س. للمتر المربع");
    expect(visible(pricePerMetreText(1_000_000, 3, ""))).toBe("٣٣٣٬٣٣٣ ر.س. للمتر المربع");
    expect(visible(pricePerMetreText(60_000, 200, "yearly"))).toBe("٣٠٠ ر.س. للمتر المربع سنويًا");
  });

  it("no price per square metre without an area or a price", () => {
    expect(pricePerMetreText(900_000, 0, "")).toBe("");
    expect(pricePerMetreText(0, 150, "")).toBe("");
  });
});

describe("disclosures as sentences", () => {
  it("says each of disputes, mortgage and unrecorded rights either way; building code and guarantees only when known", () => {
    expect(disclosureSentences(EMPTY_DISCLOSURES)).toEqual([
      "لا توجد نزاعات قائمة على العقار",
      "لا يوجد رهن أو قيد على العقار",
      "لا توجد حقوق أو التزامات على العقار غير مذكورة في الصك",
    ]);
  });

  it("gives the details of what is there, the building code and the guarantees", () => {
    expect(
      disclosureSentences({
        disputes: true,
        disputesDetails: " دعوى قسمة بين الورثة ",
        mortgage: true,
        mortgageDetails: "رهن لصالح بنك الرياض",
        unrecordedRights: true,
        unrecordedRightsDetails: "حق مرور للجار",
        guarantees: "ضمان الهيكل عشر سنوات",
        buildingCode: "yes",
      }),
    ).toEqual([
      "يوجد نزاع قائم على العقار: دعوى قسمة بين الورثة",
      "يوجد رهن أو قيد على العقار: رهن لصالح بنك الرياض",
      "توجد حقوق أو التزامات على العقار غير مذكورة في الصك: حق مرور للجار",
      "العقار مطابق لكود البناء السعودي",
      "الضمانات: ضمان الهيكل عشر سنوات",
    ]);
    expect(disclosureSentences({ ...EMPTY_DISCLOSURES, buildingCode: "no", guarantees: "  " }).at(-1)).toBe("العقار غير مطابق لكود البناء السعودي");
  });
});
