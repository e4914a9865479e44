import { and, asc, desc, eq, gt, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { images, offerImages, offers } from "~/db/schema.ts";
import { imageColumns } from "~/modules/images/images.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { ADVERTISED_STATUSES, EMPTY_DISCLOSURES, type OfferAdLicence } from "./ad-licence.ts";
import { PAGE_SIZE, type OfferFilters } from "./filters.ts";
import type { OfferCard, OfferPageView } from "./offer-views.ts";

/** An offer card's columns; its main photo (position 0) is null when the offer has none. */
const cardColumns = {
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

/**
 * The offers a visitor may see (decision 017), checked in every public query at the moment it
 * runs: never one whose ad licence has ended; and while the settings require a licence, never a
 * for-sale or for-rent offer without a licence in force.
 */
export async function publicOffersCondition(db: Db): Promise<SQL> {
  const notEnded = sql`(${offers.adLicenceEndsAt} is null or ${offers.adLicenceEndsAt} > now())`;
  const { requireAdLicence } = await getSettings(db);
  if (!requireAdLicence) return notEnded;
  const advertised = sql.join(
    ADVERTISED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${notEnded} and (${offers.status} not in (${advertised}) or (${offers.adLicenceNumber} <> '' and ${offers.adLicenceEndsAt} is not null))`;
}

/** Escapes LIKE wildcards so a keyword is matched literally. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The SQL conditions of the public offer filters (filters.ts). Keyword matching is Arabic-aware (ar_fold) and uses the trigram index. */
function offerConditions(filters: Omit<OfferFilters, "page" | "priceSort">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.keyword) {
    conditions.push(sql`${offers.searchText} like '%' || ar_fold(${likeLiteral(filters.keyword)}) || '%'`);
  }
  if (filters.city) conditions.push(eq(offers.city, filters.city));
  if (filters.propertyType) conditions.push(eq(offers.propertyType, filters.propertyType));
  if (filters.status) conditions.push(eq(offers.status, filters.status));
  return conditions.length ? and(...conditions) : undefined;
}

type SortColumns = { price: AnyColumn; createdAt: AnyColumn; id: AnyColumn };

function orderFor(columns: SortColumns, priceSort: OfferFilters["priceSort"]) {
  if (priceSort === "low") return [asc(columns.price), asc(columns.id)];
  if (priceSort === "high") return [desc(columns.price), desc(columns.id)];
  return [desc(columns.createdAt), desc(columns.id)];
}

/**
 * Totals are counted up to this many matches; beyond it the list says "more than" and offers
 * the pages up to it. Counting every match of a broad keyword over a large catalogue would cost
 * more than the whole page (see docs/decisions/002-arabic-search.md).
 */
export const MAX_COUNTED_OFFERS = 1000;

export interface OfferListPage {
  offers: OfferCard[];
  total: number;
  /** True when there are more matches than MAX_COUNTED_OFFERS. */
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
}

/** One page of offers matching the filters, newest first unless sorted by price. */
export async function listOffers(db: Db, filters: OfferFilters, pageSize = PAGE_SIZE): Promise<OfferListPage> {
  const page = filters.page ?? 1;
  const where = and(await publicOffersCondition(db), offerConditions(filters));
  // The matches in order, at most one past the counting cap; only the page's rows are joined to photos.
  const limited = db
    .select({ id: offers.id, price: offers.price, createdAt: offers.createdAt })
    .from(offers)
    .where(where)
    .orderBy(...orderFor(offers, filters.priceSort))
    .limit(MAX_COUNTED_OFFERS + 1)
    .as("limited");
  const pageIds = db
    .select({ id: limited.id, total: sql<number>`count(*) over ()`.as("total") })
    .from(limited)
    .orderBy(...orderFor(limited, filters.priceSort))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_ids");
  const rows = await db
    .select({ ...cardColumns, total: pageIds.total })
    .from(pageIds)
    .innerJoin(offers, eq(offers.id, pageIds.id))
    .leftJoin(offerImages, and(eq(offerImages.offerId, offers.id), eq(offerImages.position, 0)))
    .leftJoin(images, eq(images.id, offerImages.imageId))
    .orderBy(...orderFor(offers, filters.priceSort));
  let counted = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    // Past the last page: still report how many there are.
    const capped = db
      .select({ one: sql`1` })
      .from(offers)
      .where(where)
      .limit(MAX_COUNTED_OFFERS + 1)
      .as("capped");
    const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(capped);
    counted = count?.n ?? 0;
  }
  const totalIsLowerBound = counted > MAX_COUNTED_OFFERS;
  const total = Math.min(counted, MAX_COUNTED_OFFERS);
  return {
    offers: rows.map(({ total: _total, ...card }): OfferCard => card),
    total,
    totalIsLowerBound,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Quick search for the header overlay: title, neighbourhood or city. */
export async function searchOffers(db: Db, keyword: string, limit = 8): Promise<OfferCard[]> {
  if (!keyword.trim()) return [];
  const result = await listOffers(db, { keyword: keyword.trim(), page: 1 }, limit);
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
  const [row] = await db
    .select({ id: offers.id, title: offers.title })
    .from(offers)
    .where(and(visible, after))
    .orderBy(...order)
    .limit(1);
  if (row) return row;
  // Wrap around: before the newest comes the oldest, after the oldest the newest.
  const [wrapped] = await db
    .select({ id: offers.id, title: offers.title })
    .from(offers)
    .where(visible)
    .orderBy(...order)
    .limit(1);
  return wrapped ?? null;
}

export type OfferPageResult =
  | {
      kind: "offer";
      offer: OfferPageView;
      previous: { id: number; title: string } | null;
      next: { id: number; title: string } | null;
    }
  /** The offer's ad licence has ended: the page answers 410 and points to similar offers. */
  | { kind: "licence-ended"; offer: Pick<OfferPageView, "id" | "title" | "city" | "propertyType" | "status"> };

/** The public offer page; null when there is no such offer or a visitor may not see it. */
export async function getOfferPage(db: Db, id: number): Promise<OfferPageResult | null> {
  const visible = await publicOffersCondition(db);
  const [found] = await db
    .select({
      row: offers,
      visible: sql<boolean>`${visible}`,
      ended: sql<boolean>`coalesce(${offers.adLicenceEndsAt} <= now(), false)`,
    })
    .from(offers)
    .where(eq(offers.id, id));
  if (!found) return null;
  const { row } = found;
  if (found.ended) return { kind: "licence-ended", offer: { id: row.id, title: row.title, city: row.city, propertyType: row.propertyType, status: row.status } };
  if (!found.visible) return null;
  const photos = await listOfferPhotos(db, id);
  // In the newest-first list, "previous" is the newer neighbour and "next" the older one.
  const [previous, next] = await Promise.all([neighbour(db, visible, row.id, "newer"), neighbour(db, visible, row.id, "older")]);
  const offer: OfferPageView = {
    ...offerFields(row),
    images: photos,
    mainImage: photos[0] ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return { kind: "offer", offer, previous: previous?.id === id ? null : previous, next: next?.id === id ? null : next };
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
export function adLicenceOf(row: typeof offers.$inferSelect): OfferAdLicence {
  return {
    number: row.adLicenceNumber,
    issuedOn: row.adLicenceIssuedOn,
    expiresOn: row.adLicenceExpiresOn,
    capacity: row.advertiserCapacity,
    deedNumber: row.deedNumber,
    nationalAddress: row.nationalAddress,
    disclosures: row.disclosures ?? EMPTY_DISCLOSURES,
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
export async function getOfferTitle(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, id));
  return row?.title;
}

export async function countOffers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(offers);
  return row?.count ?? 0;
}
