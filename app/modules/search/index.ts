/** The search module's public entry: what other modules of its tier may use (decision 044). */
export { BEDROOM_CHOICES, FILTERABLE_STATUSES, OFFER_FILTER_KEYS, PAGE_SIZE, PRICE_SORTS, offerFiltersQuery, type OfferFilters } from "./filters.ts";
export { boundsAround, formatBbox, parseBbox, type MapMarker } from "./map-search.ts";
export { foldSearch } from "./normalize.ts";
export { readKeyword } from "./keyword-facts.ts";
