import { lazy, Suspense } from "react";
import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { AlertSubscribe } from "~/modules/alerts/components/alert-subscribe.tsx";
import { CardsIcon, GridIcon, PinIcon } from "~/components/ui/icons.tsx";
import { servicesContext } from "~/context.ts";
import { FilterChips, OffersFilterForm, useFilterFormKey } from "~/modules/offers/components/filter-bar.tsx";
import { canonicalOffersSearch, filterChips, offerFilterChoices, withListedNeighbourhood } from "~/modules/offers/filter-view.server.ts";
import { OfferCard } from "~/modules/offers/components/offer-card.tsx";
import { offerFiltersQuery, type OfferFilters } from "~/modules/search/filters.ts";
import { parseOfferFilters } from "~/modules/search/parse-filters.server.ts";
import { listOffers, listRecentOffers } from "~/modules/offers/offers.server.ts";
import { RECENT_SECTION_TITLE } from "~/modules/lookups/status-visibility.ts";
import { loadOffersMapView } from "~/modules/offer-map/offers-map.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { offersText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { useLiveOffers } from "~/modules/offers/components/use-live-offers.ts";
import type { Route } from "./+types/offers";

// The swipe and map views are chunks of their own, loaded when shown (the map's Leaflet and supercluster
// after it, decision 022): the grid's first load carries none of them.
const OfferSwipe = lazy(() => import("~/modules/offers/components/offer-swipe.tsx"));
const OffersMapView = lazy(() => import("~/modules/offer-map/components/offers-map-view.tsx"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const choices = await offerFilterChoices(db);
  const filters = withListedNeighbourhood(parseOfferFilters(url.searchParams), choices.neighbourhoods);
  // One address per search: a form's empty fields and dropped values leave it, so it can be shared as is.
  const search = canonicalOffersSearch(url.searchParams, filters);
  if (search !== (url.searchParams.size ? `?${url.searchParams}` : "")) throw redirect(`/offers${search}`);
  const chips = filterChips(filters);
  // The «تصفية» badge: the filters inside the disclosure (the keyword has its own field).
  const activeCount = chips.length - (filters.keyword ? 1 : 0);
  // Only the chosen city's neighbourhoods: the form applies a new city as it is chosen, and the
  // list's answer brings that city's (all forty cities' were a tenth of the page: decision 028).
  const shown = { ...choices, neighbourhoods: filters.city ? { [filters.city]: choices.neighbourhoods[filters.city] ?? [] } : {} };
  if (url.searchParams.get("view") === "map") {
    const [view, settings] = await Promise.all([loadOffersMapView(db, filters), getSettings(db)]);
    const map = { markers: view.markers, markersCapped: view.markersCapped, offMap: view.offMap, tileUrl: settings.mapTileUrl };
    return { ...view.list, recent: [], filters, ...shown, chips, activeCount, map };
  }
  // Sold and rented lately (decision 027): a section of their own under the first page, never among the list's offers or its count.
  const [result, recent] = await Promise.all([listOffers(db, filters), filters.page === 1 ? listRecentOffers(db, filters) : []]);
  return { ...result, recent, filters, ...shown, chips, activeCount, map: null };
}

// Switching between grid and swipe needs no new data (a live update, same URL, does); the map view's list and markers do.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    const map = params.get("view") === "map";
    params.delete("view");
    return `${url.pathname}?${params}${map}`;
  };
  if (currentUrl.pathname === nextUrl.pathname && strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "العروض العقارية",
    description: "تصفح أحدث العقارات للبيع والإيجار: فلل وشقق وأراضٍ وعمائر في مدن المملكة، وابحث حسب المدينة والنوع والسعر.",
    path: "/offers",
  });

/** First, last and the pages around the current one; 0 marks a gap. */
function pageWindow(page: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pageCount) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? [0, n] : [n]));
}

const pageLinkClass = "min-w-10 rounded-lg px-3 py-2 text-center font-bold";

/** The views of the list: its name in the address (none for the grid), icon and label. */
const VIEWS = [
  ["grid", GridIcon, "شبكة"],
  ["swipe", CardsIcon, "بطاقات"],
  ["map", PinIcon, "خريطة"],
] as const;

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { offers, recent, total, totalIsLowerBound, page, pageCount, filters, cities, propertyTypes, statuses, neighbourhoods, chips, activeCount, suggestion, map } = loaderData;
  useLiveOffers();
  const formKey = useFilterFormKey(`form${offerFiltersQuery(filters)}`);
  // Read from the URL, not the loader: switching between grid and swipe does not revalidate.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("view");
  const view = asked === "swipe" || (asked === "map" && map) ? asked : "grid";
  const query = (extra: Record<string, string | number | undefined>) => {
    const base = offerFiltersQuery({ ...filters, page: undefined });
    const params = new URLSearchParams(base);
    for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== "") params.set(key, String(value));
    const s = params.toString();
    return s ? `?${s}` : "";
  };
  const pageView = view === "grid" ? undefined : view;
  const pageLink = (n: number) => query({ page: n > 1 ? n : undefined, view: pageView });
  /** The list's first page with these filters, in the same view. */
  const listHref = (next: Partial<OfferFilters>) => {
    const params = new URLSearchParams(offerFiltersQuery({ ...next, page: undefined }));
    if (pageView) params.set("view", pageView);
    return `/offers${params.size ? `?${params}` : ""}`;
  };
  const hrefWithout = (keys: (keyof OfferFilters)[]) => {
    const rest: Partial<OfferFilters> = { ...filters };
    for (const key of keys) delete rest[key];
    return listHref(rest);
  };
  // Past the counted matches there is always a next page (listOffers counts on as one pages).
  const hasNext = page < pageCount || (totalIsLowerBound && page >= pageCount);
  const pager = (pageCount > 1 || hasNext) && (
    <nav aria-label="الصفحات" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={pageLink(page - 1)} rel="prev" className={`${pageLinkClass} bg-white text-stone-700 ring-1 ring-stone-200`}>
          السابق
        </Link>
      )}
      {pageWindow(page, pageCount).map((n, i) =>
        n === 0 ? (
          <span key={`gap-${i}`} aria-hidden className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={pageLink(n)}
            aria-label={`الصفحة ${formatNumberArabic(n)}`}
            aria-current={n === page ? "page" : undefined}
            className={`${pageLinkClass} ${n === page ? "bg-brand-700 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200"}`}
          >
            {formatNumberArabic(n)}
          </Link>
        ),
      )}
      {hasNext && (
        <Link to={pageLink(page + 1)} rel="next" className={`${pageLinkClass} bg-white text-stone-700 ring-1 ring-stone-200`}>
          التالي
        </Link>
      )}
    </nav>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "العروض" }]} />
      <h1 className="mt-3 mb-5 text-3xl font-bold text-brand-900">العروض العقارية</h1>
      {/* key: a new query re-initialises the form's default values, but not one the form applied itself (a key of its own: the swipe view, a sibling, is keyed by the query too) */}
      <OffersFilterForm
        key={formKey}
        cities={cities}
        neighbourhoods={neighbourhoods}
        propertyTypes={propertyTypes}
        statuses={statuses}
        values={filters}
        activeCount={activeCount}
        view={pageView}
      />
      <FilterChips chips={chips} hrefWithout={hrefWithout} />
      <AlertSubscribe search={offerFiltersQuery({ ...filters, page: undefined, priceSort: undefined })} labels={chips.map((chip) => chip.label)} />
      {suggestion && (
        <p className="mt-4 rounded-xl bg-gold-300/30 px-4 py-3 text-ink ring-1 ring-gold-300" data-testid="offers-suggestion">
          هل تقصد{" "}
          <Link to={listHref({ ...filters, keyword: suggestion })} className="font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            «{suggestion}»
          </Link>
          ؟{" "}
          <span className="text-stone-700">
            لم يطابق «{filters.keyword}» أي عرض، فهذه نتائج «{suggestion}».
          </span>
        </p>
      )}

      {/* Wraps on a narrow phone (320 px): the views' switcher ran past the screen's left edge. */}
      <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-700" aria-live="polite" data-testid="offers-count">
          {totalIsLowerBound && "أكثر من "}
          <strong>{offersText(total)}</strong>
        </p>
        <div className="flex rounded-xl bg-white p-1 shadow-sm ring-1 ring-stone-200" role="group" aria-label="طريقة العرض">
          {VIEWS.map(([name, Icon, label]) => (
            <Link
              key={name}
              to={query({ page: page > 1 ? page : undefined, view: name === "grid" ? undefined : name })}
              preventScrollReset
              aria-current={view === name ? "true" : undefined}
              className={`flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-bold ${view === name ? "bg-brand-700 text-white" : "text-stone-700"}`}
            >
              <Icon className="size-4" />
              {label}
            </Link>
          ))}
        </div>
      </div>

      <h2 className="sr-only">نتائج البحث</h2>
      <Suspense fallback={<p className="p-12 text-center">جارٍ التحميل…</p>}>
        {view === "map" && map ? (
          <OffersMapView data={loaderData} map={map} listHref={listHref} pager={pager} />
        ) : offers.length === 0 ? (
          <div className="rounded-2xl bg-white p-12 text-center shadow-sm ring-1 ring-stone-200">
            <p className="text-xl font-bold text-ink">{MESSAGES.offersEmptyTitle}</p>
            <p className="mt-2 text-stone-600">{MESSAGES.offersEmptyHint}</p>
          </div>
        ) : view === "swipe" ? (
          <OfferSwipe key={offerFiltersQuery(filters)} offers={offers} />
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="offers-grid">
            {offers.map((offer, i) => (
              <li key={offer.id}>
                <OfferCard offer={offer} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </Suspense>
      {view !== "map" && (
        <>
          {pager}
          {totalIsLowerBound && (
            <p className="mt-3 text-center text-sm text-stone-600">النتائج كثيرة، فنعدّها حتى {formatNumberArabic(total)} فقط؛ تابع بالصفحة التالية أو ضيّق البحث بالتصفية.</p>
          )}
        </>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="recent-title" className="mt-12 border-t border-stone-200 pt-8" data-testid="offers-recent">
          <h2 id="recent-title" className="mb-4 text-2xl font-bold text-brand-900">
            {RECENT_SECTION_TITLE}
          </h2>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {recent.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} closed />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
