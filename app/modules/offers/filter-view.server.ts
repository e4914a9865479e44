import type { Db } from "~/db/client.server.ts";
import { FILTER_PROPERTY_TYPES } from "~/modules/lookups/defaults.ts";
import { getStatusVisibilities, listFilterChoices, type FilterChoices } from "~/modules/lookups/lookups.server.ts";
import { formatCountArabic, formatNumberArabic } from "~/utils/format.ts";
import { FILTERABLE_STATUSES, OFFER_FILTER_KEYS, offerFiltersQuery, readKeyword, type OfferFilters } from "~/modules/search/index.ts";

/**
 * The choices of the offers filter bars (home and /offers): the visible cities with their
 * neighbourhoods, and the property types of SPEC §5's filter list first (شقة، فيلا، أرض، عمارة،
 * استوديو، بنتهاوس، محل تجاري), then every other visible type of the firm's lookup list (مستودع
 * and what the manager adds), whether or not an offer has it yet; and the status filter's statuses
 * that are public now (decision 027: never a sold, reserved or internal one).
 */
export async function offerFilterChoices(db: Db): Promise<FilterChoices & { statuses: string[] }> {
  const [choices, { available }] = await Promise.all([listFilterChoices(db), getStatusVisibilities(db)]);
  const others = choices.propertyTypes.filter((type) => !FILTER_PROPERTY_TYPES.includes(type));
  return { ...choices, propertyTypes: [...FILTER_PROPERTY_TYPES, ...others], statuses: FILTERABLE_STATUSES.filter((status) => available.includes(status)) };
}

/** A neighbourhood that is not one of the chosen city's (left over from another city) filters nothing. */
export function withListedNeighbourhood(filters: OfferFilters, neighbourhoods: Record<string, string[]>): OfferFilters {
  if (!filters.neighbourhood || (filters.city && neighbourhoods[filters.city]?.includes(filters.neighbourhood))) return filters;
  const { neighbourhood: _dropped, ...rest } = filters;
  return rest;
}

/**
 * The address of /offers for these filters, keeping the parameters that are not filters (the view).
 * The loader redirects to it when the address differs (a form's empty fields, a malformed or
 * dropped value), so the address shown is the one to share.
 */
export function canonicalOffersSearch(params: URLSearchParams, filters: OfferFilters): string {
  const canonical = new URLSearchParams(offerFiltersQuery(filters));
  const known: readonly string[] = [...OFFER_FILTER_KEYS, "page"];
  for (const [key, value] of params) if (!known.includes(key)) canonical.append(key, value);
  const query = canonical.toString();
  return query ? `?${query}` : "";
}

/** A filter in force, as a chip: its text, and the filters that removing it leaves out. */
export interface FilterChip {
  label: string;
  remove: (keyof OfferFilters)[];
}

const BEDROOMS = { zero: "", one: "غرفة نوم واحدة", two: "غرفتا نوم", few: "غرف نوم", many: "غرفة نوم" };

function range(name: string, min: number | undefined, max: number | undefined, unit: string): string {
  const n = (value: number) => formatNumberArabic(value);
  if (min !== undefined && max !== undefined) return `${name} من ${n(min)} إلى ${n(max)} ${unit}`;
  if (min !== undefined) return `${name} من ${n(min)} ${unit}`;
  return `${name} حتى ${n(max ?? 0)} ${unit}`;
}

/**
 * The keyword's chip: the keyword, and what its phrases were read as («شقة 3 غرف تحت مليون»: ٣ غرف نوم،
 * السعر حتى ١٬٠٠٠٬٠٠٠ ريال), so a visitor sees why the list is what it is (and an alert says it too).
 */
function keywordLabel(keyword: string): string {
  const { minBedrooms, maxBedrooms, minPrice, maxPrice, minArea, maxArea } = readKeyword(keyword);
  const bedrooms =
    minBedrooms !== undefined && minBedrooms === maxBedrooms
      ? formatCountArabic(minBedrooms, BEDROOMS)
      : minBedrooms !== undefined && maxBedrooms !== undefined
        ? `من ${formatNumberArabic(minBedrooms)} إلى ${formatCountArabic(maxBedrooms, BEDROOMS)}`
        : minBedrooms !== undefined
          ? `${formatCountArabic(minBedrooms, BEDROOMS)} فأكثر`
          : maxBedrooms !== undefined
            ? `حتى ${formatCountArabic(maxBedrooms, BEDROOMS)}`
            : undefined;
  const read = [
    bedrooms,
    minPrice !== undefined || maxPrice !== undefined ? range("السعر", minPrice, maxPrice, "ريال") : undefined,
    minArea !== undefined || maxArea !== undefined ? range("المساحة", minArea, maxArea, "م²") : undefined,
  ].filter((text) => text !== undefined);
  return read.length ? `«${keyword}»: ${read.join("، ")}` : `«${keyword}»`;
}

/** The chips of the filters in force, in the bar's order (the list's order is not a filter and has none). */
export function filterChips(filters: OfferFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.keyword) chips.push({ label: keywordLabel(filters.keyword), remove: ["keyword"] });
  // The neighbourhood goes with its city.
  if (filters.city) chips.push({ label: filters.city, remove: ["city", "neighbourhood"] });
  if (filters.neighbourhood) chips.push({ label: `حي ${filters.neighbourhood}`, remove: ["neighbourhood"] });
  if (filters.propertyType) chips.push({ label: filters.propertyType, remove: ["propertyType"] });
  if (filters.status) chips.push({ label: filters.status, remove: ["status"] });
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    chips.push({ label: range("السعر", filters.minPrice, filters.maxPrice, "ريال"), remove: ["minPrice", "maxPrice"] });
  }
  if (filters.minArea !== undefined || filters.maxArea !== undefined) {
    chips.push({ label: range("المساحة", filters.minArea, filters.maxArea, "م²"), remove: ["minArea", "maxArea"] });
  }
  if (filters.bedrooms !== undefined) chips.push({ label: `${formatCountArabic(filters.bedrooms, BEDROOMS)} فأكثر`, remove: ["bedrooms"] });
  if (filters.bbox) chips.push({ label: "داخل المنطقة المحددة على الخريطة", remove: ["bbox"] });
  return chips;
}
