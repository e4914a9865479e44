import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { images, offerImages, offers } from "~/db/schema.ts";
import type { OfferCardData as OfferCard } from "~/modules/offers/index.ts";
import { cardColumns, publicOffersCondition } from "~/modules/offers/index.server.ts";
import { compareRows, type ComparedOffer, type CompareRow } from "./compare-view.ts";
import { MAX_COMPARED, MAX_FAVOURITES } from "~/modules/visitor-lists/index.ts";

/** What both lists read of an offer: its card's columns (the main photo, position 0, null when it has none) and the compared ones. */
const listColumns = {
  ...cardColumns,
  floors: offers.floors,
  details: offers.details,
  adLicenceNumber: offers.adLicenceNumber,
  adLicenceExpiresOn: offers.adLicenceExpiresOn,
};

/**
 * The public offers among `ids` (a visitor's list: favourites, or those to compare), in the list's
 * order, and the ids left out: offers that no longer exist or a visitor may no longer see (the
 * public rule of every public query, decision 017). One query, by primary key.
 */
async function publicOffersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return { rows: [], missing: [] };
  const rows = await db
    .select(listColumns)
    .from(offers)
    .leftJoin(offerImages, and(eq(offerImages.offerId, offers.id), eq(offerImages.position, 0)))
    .leftJoin(images, eq(images.id, offerImages.imageId))
    .where(and(inArray(offers.id, ids), await publicOffersCondition(db)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), missing: ids.filter((id) => !byId.has(id)) };
}

/** /favourites: the cards of the list's offers still public (at most MAX_FAVOURITES), and the ids dropped. */
export async function favouriteOffers(db: Db, ids: number[]): Promise<{ offers: OfferCard[]; missing: number[] }> {
  const { rows, missing } = await publicOffersByIds(db, ids.slice(0, MAX_FAVOURITES));
  return { offers: rows.map(({ floors: _f, details: _d, adLicenceNumber: _n, adLicenceExpiresOn: _e, ...card }): OfferCard => card), missing };
}

export interface Comparison {
  offers: Array<Pick<ComparedOffer, "id" | "title" | "mainImage">>;
  rows: CompareRow[];
  missing: number[];
}

/** /compare: the first MAX_COMPARED ids' offers still public, side by side as rows of text, and the ids dropped. */
export async function comparedOffers(db: Db, ids: number[], now: Date): Promise<Comparison> {
  const { rows, missing } = await publicOffersByIds(db, ids.slice(0, MAX_COMPARED));
  const compared = rows.map(({ details, adLicenceNumber, adLicenceExpiresOn, ...row }): ComparedOffer => ({
    ...row,
    streetWidth: details.streetWidth ?? 0,
    facade: details.facade ?? [],
    propertyAge: details.propertyAge ?? 0,
    adLicence: { number: adLicenceNumber, expiresOn: adLicenceExpiresOn },
  }));
  return {
    offers: compared.map(({ id, title, mainImage }) => ({ id, title, mainImage })),
    rows: compareRows(compared, now),
    missing,
  };
}
