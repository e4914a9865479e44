import { yearsText } from "~/utils/count-words.ts";
import { formatDigitsArabic, formatNumberArabic } from "~/utils/format.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
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

/** A row of the offer page's details; `identifier` for a phone, shown by IdentifierText (its groups in order, its digits written there). */
export interface DetailRow {
  key: string;
  label: string;
  value: string;
  identifier?: true;
}

/**
 * The details worth showing: empty text, zero and "no" are left out. Numbers and the digits of
 * codes (plan, plot, unit, year built, the supervisor's phone) are Arabic-Indic; the age agrees
 * with its number («سنة واحدة», «٣ سنوات»).
 */
export function visibleDetails(details: Partial<OfferDetails>): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const [key, label] of Object.entries(DETAIL_LABELS) as [keyof typeof DETAIL_LABELS, string][]) {
    const value = details[key];
    let text = "";
    if (Array.isArray(value)) text = value.join("، ");
    else if (typeof value === "boolean") text = value ? "نعم" : "";
    else if (typeof value === "number") {
      if (value > 0) {
        text = key === "propertyAge" ? yearsText(value) : formatNumberArabic(value);
        if (key === "streetWidth") text += " م";
      }
    } else if (key === "supervisorPhone" && typeof value === "string") {
      if (value.trim()) rows.push({ key, label, value: formatPhoneForReading(value), identifier: true });
      continue;
    } else if (typeof value === "string") text = formatDigitsArabic(value.trim());
    if (text) rows.push({ key, label, value: text });
  }
  return rows;
}
