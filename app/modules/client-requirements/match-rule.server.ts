import { and, eq, sql, type SQL } from "drizzle-orm";
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
 * What of an offer the rule compares: plain values (one offer, written in so the planner sees them)
 * or SQL over the offers table's columns (one requirement against every offer).
 */
interface OfferTerms {
  purpose: unknown;
  propertyType: unknown;
  city: unknown;
  /** neighbourhoodKey(city, location). */
  neighbourhood: unknown;
  /** The city followed by «/»: a requirement's neighbourhoods of this city start so. */
  cityPrefix: unknown;
  yearlyPrice: unknown;
  bedrooms: unknown;
  area: unknown;
}

/**
 * The match rule as one condition on client_requirements: the offer's purpose, its type in the
 * types, its city and neighbourhood in the lists (an empty list, or no neighbourhood of its city
 * chosen, is any), its price (a rent's yearly amount) within the budget, its rooms at least the
 * minimum, its area within the range. `active` is written as the partial indexes' predicate so they apply.
 */
function matchCondition(o: OfferTerms): SQL {
  const r = clientRequirements;
  return and(
    sql`${r.active}`,
    sql`${r.purpose} = ${o.purpose}`,
    sql`${r.propertyTypes} @> array[${o.propertyType}]::text[]`,
    sql`(cardinality(${r.cities}) = 0 or ${r.cities} @> array[${o.city}]::text[])`,
    sql`(${r.neighbourhoods} @> array[${o.neighbourhood}]::text[] or not exists (select 1 from unnest(${r.neighbourhoods}) as chosen where starts_with(chosen, ${o.cityPrefix})))`,
    // The budget index's expression (schema.ts): a bound left out is no limit.
    sql`int8range(${r.budgetMin}, ${r.budgetMax}, '[]') @> ${o.yearlyPrice}::bigint`,
    sql`(${r.roomsMin} is null or ${r.roomsMin} <= ${o.bedrooms})`,
    sql`(${r.areaMin} is null or ${r.areaMin} <= ${o.area})`,
    sql`(${r.areaMax} is null or ${r.areaMax} >= ${o.area})`,
  )!;
}

/** The active requirements `offer` satisfies, as one condition on client_requirements. */
export function satisfiedBy(offer: OfferForMatching): SQL {
  return matchCondition({
    purpose: offer.isRent ? "rent" : "sale",
    propertyType: offer.propertyType,
    city: offer.city,
    neighbourhood: neighbourhoodKey(offer.city, offer.location),
    cityPrefix: `${offer.city}/`,
    yearlyPrice: offer.yearlyPrice,
    bedrooms: offer.bedrooms,
    area: offer.area,
  });
}

/** The same rule with the offers table's row on the other side: the offers a requirement matches (joined to client_requirements). */
export const satisfiesRequirement: SQL = matchCondition({
  purpose: sql`(case when ${offers.isRent} then 'rent' else 'sale' end)`,
  propertyType: offers.propertyType,
  city: offers.city,
  neighbourhood: sql`(${offers.city} || '/' || ${offers.location})`,
  cityPrefix: sql`(${offers.city} || '/')`,
  yearlyPrice: offers.yearlyPrice,
  bedrooms: offers.bedrooms,
  area: offers.area,
});

/** The offer as the match reads it, whatever its status (null when there is none). */
export async function offerForMatching(db: Db, offerId: number): Promise<OfferForMatching | null> {
  const [offer] = await db.select(OFFER_FIELDS).from(offers).where(eq(offers.id, offerId));
  return offer ?? null;
}

/** The active requirements one offer satisfies (requirement and client), by their age. */
export async function matchingRequirements(db: Db, offer: OfferForMatching): Promise<Array<{ id: number; clientId: number }>> {
  return db.select({ id: clientRequirements.id, clientId: clientRequirements.clientId }).from(clientRequirements).where(satisfiedBy(offer)).orderBy(clientRequirements.id);
}
