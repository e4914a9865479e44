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
      ["عمر العقار", "١ سنة"],
      ["غرفة خادمة", "نعم"],
      ["رقم المخطط", "3601"],
    ]);
    expect(visibleDetails(EMPTY_DETAILS)).toEqual([]);
  });
});
