import { yearsText, bathroomsText, roomsText } from "~/utils/count-words.ts";
import { formatArea, formatDigitsArabic, formatNumberArabic } from "~/utils/format.ts";
import { AD_LICENCE_STATE_LABELS, adLicenceState } from "~/modules/ad-licences/index.ts";
import { offerPriceText, pricePerMetreText, type OfferCardData } from "~/modules/offers/index.ts";

/** What /compare reads of an offer: its card's facts, and a few more the table compares. */
export interface ComparedOffer extends OfferCardData {
  floors: string;
  streetWidth: number;
  facade: string[];
  propertyAge: number;
  adLicence: { number: string; expiresOn: string | null };
}

/** A row of the comparison: one text per offer ("" when the offer does not say), and whether they differ. */
export interface CompareRow {
  key: string;
  label: string;
  values: string[];
  differs: boolean;
}

const when = (known: boolean, text: () => string) => (known ? text() : "");

/** The rows, in the order the page shows them, every value written as the offer page writes it (Arabic-Indic digits, words agreeing with numbers). */
const ROWS: Array<{ key: string; label: string; value: (offer: ComparedOffer, now: Date) => string }> = [
  { key: "price", label: "السعر", value: (o) => when(o.price > 0, () => offerPriceText(o.price, o.rentPeriod)) },
  { key: "perMetre", label: "سعر المتر المربع", value: (o) => pricePerMetreText(o.price, o.area, o.rentPeriod) },
  { key: "area", label: "المساحة", value: (o) => when(o.area > 0, () => formatArea(o.area)) },
  { key: "propertyType", label: "نوع العقار", value: (o) => o.propertyType },
  { key: "bedrooms", label: "غرف النوم", value: (o) => when(o.bedrooms > 0, () => roomsText(o.bedrooms)) },
  { key: "bathrooms", label: "دورات المياه", value: (o) => when(o.bathrooms > 0, () => bathroomsText(o.bathrooms)) },
  { key: "floors", label: "الأدوار", value: (o) => formatDigitsArabic(o.floors.trim()) },
  { key: "propertyAge", label: "عمر العقار", value: (o) => when(o.propertyAge > 0, () => yearsText(o.propertyAge)) },
  { key: "streetWidth", label: "عرض الشارع", value: (o) => when(o.streetWidth > 0, () => `${formatNumberArabic(o.streetWidth)} م`) },
  { key: "facade", label: "الواجهة", value: (o) => o.facade.join("، ") },
  { key: "place", label: "المدينة والحي", value: (o) => [o.city, o.location].filter(Boolean).join("، ") },
  { key: "status", label: "الحالة", value: (o) => o.status },
  { key: "licence", label: "ترخيص الإعلان", value: (o, now) => AD_LICENCE_STATE_LABELS[adLicenceState(o.adLicence, now)] },
];

/**
 * The comparison's rows. A row differs when its offers do not all say the same (one saying nothing
 * while another says something differs too); a single offer differs from nothing.
 */
export function compareRows(offers: ComparedOffer[], now: Date): CompareRow[] {
  return ROWS.map(({ key, label, value }) => {
    const values = offers.map((offer) => value(offer, now));
    return { key, label, values, differs: new Set(values).size > 1 };
  });
}
