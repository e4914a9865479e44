import { FILTERABLE_STATUSES } from "~/modules/lookups/status-visibility.ts";

export { FILTERABLE_STATUSES };
export const PAGE_SIZE = 24;

/**
 * The orders of the list besides newest first (the default, no value in the address): price up,
 * price down, and price per square metre up (offers without an area last). The parameter keeps
 * SPEC's name, `priceSort`, so the home search's links still read the same.
 */
export const PRICE_SORTS = ["low", "high", "perM2"] as const;
type PriceSort = (typeof PRICE_SORTS)[number];

/** «غرف النوم»: at least this many. */
export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;

export interface OfferFilters {
  keyword?: string;
  city?: string;
  /** The offer's neighbourhood (its `location`); only together with a city. */
  neighbourhood?: string;
  propertyType?: string;
  status?: (typeof FILTERABLE_STATUSES)[number];
  /** Riyals, whole, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** Square metres, whole, inclusive; offers without an area never match an area range. */
  minArea?: number;
  maxArea?: number;
  /** At least this many bedrooms (1-5). */
  bedrooms?: number;
  priceSort?: PriceSort;
  /** The map search's area, "west,south,east,north" as map-search.ts writes it: only offers with a point inside it. */
  bbox?: string;
  page: number;
}

/** The filters' names in the address, in the order the query string lists them. */
export const OFFER_FILTER_KEYS = [
  "keyword",
  "city",
  "neighbourhood",
  "propertyType",
  "status",
  "minPrice",
  "maxPrice",
  "minArea",
  "maxArea",
  "bedrooms",
  "priceSort",
  "bbox",
] as const;

/** The query string for a set of filters (empty values left out), used by links and the filter bar. */
export function offerFiltersQuery(filters: Partial<OfferFilters>): string {
  const params = new URLSearchParams();
  for (const key of OFFER_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
