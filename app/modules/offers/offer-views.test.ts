import { describe, expect, it } from "vitest";
import { EMPTY_DETAILS } from "../../../tests/factories/offers.ts";
import { visibleDetails } from "./detail-fields.ts";
import { publicStatusTone } from "./offer-views.ts";

describe("status badge colours on the public site", () => {
  it.each([
    ["للبيع", "green"],
    ["للإيجار", "blue"],
    ["محجوز", "yellow"],
    ["مؤجل", "orange"],
    ["مباع", "red"],
    ["مؤجر", "red"],
    ["تحت الإنشاء", "grey"],
  ])("%s is %s", (status, tone) => {
    expect(publicStatusTone(status)).toBe(tone);
  });
});

describe("details shown on the offer page", () => {
  it("leaves out empty text, zero and 'no', and formats the rest", () => {
    const rows = visibleDetails({ ...EMPTY_DETAILS, streetWidth: 20, facade: ["شمال", "شرق"], maidsRoom: true, propertyAge: 1, planNumber: " 3601 " });
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["عرض الشارع", "٢٠ م"],
      ["الواجهة", "شمال، شرق"],
      ["عمر العقار", "سنة واحدة"],
      ["غرفة خادمة", "نعم"],
      ["رقم المخطط", "٣٦٠١"],
    ]);
    expect(visibleDetails(EMPTY_DETAILS)).toEqual([]);
  });

  it("writes codes and the year built in Arabic-Indic digits; the supervisor's phone as dialled at home, an identifier (IdentifierText writes its digits); the age agrees with its number", () => {
    const rows = visibleDetails({ ...EMPTY_DETAILS, propertyAge: 11, plotNumber: "418", constructionDate: "2024", unitNumber: "12ب", supervisorPhone: "0551234567" });
    expect(rows).toEqual([
      { key: "propertyAge", label: "عمر العقار", value: "١١ سنة" },
      { key: "plotNumber", label: "رقم القطعة", value: "٤١٨" },
      { key: "constructionDate", label: "تاريخ البناء", value: "٢٠٢٤" },
      { key: "unitNumber", label: "رقم الوحدة", value: "١٢ب" },
      { key: "supervisorPhone", label: "جوال المشرف", value: "055 123 4567", identifier: true },
    ]);
    expect(visibleDetails({ ...EMPTY_DETAILS, propertyAge: 2 })[0]!.value).toBe("سنتان");
    expect(visibleDetails({ ...EMPTY_DETAILS, propertyAge: 3 })[0]!.value).toBe("٣ سنوات");
  });
});
