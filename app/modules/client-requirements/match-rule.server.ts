import { and, arrayContains, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { clientRequirements, offers } from "~/db/schema.ts";

// The match rule alone (no other module): what the bench measures (scripts/bench/matching.ts).

/** A neighbourhood in a requirement's list: its city and name, so two cities' «النخيل» stay apart. */
export const neighbourhoodKey = (city: string, neighbourhood: string) => `${city}/${neighbourhood}`;

/** What of an offer the match reads. */
export interface OfferForMatching {
  id: number;
  price: number;
  /** A sale's price, a rent's for a year (offers.yearly_price: monthly × 12, daily × 365), as the price orders compare them. */
  yearlyPrice: number;
  isRent: boolean;
  propertyType: string;
  city: string;
  location: string;
  bedrooms: number;
  area: number;
}

export const OFFER_FIELDS = {
  id: offers.id,
  price: offers.price,
  yearlyPrice: offers.yearlyPrice,
  isRent: offers.isRent,
  propertyType: offers.propertyType,
  city: offers.city,
  location: offers.location,
  bedrooms: offers.bedrooms,
  area: offers.area,
};

/**
 * The active requirements `offer` satisfies, as one condition on client_requirements, with the
 * offer's values written in (the planner sees them): its purpose, its type in the types, its city
 * and neighbourhood in the lists (an empty list, or no neighbourhood of its city chosen, is any),
 * its price (a rent's yearly amount) within the budget, its rooms at least the minimum, its area
 * within the range. `active` is written as the partial indexes' predicate so they apply.
 */
export function satisfiedBy(offer: OfferForMatching): SQL {
  const r = clientRequirements;
  const cityPrefix = `${offer.city}/`;
  return and(
    sql`${r.active}`,
    eq(r.purpose, offer.isRent ? "rent" : "sale"),
    arrayContains(r.propertyTypes, [offer.propertyType]),
    or(sql`cardinality(${r.cities}) = 0`, arrayContains(r.cities, [offer.city])),
    or(
      arrayContains(r.neighbourhoods, [neighbourhoodKey(offer.city, offer.location)]),
      sql`not exists (select 1 from unnest(${r.neighbourhoods}) as chosen where starts_with(chosen, ${cityPrefix}))`,
    ),
    // The budget index's expression (schema.ts): a bound left out is no limit.
    sql`int8range(${r.budgetMin}, ${r.budgetMax}, '[]') @> ${offer.yearlyPrice}::bigint`,
    or(isNull(r.roomsMin), lte(r.roomsMin, offer.bedrooms)),
    or(isNull(r.areaMin), lte(r.areaMin, offer.area)),
    or(isNull(r.areaMax), gte(r.areaMax, offer.area)),
  )!;
}

/** The offer as the match reads it, whatever its status (null when there is none). */
export async function offerForMatching(db: Db, offerId: number): Promise<OfferForMatching | null> {
  const [offer] = await db.select(OFFER_FIELDS).from(offers).where(eq(offers.id, offerId));
  return offer ?? null;
}

/** The active requirements one offer satisfies (requirement and client), by their age. */
export async function matchingRequirements(db: Db, offer: OfferForMatching): Promise<Array<{ id: number; clientId: number }>> {
  return db.select({ id: clientRequirements.id, clientId: clientRequirements.clientId }).from(clientRequirements).where(satisfiedBy(offer)).orderBy(clientRequirements.id);
}
