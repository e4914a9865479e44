import { z } from "zod";
import { FILTERABLE_STATUSES, type OfferFilters } from "./filters.ts";

// Kept out of filters.ts so that Zod stays out of the browser bundle of public pages.
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((v) => (v ? v : undefined));

const offerFiltersSchema = z.object({
  keyword: optionalText,
  city: optionalText,
  propertyType: optionalText,
  status: z.enum(FILTERABLE_STATUSES).optional().catch(undefined),
  priceSort: z.enum(["low", "high"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** Reads the filters from a query string; unknown or malformed values are dropped, never an error. */
export function parseOfferFilters(params: URLSearchParams): OfferFilters {
  return offerFiltersSchema.parse(Object.fromEntries(params)) satisfies OfferFilters;
}
