import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { CardsIcon, GridIcon } from "~/components/ui/icons.tsx";
import { servicesContext } from "~/context.ts";
import { listFilterChoices } from "~/modules/lookups/lookups.server.ts";
import { FilterBar } from "~/modules/offers/components/filter-bar.tsx";
import { OfferCard } from "~/modules/offers/components/offer-card.tsx";
import { OfferSwipe } from "~/modules/offers/components/offer-swipe.tsx";
import { offerFiltersQuery } from "~/modules/offers/filters.ts";
import { parseOfferFilters } from "~/modules/offers/parse-filters.server.ts";
import { listOffers } from "~/modules/offers/offers.server.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { useLiveOffers } from "~/modules/offers/components/use-live-offers.ts";
import type { Route } from "./+types/offers";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const filters = parseOfferFilters(params);
  const [result, choices] = await Promise.all([listOffers(db, filters), listFilterChoices(db)]);
  return { ...result, filters, ...choices };
}

// Switching between grid and swipe needs no new data (a live update, same URL, does).
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("view");
    return `${url.pathname}?${params}`;
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

/** First, last and the pages around the current one. */
function pageWindow(page: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pageCount) pages.add(n);
  return [...pages].sort((a, b) => a - b);
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { offers, total, totalIsLowerBound, page, pageCount, filters, cities, propertyTypes } = loaderData;
  useLiveOffers();
  // Read from the URL, not the loader: switching views does not revalidate.
  const [searchParams] = useSearchParams();
  const view = searchParams.get("view") === "swipe" ? "swipe" : "grid";
  const query = (extra: Record<string, string | number | undefined>) => {
    const base = offerFiltersQuery({ ...filters, page: undefined });
    const params = new URLSearchParams(base);
    for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== "") params.set(key, String(value));
    const s = params.toString();
    return s ? `?${s}` : "";
  };
  const pageView = view === "swipe" ? "swipe" : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "العروض" }]} />
      <h1 className="mt-3 mb-5 text-3xl font-bold text-brand-900">العروض العقارية</h1>
      {/* key: a new query re-initialises the form's default values */}
      <FilterBar key={offerFiltersQuery(filters)} cities={cities} propertyTypes={propertyTypes} values={filters} />

      <div className="mt-6 mb-4 flex items-center justify-between gap-3">
        <p className="text-stone-700" aria-live="polite">
          {totalIsLowerBound && "أكثر من "}
          <strong>{formatNumberArabic(total)}</strong> {total === 1 ? "عرض" : "عروض"}
        </p>
        <div className="flex rounded-xl bg-white p-1 shadow-sm ring-1 ring-stone-200" role="group" aria-label="طريقة العرض">
          <Link
            to={query({ page: page > 1 ? page : undefined })}
            preventScrollReset
            aria-current={view === "grid" ? "true" : undefined}
            className={`flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-bold ${view === "grid" ? "bg-brand-700 text-white" : "text-stone-700"}`}
          >
            <GridIcon className="size-4" />
            شبكة
          </Link>
          <Link
            to={query({ page: page > 1 ? page : undefined, view: "swipe" })}
            preventScrollReset
            aria-current={view === "swipe" ? "true" : undefined}
            className={`flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-bold ${view === "swipe" ? "bg-brand-700 text-white" : "text-stone-700"}`}
          >
            <CardsIcon className="size-4" />
            بطاقات
          </Link>
        </div>
      </div>

      <h2 className="sr-only">نتائج البحث</h2>
      {offers.length === 0 ? (
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

      {pageCount > 1 && (
        <nav aria-label="الصفحات" className="mt-8 flex flex-wrap justify-center gap-2">
          {pageWindow(page, pageCount).map((n) => (
            <Link
              key={n}
              to={query({ page: n > 1 ? n : undefined, view: pageView })}
              aria-current={n === page ? "page" : undefined}
              className={`min-w-10 rounded-lg px-3 py-2 text-center font-bold ${n === page ? "bg-brand-700 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200"}`}
            >
              {formatNumberArabic(n)}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
