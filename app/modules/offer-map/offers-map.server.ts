import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { offers } from "~/db/schema.ts";
import { keywordPostings, keywordSearch } from "~/modules/search/index.server.ts";
import { formatPriceShortArabic } from "~/utils/format.ts";
import { PAGE_SIZE, type OfferFilters } from "~/modules/search/index.ts";
import type { MapMarker } from "~/modules/search/index.ts";
import { listOffers, MAX_COUNTED_OFFERS, orderFor, publicOffersMatching, type OfferListPage } from "~/modules/offers/index.server.ts";

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
  // The ids in order first (from an index alone when it covers them), the table read for the markers' rows only.
  const first = await firstMarkers(db, filters);
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
      .where(and(await publicOffersMatching(db, filters), ON_MAP, inArray(offers.id, missing)));
    markers.push(...extra.map(markerOf));
  }
  return { markers, capped };
}

/**
 * The first markers' ids in the list's order (one past the cap), as a subquery. With a keyword, from the postings of
 * its rarest word (decision 002), whose index holds the point, the price and the recency: a broad
 * word's matches in a city are then one range newest first, not every match's row read and sorted.
 */
async function firstMarkers(db: Db, filters: Omit<OfferFilters, "page">) {
  const search = keywordSearch(filters.keyword, filters.status);
  // A price order compares sales with sales and rents by their yearly amount (decision 027), which
  // only the offers hold: the keyword's matches are then read as the list's price order reads them.
  if (!search?.words.length || filters.priceSort === "low" || filters.priceSort === "high") {
    return db
      .select({ id: offers.id, isRent: offers.isRent, yearlyPrice: offers.yearlyPrice, pricePerM2: offers.pricePerM2, createdAt: offers.createdAt })
      .from(offers)
      .where(and(await publicOffersMatching(db, filters), ON_MAP))
      .orderBy(...orderFor(offers, filters.priceSort))
      .limit(MAP_MARKER_CAP + 1)
      .as("first");
  }
  const { postings, where } = await keywordPostings(db, search, and(await publicOffersMatching(db, { ...filters, keyword: undefined }), ON_MAP));
  const pricePerM2 = sql<number | null>`case when ${postings.area} > 0 then ${postings.price} / ${postings.area} end`;
  // Selected as per_m2, not price_per_m2: the query around it joins offers, which has that column.
  return db
    .select({ id: postings.id, price: postings.price, pricePerM2: pricePerM2.as("per_m2"), createdAt: postings.createdAt })
    .from(postings)
    .where(where)
    .orderBy(...orderFor({ ...postings, pricePerM2 }, filters.priceSort))
    .limit(MAP_MARKER_CAP + 1)
    .as("first");
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
