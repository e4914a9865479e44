import { describe, expect, it } from "vitest";
import { compareRows, type ComparedOffer } from "./compare-view.ts";

const NOW = new Date("2026-06-01T09:00:00Z");
const base: ComparedOffer = {
  id: 1,
  title: "شقة",
  price: 45_000,
  rentPeriod: "yearly",
  propertyType: "شقة",
  status: "للإيجار",
  city: "الرياض",
  location: "النرجس",
  area: 150,
  bedrooms: 3,
  bathrooms: 2,
  floors: "",
  streetWidth: 15,
  facade: ["شمال"],
  propertyAge: 1,
  adLicence: { number: "7100000001", expiresOn: "2099-12-31" },
  mainImage: null,
};
const values = (offers: ComparedOffer[], key: string) => compareRows(offers, NOW).find((row) => row.key === key)!;

describe("the comparison's rows", () => {
  it("writes each value as the offer page does, a rent's price with its period", () => {
    const rows = compareRows([base], NOW);
    expect(rows.map((row) => row.label)).toEqual([
      "السعر",
      "سعر المتر المربع",
      "المساحة",
      "نوع العقار",
      "غرف النوم",
      "دورات المياه",
      "الأدوار",
      "عمر العقار",
      "عرض الشارع",
      "الواجهة",
      "المدينة والحي",
      "الحالة",
      "ترخيص الإعلان",
    ]);
    const text = Object.fromEntries(rows.map((row) => [row.key, row.values[0]]));
    expect(text.price).toMatch(/٤٥٬٠٠٠.*سنويًا$/);
    expect(text.perMetre).toMatch(/٣٠٠.*للمتر المربع سنويًا$/);
    expect(text).toMatchObject({
      area: "١٥٠ م²",
      bedrooms: "٣ غرف",
      bathrooms: "دورتا مياه",
      floors: "",
      propertyAge: "سنة واحدة",
      streetWidth: "١٥ م",
      facade: "شمال",
      place: "الرياض، النرجس",
      status: "للإيجار",
      licence: "ترخيص ساري",
    });
  });

  it("marks a row only where the offers' values differ, one saying nothing included", () => {
    const other = { ...base, id: 2, price: 60_000, floors: "3", adLicence: { number: "", expiresOn: null } };
    expect(values([base, other], "price").differs).toBe(true);
    expect(values([base, other], "area").differs).toBe(false);
    expect(values([base, other], "floors")).toMatchObject({ values: ["", "٣"], differs: true });
    expect(values([base, other], "licence")).toMatchObject({ values: ["ترخيص ساري", "بلا ترخيص"], differs: true });
    expect(values([base, { ...base, id: 3 }, { ...base, id: 4, facade: ["شمال", "غرب"] }], "facade").differs).toBe(true);
  });

  it("marks nothing for a single offer, and leaves out what an offer does not say", () => {
    const land = { ...base, price: 0, area: 0, bedrooms: 0, bathrooms: 0, streetWidth: 0, facade: [], propertyAge: 0, location: "" };
    const rows = compareRows([land], NOW);
    expect(rows.every((row) => !row.differs)).toBe(true);
    const text = Object.fromEntries(rows.map((row) => [row.key, row.values[0]]));
    expect(text).toMatchObject({ price: "", perMetre: "", area: "", bedrooms: "", bathrooms: "", streetWidth: "", facade: "", propertyAge: "", place: "الرياض" });
  });
});
