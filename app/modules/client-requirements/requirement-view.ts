import type { OfferMatchReason, RequirementPurpose } from "~/db/column-types.ts";
import { roomsText } from "~/utils/count-words.ts";
import { formatArea, formatCountArabic, formatPriceArabic, type CountWords } from "~/utils/format.ts";
import { PURPOSE_LABELS } from "./requirement-schema.ts";

/** Why a client is listed as interested in an offer. */
export const MATCH_REASON_LABELS: Record<OfferMatchReason, string> = {
  published: "عرض جديد على الموقع يطابق طلبه",
  price: "تغيّر سعر عرض يطابق طلبه",
  requirement: "عرض على الموقع يطابق طلبه الجديد",
};

/** The parts of a requirement a person reads. */
export interface RequirementSummarySource {
  purpose: RequirementPurpose;
  propertyTypes: string[];
  cities: string[];
  neighbourhoods: string[];
  budgetMin: number | null;
  budgetMax: number | null;
  roomsMin: number | null;
  areaMin: number | null;
  areaMax: number | null;
}

/** A requirement as the page shows and edits it (null: no limit). */
export interface RequirementView extends RequirementSummarySource {
  id: number;
  active: boolean;
}

/** The lists a requirement is chosen from: the lookup lists' visible values, and the hidden ones a requirement already has. */
export interface RequirementChoices {
  propertyTypes: string[];
  cities: Array<{ name: string; neighbourhoods: string[] }>;
}

/** «من … إلى …», «من …», «حتى …» of a range with either end left out; "" with neither. */
function rangeText(min: number | null, max: number | null, write: (n: number) => string): string {
  if (min !== null && max !== null) return `من ${write(min)} إلى ${write(max)}`;
  if (min !== null) return `من ${write(min)}`;
  if (max !== null) return `حتى ${write(max)}`;
  return "";
}

/**
 * A requirement as lines of "label: value", in the form's order: «الغرض: شراء»، «الأنواع: شقة، فيلا»،
 * «المكان: الرياض (النرجس، الملقا)، جدة»، «الميزانية: من … إلى … ر.س. سنويًا» (a rent's is yearly)…
 * A limit left out is not listed; the place says «أي مدينة» when none is chosen.
 */
export function requirementLines(r: RequirementSummarySource): Array<{ label: string; value: string }> {
  const byCity = new Map<string, string[]>();
  for (const city of r.cities) byCity.set(city, []);
  for (const key of r.neighbourhoods) {
    const [city, ...rest] = key.split("/");
    byCity.set(city!, [...(byCity.get(city!) ?? []), rest.join("/")]);
  }
  const place = byCity.size ? [...byCity].map(([city, hoods]) => (hoods.length ? `${city} (${hoods.join("، ")})` : city)).join("، ") : "أي مدينة";
  const lines = [
    { label: "الغرض", value: PURPOSE_LABELS[r.purpose] },
    { label: "نوع العقار", value: r.propertyTypes.join("، ") },
    { label: "المكان", value: place },
  ];
  const budget = rangeText(r.budgetMin, r.budgetMax, formatPriceArabic);
  if (budget) lines.push({ label: "الميزانية", value: r.purpose === "rent" ? `${budget} سنويًا` : budget });
  if (r.roomsMin) lines.push({ label: "الغرف", value: `${roomsText(r.roomsMin)} على الأقل` });
  const area = rangeText(r.areaMin, r.areaMax, formatArea);
  if (area) lines.push({ label: "المساحة", value: area });
  return lines;
}

/** One match as the staff see it: the client and how to reach them, the offer, why and when. */
export interface MatchView {
  id: number;
  reason: OfferMatchReason;
  price: number;
  matchedAt: string;
  contactedAt: string | null;
  client: { id: number; name: string; phone: string | null };
  offer: { id: number; title: string; price: number; rentPeriod: string; city: string; location: string };
}

const MATCHES: CountWords = { zero: "لا توجد مطابقات", one: "مطابقة واحدة", two: "مطابقتان", few: "مطابقات", many: "مطابقة" };

/** «مطابقة واحدة»، «مطابقتان»، «٣ مطابقات»، «١١ مطابقة» (Intl.PluralRules('ar') through formatCountArabic). */
export const matchesText = (count: number) => formatCountArabic(count, MATCHES);
