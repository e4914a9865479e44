import { createHash } from "node:crypto";
import { and, asc, between, desc, eq, gt, gte, lte, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { images, offerImages, offers } from "~/db/schema.ts";
import { imageColumns } from "~/modules/images/images.server.ts";
import { completedKeyword, correctedKeyword, keywordSearch, rankedPage } from "~/modules/search/index.server.ts";
import { getStatusVisibilities } from "~/modules/lookups/lookups.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { ADVERTISED_STATUSES, EMPTY_DISCLOSURES, type OfferAdLicence } from "~/modules/ad-licences/index.ts";
import { PAGE_SIZE, type OfferFilters } from "~/modules/search/index.ts";
import { parseBbox } from "~/modules/search/index.ts";
import { AVAILABILITY_GRACE_DAYS, confirmedSinceRiyadhDay } from "./availability-rule.server.ts";
import type { HiddenReason, OfferVisibility } from "./offer-visibility.ts";
import type { OfferCard, OfferPageView } from "./offer-views.ts";

/** An offer card's columns; its main photo (position 0) is null when the offer has none. */
export const cardColumns = {
  id: offers.id,
  title: offers.title,
  price: offers.price,
  propertyType: offers.propertyType,
  status: offers.status,
  city: offers.city,
  location: offers.location,
  area: offers.area,
  bedrooms: offers.bedrooms,
  bathrooms: offers.bathrooms,
  rentPeriod: offers.rentPeriod,
  mainImage: imageColumns,
};

/** The offer's status is one of these (none: false), the names written as values so the covering indexes' status column answers it. */
function statusIn(names: readonly string[]): SQL {
  if (names.length === 0) return sql`false`;
  return sql`${offers.status} in (${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )})`;
}

/** No ended ad licence (decision 017): an ended one takes the offer off every public place, a sold one's too. */
const licenceNotEnded = sql`(${offers.adLicenceEndsAt} is null or ${offers.adLicenceEndsAt} > now())`;

/**
 * Confirmed available lately (decision 046): an advertised offer nobody confirmed for N + 7 Riyadh
 * days (N the setting) is taken off every public place as an ended licence is, until someone confirms it.
 */
const availabilityConfirmed = (confirmDays: number) => confirmedSinceRiyadhDay(new Date(), confirmDays + AVAILABILITY_GRACE_DAYS - 1);

/**
 * The offers a visitor may find (decisions 017, 027 and 046), checked in every public query at the
 * moment it runs: only the statuses the manager made available (للبيع، للإيجار by default; a sold,
 * reserved or internal one never); never one whose ad licence has ended, nor one whose availability
 * nobody confirmed in time; and while the settings require a licence, never one without a licence in force.
 */
export async function publicOffersCondition(db: Db): Promise<SQL> {
  const [{ available }, { requireAdLicence, availabilityConfirmDays }] = await Promise.all([getStatusVisibilities(db), getSettings(db)]);
  const listed = and(statusIn(available), licenceNotEnded, availabilityConfirmed(availabilityConfirmDays))!;
  if (!requireAdLicence) return listed;
  const advertised = sql.join(
    ADVERTISED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${listed} and (${offers.status} not in (${advertised}) or (${offers.adLicenceNumber} <> '' and ${offers.adLicenceEndsAt} is not null))`;
}

/** The offers hidden from visitors for `reason` (offer-visibility.ts), or with "none" those shown (publicOffersCondition), as one SQL condition. */
export async function offerVisibilityCondition(db: Db, reason: OfferVisibility): Promise<SQL> {
  if (reason === "none") return publicOffersCondition(db);
  const [{ available }, { requireAdLicence, availabilityConfirmDays }] = await Promise.all([getStatusVisibilities(db), getSettings(db)]);
  const shownStatus = statusIn(available);
  const confirmed = availabilityConfirmed(availabilityConfirmDays);
  if (reason === "status") return sql`not ${shownStatus}`;
  if (reason === "licence-ended") return sql`${shownStatus} and not ${licenceNotEnded}`;
  if (reason === "unconfirmed") return sql`${shownStatus} and ${licenceNotEnded} and not ${confirmed}`;
  if (!requireAdLicence) return sql`false`;
  const advertised = sql.join(
    ADVERTISED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${shownStatus} and ${licenceNotEnded} and ${confirmed} and ${offers.status} in (${advertised}) and not (${offers.adLicenceNumber} <> '' and ${offers.adLicenceEndsAt} is not null)`;
}

/** All offers, those visitors can find now, and those hidden by each reason (the reports' figures). */
export async function countOffersByVisibility(db: Db): Promise<{ total: number; shown: number; hidden: Record<HiddenReason, number> }> {
  const [shown, byStatus, ended, unconfirmed, unlicensed] = await Promise.all([
    offerVisibilityCondition(db, "none"),
    offerVisibilityCondition(db, "status"),
    offerVisibilityCondition(db, "licence-ended"),
    offerVisibilityCondition(db, "unconfirmed"),
    offerVisibilityCondition(db, "no-licence"),
  ]);
  const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      shown: count(shown),
      status: count(byStatus),
      ended: count(ended),
      unconfirmed: count(unconfirmed),
      unlicensed: count(unlicensed),
    })
    .from(offers);
  return {
    total: row?.total ?? 0,
    shown: row?.shown ?? 0,
    hidden: { status: row?.status ?? 0, "licence-ended": row?.ended ?? 0, unconfirmed: row?.unconfirmed ?? 0, "no-licence": row?.unlicensed ?? 0 },
  };
}

/**
 * The sold and rented offers of «تم بيعها أو تأجيرها مؤخرًا» (decision 027): in a status whose
 * visibility is «recent», entered within that status's days, with no ended licence. Never in the
 * list, the search, the map, the alerts or the sitemap; shown in their own section and on their page.
 */
async function recentOffersCondition(db: Db): Promise<SQL> {
  const { recent } = await getStatusVisibilities(db);
  if (recent.length === 0) return sql`false`;
  const within = recent.map(({ name, days }) => sql`(${offers.status} = ${name} and ${offers.statusChangedAt} > now() - ${days} * interval '1 day')`);
  return sql`(${sql.join(within, sql` or `)}) and ${licenceNotEnded}`;
}

/** A status a visitor never sees: neither available nor recent (a custom status, محجوز، مؤجل). */
async function internalStatusCondition(db: Db): Promise<SQL> {
  const { available, recent } = await getStatusVisibilities(db);
  return sql`not coalesce(${statusIn([...available, ...recent.map((status) => status.name)])}, false)`;
}

/** The SQL conditions of the public offer filters (filters.ts) but the keyword, which the search module matches (keywordSearch). */
function offerConditions(filters: Omit<OfferFilters, "page" | "priceSort">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.city) conditions.push(eq(offers.city, filters.city));
  if (filters.propertyType) conditions.push(eq(offers.propertyType, filters.propertyType));
  if (filters.status) conditions.push(eq(offers.status, filters.status));
  // The neighbourhood is the offer's location, within the chosen city (parseOfferFilters keeps it only with one).
  if (filters.neighbourhood) conditions.push(eq(offers.location, filters.neighbourhood));
  if (filters.minPrice !== undefined) conditions.push(gte(offers.price, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(offers.price, filters.maxPrice));
  // An offer without an area (0) never matches an area range.
  if (filters.minArea !== undefined || filters.maxArea !== undefined) conditions.push(gt(offers.area, 0));
  if (filters.minArea !== undefined) conditions.push(gte(offers.area, filters.minArea));
  if (filters.maxArea !== undefined) conditions.push(lte(offers.area, filters.maxArea));
  if (filters.bedrooms !== undefined) conditions.push(gte(offers.bedrooms, filters.bedrooms));
  // The map search's area (decision 022): served by offers_map_idx, a B-tree on (lat, lng), or for a large one offers_map_recent_idx.
  const bounds = filters.bbox ? parseBbox(filters.bbox) : null;
  if (bounds) conditions.push(between(offers.lat, bounds.south, bounds.north), between(offers.lng, bounds.west, bounds.east));
  return conditions.length ? and(...conditions) : undefined;
}

type SortColumns = { pricePerM2: AnyColumn | SQLWrapper; createdAt: AnyColumn; id: AnyColumn; isRent?: AnyColumn; yearlyPrice?: AnyColumn };

/**
 * The list's order; each is served by an index (offers_price_order_idx and its _desc twin,
 * offers_price_per_m2_idx, offers_created_at_idx). A price order compares like with like (decision
 * 027): sales first, then rents, each by its yearly amount (a monthly rent × 12), never a monthly
 * rent between two sale prices.
 */
export function orderFor(columns: SortColumns, priceSort: OfferFilters["priceSort"]) {
  if (priceSort === "low" || priceSort === "high") {
    if (!columns.isRent || !columns.yearlyPrice) throw new Error("a price order needs is_rent and yearly_price");
    const by = priceSort === "low" ? asc : desc;
    return [asc(columns.isRent), by(columns.yearlyPrice), by(columns.id)];
  }
  // Ascending puts nulls (offers without an area) last.
  if (priceSort === "perM2") return [asc(columns.pricePerM2), asc(columns.id)];
  return [desc(columns.createdAt), desc(columns.id)];
}

/**
 * Totals are counted up to this many matches (or up to the end of the asked page, if further);
 * beyond it the list says "more than" and its «التالي» link leads on, a page at a time. Counting
 * every match of a broad keyword over a large catalogue would cost more than the whole page (see
 * docs/decisions/002-arabic-search.md).
 */
export const MAX_COUNTED_OFFERS = 1000;

export interface OfferListPage {
  offers: OfferCard[];
  total: number;
  /** True when there are more matches than counted (MAX_COUNTED_OFFERS, or the end of the page if further): there is a next page. */
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
  /**
   * «هل تقصد …؟»: the keyword found nothing, and these offers are those of this keyword instead, its
   * mistyped words replaced by the offers' own words one letter away (decision 002).
   */
  suggestion?: string;
}

/**
 * One page of offers matching the filters: with a keyword, the best matches first (every word in
 * the title, then in the title or the place, then anywhere; decision 002), newest first among
 * equals; without one, newest first; by price when a price order is chosen. A keyword that finds
 * nothing is tried again with its mistyped words corrected (`suggestion`). `also`: a condition of
 * the caller's besides the filters (the map view's: with a point on the map, or without one).
 */
export async function listOffers(db: Db, filters: OfferFilters, pageSize = PAGE_SIZE, countAtLeast = MAX_COUNTED_OFFERS, also?: SQL): Promise<OfferListPage> {
  const result = await listMatchingOffers(db, filters, pageSize, countAtLeast, also);
  if (result.total > 0 || !filters.keyword) return result;
  const suggestion = await correctedKeyword(db, filters.keyword);
  if (!suggestion) return result;
  const corrected = await listMatchingOffers(db, { ...filters, keyword: suggestion }, pageSize, countAtLeast, also);
  return corrected.total > 0 ? { ...corrected, suggestion } : result;
}

/** What is known of an offer a visitor cannot open: its city and type while its row is still there (not public), null once deleted. */
export async function offerTraces(db: Db, id: number): Promise<{ city: string; propertyType: string } | null> {
  const [row] = await db.select({ city: offers.city, propertyType: offers.propertyType }).from(offers).where(eq(offers.id, id));
  return row ?? null;
}

/**
 * Offers a visitor can go on to from one that is gone: its type in its city, else its city, else
 * the newest available (also when nothing is known of it); never the gone offer itself.
 */
export async function similarOffers(db: Db, known: { city: string; propertyType: string } | null, notId: number | null, count = 3): Promise<OfferCard[]> {
  const tries: Array<Omit<OfferFilters, "page">> = known ? [{ city: known.city, propertyType: known.propertyType }, { city: known.city }, {}] : [{}];
  const also = notId === null ? undefined : sql`${offers.id} <> ${notId}`;
  for (const filters of tries) {
    const { offers: found } = await listOffers(db, { ...filters, page: 1 }, count, count, also);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The cards of offers by id, as a prepared statement of each database: every keyword search reads
 * its page's cards so, and a statement the server has already planned saves its planning each time.
 */
const preparedCards = new WeakMap<Db, ReturnType<typeof prepareCards>>();

function prepareCards(db: Db) {
  return db
    .select(cardColumns)
    .from(offers)
    .leftJoin(offerImages, and(eq(offerImages.offerId, offers.id), eq(offerImages.position, 0)))
    .leftJoin(images, eq(images.id, offerImages.imageId))
    .where(sql`${offers.id} = any(${sql.placeholder("ids")}::integer[])`)
    .prepare("offer_cards_by_id");
}

/** The cards of these offers, in this order, each with its main photo. */
async function offerCardsInOrder(db: Db, ids: number[]): Promise<OfferCard[]> {
  if (ids.length === 0) return [];
  const cards = preparedCards.get(db) ?? preparedCards.set(db, prepareCards(db)).get(db)!;
  const rows = await cards.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The public list's and offer page's queries as built for each set of inputs, per database: building one with
 * Drizzle (three nested selects, their joins and conditions) cost 0.4–0.6 ms of CPU, a twentieth of
 * an uncached render of /offers (decision 028), and a list page is asked for again and again with
 * the same filters. Each is a named prepared statement (named by its SQL, so one name never holds
 * two texts on a connection), which also spares the database planning it again, as the cards'
 * statement does. The key holds everything the query was built from: the filters, the page's size
 * and counting cap, and the statuses and licence rule of what is public (a change there builds new
 * ones); `now()` is in the SQL, not a value. Bounded (filters and ids come from visitors): the
 * oldest kept goes first.
 */
const keptQueries = new WeakMap<Db, Map<string, { execute(): Promise<unknown[]> }>>();
const KEPT_QUERIES = 1000;

async function keptQuery<Row>(db: Db, key: string, build: () => { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<Row[]> } }): Promise<Row[]> {
  const kept = keptQueries.get(db) ?? keptQueries.set(db, new Map()).get(db)!;
  let query = kept.get(key) as { execute(): Promise<Row[]> } | undefined;
  if (!query) {
    const built = build();
    query = built.prepare(`offers_${createHash("sha1").update(built.toSQL().sql).digest("hex").slice(0, 24)}`);
    // The oldest goes first (a Map keeps its keys in the order they came).
    if (kept.size >= KEPT_QUERIES) kept.delete(kept.keys().next().value!);
    kept.set(key, query);
  }
  return query.execute();
}

/** What the public conditions are built from (publicOffersCondition, recentOffersCondition): part of a kept query's key. */
async function visibilityKey(db: Db): Promise<string> {
  const [visibilities, { requireAdLicence, availabilityConfirmDays }] = await Promise.all([getStatusVisibilities(db), getSettings(db)]);
  return JSON.stringify([visibilities, requireAdLicence, availabilityConfirmDays]);
}

async function listMatchingOffers(db: Db, filters: OfferFilters, pageSize: number, countAtLeast: number, also: SQL | undefined): Promise<OfferListPage> {
  const page = filters.page ?? 1;
  // Deep pages count on to their own end, so every match can be reached by «التالي».
  const countUpTo = Math.max(countAtLeast, page * pageSize);
  const search = keywordSearch(filters.keyword, filters.status);
  const filtered = and(await publicOffersCondition(db), offerConditions(filters), also);
  if (search?.words.length && !filters.priceSort) {
    // Ranked by the search module: the ids in order up to the page's end, then the page's cards while the count runs.
    const ranked = await rankedPage(db, search, filtered, page * pageSize, countUpTo);
    const [cards, counted] = await Promise.all([offerCardsInOrder(db, ranked.ids.slice((page - 1) * pageSize, page * pageSize)), ranked.counted]);
    const total = Math.min(counted, countUpTo);
    return {
      offers: cards,
      total,
      totalIsLowerBound: counted > countUpTo,
      page,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
    };
  }
  const where = and(filtered, search?.match);
  const pageQuery = () => {
    // The matches in order, at most one past the counting cap; only the page's rows are joined to photos.
    const limited = db
      .select({ id: offers.id, isRent: offers.isRent, yearlyPrice: offers.yearlyPrice, pricePerM2: offers.pricePerM2, createdAt: offers.createdAt })
      .from(offers)
      .where(where)
      .orderBy(...orderFor(offers, filters.priceSort))
      .limit(countUpTo + 1)
      .as("limited");
    const pageIds = db
      .select({ id: limited.id, total: sql<number>`count(*) over ()`.as("total") })
      .from(limited)
      .orderBy(...orderFor(limited, filters.priceSort))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .as("page_ids");
    return db
      .select({ ...cardColumns, total: pageIds.total })
      .from(pageIds)
      .innerJoin(offers, eq(offers.id, pageIds.id))
      .leftJoin(offerImages, and(eq(offerImages.offerId, offers.id), eq(offerImages.position, 0)))
      .leftJoin(images, eq(images.id, offerImages.imageId))
      .orderBy(...orderFor(offers, filters.priceSort));
  };
  // A keyword's words or a caller's own condition are not in the key: those queries are built each time.
  const rows = search || also ? await pageQuery() : await keptQuery(db, JSON.stringify(["page", filters, page, pageSize, countUpTo, await visibilityKey(db)]), pageQuery);
  let counted = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    // Past the last page: still report how many there are.
    const capped = db
      .select({ one: sql`1` })
      .from(offers)
      .where(where)
      .limit(countUpTo + 1)
      .as("capped");
    const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(capped);
    counted = count?.n ?? 0;
  }
  const totalIsLowerBound = counted > countUpTo;
  const total = Math.min(counted, countUpTo);
  return {
    offers: rows.map(({ total: _total, ...card }): OfferCard => card),
    total,
    totalIsLowerBound,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Quick search for the header overlay, as one types: the keyword search's first few offers (nothing counted past them). */
export async function searchOffers(db: Db, keyword: string, limit = 8): Promise<OfferCard[]> {
  if (!keyword.trim()) return [];
  // The last word may be half typed: completed from the offers' own words.
  const completed = await completedKeyword(db, keyword);
  if (!completed) return [];
  const result = await listOffers(db, { keyword: completed, page: 1 }, limit, limit);
  return result.offers;
}

/**
 * The next public offer in the newest-first order, compared on (created_at, id) in SQL: the stored
 * time has microseconds, which a JavaScript Date would cut to milliseconds.
 */
async function neighbour(db: Db, visible: SQL, id: number, direction: "newer" | "older") {
  const newer = direction === "newer";
  const self = sql`(select ${offers.createdAt}, ${offers.id} from ${offers} where ${offers.id} = ${id})`;
  const after = newer ? sql`(${offers.createdAt}, ${offers.id}) > ${self}` : sql`(${offers.createdAt}, ${offers.id}) < ${self}`;
  const order = newer ? [asc(offers.createdAt), asc(offers.id)] : [desc(offers.createdAt), desc(offers.id)];
  const visibility = await visibilityKey(db);
  const [row] = await keptQuery(db, JSON.stringify(["neighbour", id, direction, visibility]), () =>
    db
      .select({ id: offers.id, title: offers.title })
      .from(offers)
      .where(and(visible, after))
      .orderBy(...order)
      .limit(1),
  );
  if (row) return row;
  // Wrap around: before the newest comes the oldest, after the oldest the newest.
  const [wrapped] = await keptQuery(db, JSON.stringify(["wrap", direction, visibility]), () =>
    db
      .select({ id: offers.id, title: offers.title })
      .from(offers)
      .where(visible)
      .orderBy(...order)
      .limit(1),
  );
  return wrapped ?? null;
}

export type OfferPageResult =
  | {
      kind: "offer";
      offer: OfferPageView;
      /** Sold or rented lately (decision 027): shown with its badge, without an inquiry form or compare, and with similar available offers. */
      closed: boolean;
      previous: { id: number; title: string } | null;
      next: { id: number; title: string } | null;
    }
  /** The offer's ad licence has ended: the page answers 410 and points to similar offers. */
  | { kind: "licence-ended"; offer: Pick<OfferPageView, "id" | "title" | "city" | "propertyType" | "status"> }
  /** Nobody confirmed the offer is still available in time (decision 046): answered as an ended licence is, 410, with its own words. */
  | { kind: "unconfirmed"; offer: Pick<OfferPageView, "id" | "title" | "city" | "propertyType" | "status"> };

/**
 * The public offer page; null when there is no such offer or a visitor may not see it: an internal
 * status (محجوز، مؤجل, a custom one) answers as a removed offer does, whatever its licence; so does a
 * sold one past its days in «تم بيعها أو تأجيرها مؤخرًا».
 */
export async function getOfferPage(db: Db, id: number): Promise<OfferPageResult | null> {
  const [visible, recent, internal, unconfirmed] = await Promise.all([
    publicOffersCondition(db),
    recentOffersCondition(db),
    internalStatusCondition(db),
    offerVisibilityCondition(db, "unconfirmed"),
  ]);
  const [found] = await keptQuery(db, JSON.stringify(["offer", id, await visibilityKey(db)]), () =>
    db
      .select({
        row: offers,
        visible: sql<boolean>`${visible}`,
        recent: sql<boolean>`${recent}`,
        internal: sql<boolean>`${internal}`,
        ended: sql<boolean>`coalesce(${offers.adLicenceEndsAt} <= now(), false)`,
        unconfirmed: sql<boolean>`coalesce(${unconfirmed}, false)`,
      })
      .from(offers)
      .where(eq(offers.id, id)),
  );
  if (!found || found.internal) return null;
  const { row } = found;
  const gone = { id: row.id, title: row.title, city: row.city, propertyType: row.propertyType, status: row.status };
  if (found.ended) return { kind: "licence-ended", offer: gone };
  if (found.unconfirmed) return { kind: "unconfirmed", offer: gone };
  if (!found.visible && !found.recent) return null;
  const photos = await listOfferPhotos(db, id);
  // In the newest-first list, "previous" is the newer neighbour and "next" the older one (a sold offer's are the list's, around its time).
  const [previous, next] = await Promise.all([neighbour(db, visible, row.id, "newer"), neighbour(db, visible, row.id, "older")]);
  const offer: OfferPageView = {
    ...offerFields(row),
    images: photos,
    mainImage: photos[0] ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    availableConfirmedAt: row.availableConfirmedAt.toISOString(),
  };
  return { kind: "offer", offer, closed: !found.visible, previous: previous?.id === id ? null : previous, next: next?.id === id ? null : next };
}

/** How many cards «تم بيعها أو تأجيرها مؤخرًا» shows at most. */
const RECENT_SECTION_SIZE = 6;

/**
 * «تم بيعها أو تأجيرها مؤخرًا» (decision 027): the sold and rented offers of the last days that match
 * the list's filters and keyword (not its status filter: they are neither for sale nor for rent),
 * the latest to change first.
 */
export async function listRecentOffers(db: Db, filters: Omit<OfferFilters, "page" | "priceSort">, limit = RECENT_SECTION_SIZE): Promise<OfferCard[]> {
  const { status: _status, ...rest } = filters;
  const where = and(await recentOffersCondition(db), offerConditions(rest), keywordSearch(rest.keyword)?.match);
  const recentQuery = () =>
    db
      .select(cardColumns)
      .from(offers)
      .leftJoin(offerImages, and(eq(offerImages.offerId, offers.id), eq(offerImages.position, 0)))
      .leftJoin(images, eq(images.id, offerImages.imageId))
      .where(where)
      .orderBy(desc(offers.statusChangedAt), desc(offers.id))
      .limit(limit);
  return rest.keyword ? recentQuery() : keptQuery(db, JSON.stringify(["recent", rest, limit, await visibilityKey(db)]), recentQuery);
}

/** The fields of a stored offer that pages and the edit form read (coordinates as one value). */
export function offerFields(row: typeof offers.$inferSelect) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    propertyType: row.propertyType,
    status: row.status,
    isCorner: row.isCorner,
    city: row.city,
    location: row.location,
    area: row.area,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    floors: row.floors,
    locationUrl: row.locationUrl,
    coordinates: row.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : null,
    details: row.details,
    units: row.units,
    rentPeriod: row.rentPeriod,
    adLicence: adLicenceOf(row),
  };
}

/** The ad licence fields of a stored offer. */
function adLicenceOf(row: typeof offers.$inferSelect): OfferAdLicence {
  return {
    number: row.adLicenceNumber,
    issuedOn: row.adLicenceIssuedOn,
    expiresOn: row.adLicenceExpiresOn,
    capacity: row.advertiserCapacity,
    deedNumber: row.deedNumber,
    nationalAddress: row.nationalAddress,
    disclosures: row.disclosures ?? EMPTY_DISCLOSURES,
    verifiedAt: row.adLicenceVerifiedAt?.toISOString() ?? null,
  };
}

/** An offer's photos in order, the main one first. */
export async function listOfferPhotos(db: Db, offerId: number): Promise<ImageRef[]> {
  return db.select(imageColumns).from(offerImages).innerJoin(images, eq(images.id, offerImages.imageId)).where(eq(offerImages.offerId, offerId)).orderBy(asc(offerImages.position));
}

/** Ids and change dates for sitemap.xml. */
export async function listOfferSitemapEntries(db: Db) {
  return db
    .select({ id: offers.id, updatedAt: offers.updatedAt })
    .from(offers)
    .where(await publicOffersCondition(db))
    .orderBy(desc(offers.createdAt));
}

/** The title of an offer, for pages that refer to it (contact prefill). */
/** The title of an offer a visitor may see and ask about (the contact page's prefill); undefined for any other: an internal offer's title never reaches a visitor. */
export async function getPublicOfferTitle(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ title: offers.title })
    .from(offers)
    .where(and(eq(offers.id, id), await publicOffersCondition(db)));
  return row?.title;
}

export async function countOffers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(offers);
  return row?.count ?? 0;
}

/**
 * The offers a visitor would find in the list with these filters now, as one SQL condition: the
 * public rule, the filters and the keyword's words (without the list's «هل تقصد» correction).
 * The search alerts match new offers with it (app/modules/alerts), so an alert finds exactly what
 * its saved search shows.
 */
export async function publicOffersMatching(db: Db, filters: Omit<OfferFilters, "page" | "priceSort">): Promise<SQL> {
  return and(await publicOffersCondition(db), offerConditions(filters), keywordSearch(filters.keyword, filters.status)?.match)!;
}
