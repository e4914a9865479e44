import { formatDigitsArabic } from "~/utils/format.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { isOneOf } from "~/utils/one-of.ts";
import { LICENCE_EXPIRING_DAYS } from "~/modules/ad-licences/index.ts";
import { parseVisibilityFilter, type OfferVisibility } from "~/modules/offers/index.ts";

/**
 * The back-office offers list's filters, read from its address (`q`, `status`, `city`, `type`,
 * `licence`, `hidden`, `sort`, `page`): shared by the page (its form and links) and the server's one query
 * (adminOffersWhere). Other pages (reports, the dashboard) link to the list with these names.
 */
export const ADMIN_LICENCE_FILTERS = ["none", "ending", "ended"] as const;
export type AdminLicenceFilter = (typeof ADMIN_LICENCE_FILTERS)[number];
export const ADMIN_LICENCE_FILTER_LABELS: Record<AdminLicenceFilter, string> = {
  none: "بلا ترخيص",
  ending: formatDigitsArabic(`ينتهي خلال ${LICENCE_EXPIRING_DAYS} يومًا`),
  ended: "منتهٍ",
};

export const ADMIN_OFFER_SORTS = ["new", "old", "price-asc", "price-desc"] as const;
export type AdminOfferSort = (typeof ADMIN_OFFER_SORTS)[number];
export const ADMIN_OFFER_SORT_LABELS: Record<AdminOfferSort, string> = {
  new: "الأحدث أولًا",
  old: "الأقدم أولًا",
  "price-asc": "السعر: من الأقل",
  "price-desc": "السعر: من الأعلى",
};

export interface AdminOfferFilters {
  /** A title's words (Arabic-folded) or a reference number («١٢»، «#12»). */
  q?: string;
  status?: string;
  city?: string;
  type?: string;
  licence?: AdminLicenceFilter;
  /** Shown to visitors now, or hidden for one reason (the reports' links, decision 029). */
  hidden?: OfferVisibility;
  sort: AdminOfferSort;
  page: number;
}

const MAX_PAGE = 100_000;
const text = (params: URLSearchParams, name: string, max = 100) => (params.get(name) ?? "").trim().slice(0, max) || undefined;

export function parseAdminOfferFilters(params: URLSearchParams): AdminOfferFilters {
  const licence = params.get("licence");
  const sort = params.get("sort");
  const page = Number(toAsciiDigits(params.get("page") ?? "1"));
  return {
    q: text(params, "q"),
    status: text(params, "status"),
    city: text(params, "city"),
    type: text(params, "type"),
    licence: isOneOf(ADMIN_LICENCE_FILTERS, licence) ? licence : undefined,
    hidden: parseVisibilityFilter(params),
    sort: isOneOf(ADMIN_OFFER_SORTS, sort) ? sort : "new",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** A reference number as typed: «12»، «١٢»، «#12»; null for anything else. */
export function referenceNumberOf(q: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(toAsciiDigits(q).trim());
  return match ? Number(match[1]) : null;
}

/** Whether any filter is set (the empty list then says «no match», not «no offers yet»). */
export const isFiltered = (filters: AdminOfferFilters) => Boolean(filters.q || filters.status || filters.city || filters.type || filters.licence || filters.hidden);

/** The list's address for these filters and page (paging and sorting keep the filters). */
export function adminOffersHref(filters: AdminOfferFilters, changes: Partial<AdminOfferFilters> = {}): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const name of ["q", "status", "city", "type", "licence", "hidden"] as const) {
    const value = next[name];
    if (value) params.set(name, value);
  }
  if (next.sort !== "new") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `/admin/offers?${query}` : "/admin/offers";
}
