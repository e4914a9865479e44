import { and, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { offers } from "~/db/schema.ts";
import { formatPriceShortArabic } from "~/utils/format.ts";
import { PAGE_SIZE, type OfferFilters } from "./filters.ts";
import type { MapMarker } from "./map-search.ts";
import { listOffers, MAX_COUNTED_OFFERS, orderFor, publicOffersMatching, type OfferListPage } from "./offers.server.ts";

/**
 * At most this many price markers per answer (decision 022): the first of the list's order (newest
 * first, or the chosen price order), plus the offers of the list's page if they are further. Past it
 * the map says how many it shows, and zooming in then «ابحث في هذه المنطقة» shows an area's every
 * offer; clustering (supercluster, in the browser) keeps this many readable.
 */
export const MAP_MARKER_CAP = 500;

/** Offers without a point, listed below the map: the first this many, newest first (or in the chosen order). */
const OFF_MAP_SHOWN = PAGE_SIZE;

/** An offer with a point on the map, and one without (a point is both coordinates or none: offers_point_whole, drizzle/0018). */
const ON_MAP: SQL = isNotNull(offers.lat);
const OFF_MAP: SQL = isNull(offers.lat);

export interface OffersMapView {
  /** The list beside the map: the offers with a point (inside `bbox` when there is one), a page of them, counted. */
  list: OfferListPage;
  markers: MapMarker[];
  /** True when more offers match than `markers` holds (MAP_MARKER_CAP). */
  markersCapped: boolean;
  /** The offers of the same filters without a point (the area aside): the first few, counted. */
  offMap: Pick<OfferListPage, "offers" | "total" | "totalIsLowerBound">;
}

const markerOf = (row: { id: number; lat: number | null; lng: number | null; price: number; rentPeriod: MapMarker["rentPeriod"]; title: string }): MapMarker => ({
  id: row.id,
  lat: row.lat!,
  lng: row.lng!,
  label: formatPriceShortArabic(row.price),
  rentPeriod: row.rentPeriod,
  title: row.title,
});

/**
 * The price markers of these filters (the area of `filters.bbox` included): the first MAP_MARKER_CAP
 * in the list's order, read through offers_map_idx or the list's order's index, whichever the planner
 * reckons cheaper for the area, and the few columns a marker shows. `alsoIds`: offers to show
 * whatever the cap (the list's page), when they match.
 */
export async function listMapMarkers(db: Db, filters: Omit<OfferFilters, "page">, alsoIds: number[] = []): Promise<{ markers: MapMarker[]; capped: boolean }> {
  const where = and(await publicOffersMatching(db, filters), ON_MAP);
  // The ids in order first (from the index alone when it covers them), the table read for the markers' rows only.
  const first = db
    .select({ id: offers.id, price: offers.price, pricePerM2: offers.pricePerM2, createdAt: offers.createdAt })
    .from(offers)
    .where(where)
    .orderBy(...orderFor(offers, filters.priceSort))
    .limit(MAP_MARKER_CAP + 1)
    .as("first");
  const columns = { id: offers.id, lat: offers.lat, lng: offers.lng, price: offers.price, rentPeriod: offers.rentPeriod, title: offers.title };
  const rows = await db
    .select(columns)
    .from(first)
    .innerJoin(offers, eq(offers.id, first.id))
    .orderBy(...orderFor(first, filters.priceSort));
  const capped = rows.length > MAP_MARKER_CAP;
  const markers = rows.slice(0, MAP_MARKER_CAP).map(markerOf);
  const shown = new Set(markers.map((marker) => marker.id));
  const missing = alsoIds.filter((id) => !shown.has(id));
  if (capped && missing.length) {
    const extra = await db
      .select(columns)
      .from(offers)
      .where(and(where, inArray(offers.id, missing)));
    markers.push(...extra.map(markerOf));
  }
  return { markers, capped };
}

/**
 * The map view of /offers (`view=map`): the list of the offers with a point (in the area, if one is
 * given), their markers, and the offers of the same filters without a point, counted and listed
 * below the map. A keyword that found nothing and was corrected («هل تقصد») is corrected for all three.
 */
export async function loadOffersMapView(db: Db, filters: OfferFilters): Promise<OffersMapView> {
  const list = await listOffers(db, filters, PAGE_SIZE, MAX_COUNTED_OFFERS, ON_MAP);
  const matched: OfferFilters = list.suggestion ? { ...filters, keyword: list.suggestion } : filters;
  const { bbox: _area, page: _page, ...withoutArea } = matched;
  const [{ markers, capped }, offMap] = await Promise.all([
    listMapMarkers(
      db,
      matched,
      list.offers.map((offer) => offer.id),
    ),
    listOffers(db, { ...withoutArea, page: 1 }, OFF_MAP_SHOWN, MAX_COUNTED_OFFERS, OFF_MAP),
  ]);
  return { list, markers, markersCapped: capped, offMap: { offers: offMap.offers, total: offMap.total, totalIsLowerBound: offMap.totalIsLowerBound } };
}
