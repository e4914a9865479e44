import { z } from "zod";

/** Only these two statuses filter the list (SPEC.md §5); any other value is ignored. */
export const FILTERABLE_STATUSES = ["للبيع", "للإيجار"] as const;
export const PAGE_SIZE = 24;

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((v) => (v ? v : undefined));

export const offerFiltersSchema = z.object({
  keyword: optionalText,
  city: optionalText,
  propertyType: optionalText,
  status: z
    .enum(FILTERABLE_STATUSES)
    .optional()
    .catch(undefined),
  priceSort: z.enum(["low", "high"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export interface OfferFilters {
  keyword?: string;
  city?: string;
  propertyType?: string;
  status?: (typeof FILTERABLE_STATUSES)[number];
  priceSort?: "low" | "high";
  page: number;
}

/** Reads the filters from a query string; unknown or malformed values are dropped, never an error. */
export function parseOfferFilters(params: URLSearchParams): OfferFilters {
  return offerFiltersSchema.parse(Object.fromEntries(params)) satisfies OfferFilters;
}

/** The query string for a set of filters (empty values left out), used by links and the filter bar. */
export function offerFiltersQuery(filters: Partial<OfferFilters>): string {
  const params = new URLSearchParams();
  for (const key of ["keyword", "city", "propertyType", "status", "priceSort"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
