import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { PinIcon, SearchIcon } from "~/components/ui/icons.tsx";
import { bathroomsText, offersText, roomsText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { CompareButton, FavouriteButton } from "~/modules/visitor-lists/index.ts";
import { offerFiltersQuery, type OfferFilters } from "~/modules/search/index.ts";
import type { MapMarker } from "~/modules/search/index.ts";
import type { OffersMapControl } from "./offers-map.ts";
import { OfferPhoto, offerPriceText, StatusBadge, type OfferCardData as OfferCard } from "~/modules/offers/index.ts";

export interface OffersMapViewProps {
  /** The page's data: the list beside the map (a page of the offers with a point, in the area when there is one), its count and the filters. */
  data: { offers: OfferCard[]; total: number; totalIsLowerBound: boolean; filters: OfferFilters };
  map: {
    markers: MapMarker[];
    /** More offers match than the markers hold (MAP_MARKER_CAP). */
    markersCapped: boolean;
    /** The offers of the same filters without a point: the first few, and how many. */
    offMap: { offers: OfferCard[]; total: number; totalIsLowerBound: boolean };
    tileUrl: string;
  };
  /** The address of the list's first page with these filters, in this view. */
  listHref: (filters: Partial<OfferFilters>) => string;
  /** The list's page links. */
  pager: ReactNode;
}

/** An offer of the list beside the map: photo, price, title (the link to its page), place and size. */
function MapListItem({ offer, onMark }: { offer: OfferCard; onMark?: (id: number | null) => void }) {
  const facts = [
    offer.propertyType,
    offer.area > 0 ? `${formatNumberArabic(offer.area)} م²` : "",
    offer.bedrooms > 0 ? roomsText(offer.bedrooms) : "",
    offer.bathrooms > 0 ? bathroomsText(offer.bathrooms) : "",
  ];
  return (
    <article
      className="relative flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 transition hover:ring-brand-300 focus-within:ring-2 focus-within:ring-brand-600"
      onMouseEnter={onMark && (() => onMark(offer.id))}
      onMouseLeave={onMark && (() => onMark(null))}
      onFocus={onMark && (() => onMark(offer.id))}
      onBlur={onMark && (() => onMark(null))}
      data-testid="map-list-item"
      data-offer-id={offer.id}
    >
      {/* A smaller photo on the narrowest phones: at 320 px the text beside it had no room left. */}
      <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-sand-200 min-[22.5rem]:size-24 sm:size-28">
        <OfferPhoto image={offer.mainImage} alt="" sizes="112px" iconClassName="size-8" />
        <StatusBadge status={offer.status} className="absolute start-1.5 top-1.5 px-2 text-xs" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 break-words">
        <p className="font-bold text-brand-700" data-testid="card-price">
          {offerPriceText(offer.price, offer.rentPeriod)}
        </p>
        <h3 className="leading-snug font-bold text-ink">
          <Link to={`/offer/${offer.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {offer.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-stone-600">
          <PinIcon className="size-4 shrink-0 text-gold-700" />
          {[offer.location, offer.city].filter(Boolean).join("، ")}
        </p>
        <p className="text-sm text-stone-700">{facts.filter(Boolean).join(" · ")}</p>
      </div>
      {/* Above the stretched link: the visitor's favourites and compare list. */}
      <div className="relative z-10 flex shrink-0 flex-col items-end gap-2">
        <FavouriteButton id={offer.id} className="size-9 rounded-full bg-white ring-1 ring-stone-200" />
        <CompareButton offer={offer} className="rounded-full bg-white px-2.5 py-0.5 text-xs ring-1 ring-stone-200" />
      </div>
    </article>
  );
}

/**
 * The map view of /offers (decision 022), loaded on its own when the view is shown: the map (Leaflet
 * and supercluster, loaded by the browser after this) with the search's offers as price markers, the
 * list of the offers in its area beside it (below it on a phone) — the accessible alternative to the
 * map, with real links — and the offers without a point below. Moving the map offers «ابحث في هذه
 * المنطقة», a link to the same search narrowed to the area in view.
 */
export default function OffersMapView({ data, map, listHref, pager }: OffersMapViewProps) {
  const { offers, total, totalIsLowerBound, filters } = data;
  const { markers, markersCapped, offMap, tileUrl } = map;
  const { bbox } = filters;
  /** This search's address (filters and area, not the page): a new one moves the map to its area. */
  const searchKey = offerFiltersQuery({ ...filters, page: undefined });
  const container = useRef<HTMLDivElement>(null);
  const control = useRef<OffersMapControl | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The area the visitor moved the map to, when it is not the search's. */
  const [moved, setMoved] = useState<string | null>(null);
  const [search, setSearch] = useState(searchKey);
  if (search !== searchKey) {
    setSearch(searchKey);
    setMoved(null);
  }
  const onMove = useEffectEvent((area: string) => setMoved(area === bbox ? null : area));

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let cancelled = false;
    void import("./offers-map.ts")
      .then((module) => module.createOffersMap(node, { tileUrl, onMove: (area) => onMove(area) }))
      .then((made) => {
        if (cancelled) return made.destroy();
        control.current = made;
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      control.current?.destroy();
      control.current = null;
      setReady(false);
    };
  }, [tileUrl]);

  useEffect(() => {
    if (ready) control.current?.show(markers, bbox, searchKey);
  }, [ready, markers, bbox, searchKey]);

  const mark = (id: number | null) => control.current?.highlight(id);

  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* First in the page's order (above the list on a phone), at the end side beside the list on wide screens. */}
        <div className="relative lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:self-start">
          <div
            ref={container}
            role="region"
            aria-label="خريطة العروض"
            aria-describedby="offers-map-hint"
            // isolate: the map's own layers and buttons stay under the page's sticky header.
            className="isolate h-[55dvh] min-h-80 w-full overflow-hidden rounded-2xl bg-sand-200 ring-1 ring-stone-200 lg:h-[calc(100dvh-7rem)]"
            data-testid="offers-map"
          />
          <p id="offers-map-hint" className="sr-only">
            يمكن بلوغ علامات الأسعار على الخريطة بمفتاح الجدولة وفتح كل منها بمفتاح الإدخال، وقائمة العروض بجانب الخريطة تعرض العروض نفسها.
          </p>
          {!ready && (
            <p className="pointer-events-none absolute inset-0 flex items-center justify-center p-6 text-center font-bold text-stone-600">
              {failed ? "تعذّر تحميل الخريطة. قائمة العروض تعرض النتائج نفسها." : "جارٍ تحميل الخريطة…"}
            </p>
          )}
          {moved && (
            <Link
              to={listHref({ ...filters, bbox: moved })}
              preventScrollReset
              className="absolute inset-x-0 top-3 z-10 mx-auto flex w-fit items-center gap-2 rounded-full bg-brand-700 px-4 py-2 font-bold text-white shadow-lg ring-2 ring-white hover:bg-brand-800"
              data-testid="search-area"
            >
              <SearchIcon className="size-5" />
              ابحث في هذه المنطقة
            </Link>
          )}
          {markersCapped && (
            <p className="mt-2 text-sm text-stone-700" data-testid="markers-capped">
              تظهر على الخريطة أول {formatNumberArabic(markers.length)} من {totalIsLowerBound && "أكثر من "}
              {offersText(total)}؛ قرّب الخريطة ثم اضغط «ابحث في هذه المنطقة» لتظهر كلها.
            </p>
          )}
        </div>

        <section aria-labelledby="map-list-title" className="lg:col-start-1 lg:row-start-1">
          <h2 id="map-list-title" className="mb-3 text-xl font-bold text-brand-900">
            {bbox ? "العروض في هذه المنطقة" : "العروض على الخريطة"}
          </h2>
          {offers.length === 0 ? (
            <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
              <p className="text-lg font-bold text-ink">{MESSAGES.offersEmptyTitle}</p>
              <p className="mt-2 text-stone-600">{bbox ? "حرّك الخريطة أو صغّرها ثم اضغط «ابحث في هذه المنطقة»." : MESSAGES.offersEmptyHint}</p>
            </div>
          ) : (
            <ul className="grid gap-3" data-testid="map-list">
              {offers.map((offer) => (
                <li key={offer.id}>
                  <MapListItem offer={offer} onMark={mark} />
                </li>
              ))}
            </ul>
          )}
          {pager}
        </section>
      </div>

      {offMap.total > 0 && (
        <section aria-labelledby="off-map-title" className="mt-10" data-testid="off-map">
          <h2 id="off-map-title" className="text-xl font-bold text-brand-900">
            عروض بلا موقع على الخريطة
          </h2>
          <p className="mt-1 mb-3 text-stone-700">
            عددها{" "}
            <strong data-testid="off-map-count">
              {offMap.totalIsLowerBound && "أكثر من "}
              {offersText(offMap.total)}
            </strong>
            ؛ تطابق بحثك ولم يُحدَّد موقعها على الخريطة بعد.
          </p>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {offMap.offers.map((offer) => (
              <li key={offer.id}>
                <MapListItem offer={offer} />
              </li>
            ))}
          </ul>
          {offMap.total > offMap.offers.length && (
            <p className="mt-3 text-sm text-stone-700">
              تظهر هنا أول {formatNumberArabic(offMap.offers.length)} منها؛{" "}
              <Link to={`/offers${searchKey}`} className="font-bold text-brand-700 underline underline-offset-4">
                تصفّح العروض كلها في الشبكة
              </Link>
              .
            </p>
          )}
        </section>
      )}
    </>
  );
}
