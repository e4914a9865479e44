import { formatNumberArabic } from "~/utils/format.ts";
import type { OfferDetails } from "./details.ts";

/** Arabic labels of the offer details, in the order pages show them. */
export const DETAIL_LABELS: Record<Exclude<keyof OfferDetails, "additionalNotes">, string> = {
  streetWidth: "عرض الشارع",
  facade: "الواجهة",
  propertyAge: "عمر العقار",
  livingRooms: "الصالات",
  driversRoom: "غرفة سائق",
  maidsRoom: "غرفة خادمة",
  planNumber: "رقم المخطط",
  plotNumber: "رقم القطعة",
  constructionDate: "تاريخ البناء",
  buildingType: "استخدام المبنى",
  elevators: "المصاعد",
  kitchen: "مطبخ مجهز",
  rooftopTank: "خزان علوي",
  unitNumber: "رقم الوحدة",
  parking: "مواقف السيارات",
  supervisorName: "المشرف",
  supervisorPhone: "جوال المشرف",
};

/** The details worth showing: empty text, zero and "no" are left out. */
export function visibleDetails(details: Partial<OfferDetails>): { key: string; label: string; value: string }[] {
  const rows: { key: string; label: string; value: string }[] = [];
  for (const [key, label] of Object.entries(DETAIL_LABELS) as [keyof typeof DETAIL_LABELS, string][]) {
    const value = details[key];
    let text = "";
    if (Array.isArray(value)) text = value.join("، ");
    else if (typeof value === "boolean") text = value ? "نعم" : "";
    else if (typeof value === "number") {
      if (value > 0) {
        text = formatNumberArabic(value);
        if (key === "streetWidth") text += " م";
        if (key === "propertyAge") text += value === 1 ? " سنة" : " سنوات";
      }
    } else if (typeof value === "string") text = value.trim();
    if (text) rows.push({ key, label, value: text });
  }
  return rows;
}
