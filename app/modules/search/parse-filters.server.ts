import { z } from "zod";
import { NUMBER_LIMITS, readTypedNumber } from "~/utils/numbers.ts";
import { BEDROOM_CHOICES, FILTERABLE_STATUSES, PRICE_SORTS, type OfferFilters } from "./filters.ts";
import { formatBbox, parseBbox } from "./map-search.ts";

// Kept out of filters.ts so that Zod stays out of the browser bundle of public pages.
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((v) => (v ? v : undefined));

/**
 * A whole number of at least 1 as a person types it ("500000", "500,000", "٥٠٠٬٠٠٠"); anything
 * else (blank, 0, a sign, a fraction, words, more than `max`) is no filter.
 */
const optionalAmount = (max: number) =>
  z
    .unknown()
    .transform((v) => {
      if (typeof v !== "string") return undefined;
      const n = readTypedNumber(v.slice(0, 40), { max, whole: true });
      return n ? n : undefined;
    })
    .catch(undefined);

const offerFiltersSchema = z.object({
  keyword: optionalText,
  city: optionalText,
  neighbourhood: optionalText,
  propertyType: optionalText,
  status: z.enum(FILTERABLE_STATUSES).optional().catch(undefined),
  minPrice: optionalAmount(NUMBER_LIMITS.price),
  maxPrice: optionalAmount(NUMBER_LIMITS.price),
  minArea: optionalAmount(NUMBER_LIMITS.area),
  maxArea: optionalAmount(NUMBER_LIMITS.area),
  bedrooms: z.coerce
    .number()
    .int()
    .refine((n) => (BEDROOM_CHOICES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  priceSort: z.enum(PRICE_SORTS).optional().catch(undefined),
  // The map's area, written back in its canonical form (five decimals); a malformed one is no area.
  bbox: z
    .unknown()
    .transform((v) => {
      const bounds = typeof v === "string" && v.length <= 100 ? parseBbox(v) : null;
      return bounds ? formatBbox(bounds) : undefined;
    })
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** A range typed the wrong way round ("from 900 to 300") is read as meant. */
function ordered(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/**
 * Reads the filters from a query string; unknown or malformed values are dropped, never an error.
 * A neighbourhood counts only with its city. Keys left out are absent, so a parsed query and
 * offerFiltersQuery round-trip exactly.
 */
export function parseOfferFilters(params: URLSearchParams): OfferFilters {
  // The first value of a repeated key, as a form would send one.
  const first: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in first)) first[key] = value;
  const parsed = offerFiltersSchema.parse(first);
  const [minPrice, maxPrice] = ordered(parsed.minPrice, parsed.maxPrice);
  const [minArea, maxArea] = ordered(parsed.minArea, parsed.maxArea);
  const filters: OfferFilters = { ...parsed, neighbourhood: parsed.city ? parsed.neighbourhood : undefined, minPrice, maxPrice, minArea, maxArea };
  for (const key of Object.keys(filters) as (keyof OfferFilters)[]) if (filters[key] === undefined) delete filters[key];
  return filters;
}
