/** Only these two statuses filter the list; any other value is ignored. */
export const FILTERABLE_STATUSES = ["للبيع", "للإيجار"] as const;
export const PAGE_SIZE = 24;

export interface OfferFilters {
  keyword?: string;
  city?: string;
  propertyType?: string;
  status?: (typeof FILTERABLE_STATUSES)[number];
  priceSort?: "low" | "high";
  page: number;
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
