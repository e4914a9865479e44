import { and, arrayContains, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Task } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import type { OfferMatchReason } from "~/db/column-types.ts";
import { clientRequirements, offerMatches, offers } from "~/db/schema.ts";
import { publicOffersCondition } from "~/modules/offers/index.server.ts";
import { log } from "~/utils/log.server.ts";

/** The scheduler's task that records an offer's matches (queued by the offers trigger of drizzle/0034, decision 050). */
export const MATCH_TASKS = { record: "offer_matches_record" } as const;

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

const OFFER_FIELDS = {
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
    or(isNull(r.budgetMin), lte(r.budgetMin, offer.yearlyPrice)),
    or(isNull(r.budgetMax), gte(r.budgetMax, offer.yearlyPrice)),
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

/**
 * Records the requirements an offer satisfies now, for `reason` at `price`: only while the offer
 * is public (the public pages' own rule) and still at that price (a later change has its own job).
 * Once per offer, requirement, reason and price (the unique index): a job run twice, or two at
 * once, add each match once. Returns how many were new.
 */
export async function recordOfferMatches(db: Db, job: { offerId: number; reason: OfferMatchReason; price: number }): Promise<number> {
  const [offer] = await db
    .select(OFFER_FIELDS)
    .from(offers)
    .where(and(eq(offers.id, job.offerId), await publicOffersCondition(db)));
  if (!offer || offer.price !== job.price) return 0;
  const added = await db.execute<{ id: number }>(sql`
    insert into ${offerMatches} (offer_id, requirement_id, client_id, reason, price)
    select ${offer.id}::int, ${clientRequirements.id}, ${clientRequirements.clientId}, ${job.reason}, ${offer.price}::bigint
    from ${clientRequirements} where ${satisfiedBy(offer)}
    on conflict do nothing
    returning id`);
  return added.rows.length;
}

const REASONS: readonly OfferMatchReason[] = ["published", "price"];

/** The job's payload as the trigger writes it; anything else is refused (not retried into the same failure). */
function readPayload(payload: unknown): { offerId: number; reason: OfferMatchReason; price: number } | null {
  const p = payload as { offerId?: unknown; reason?: unknown; price?: unknown } | null;
  if (!p || !Number.isInteger(p.offerId) || !REASONS.includes(p.reason as OfferMatchReason) || typeof p.price !== "number") return null;
  return { offerId: p.offerId as number, reason: p.reason as OfferMatchReason, price: p.price };
}

/** The matching on the scheduler (decision 016): each job once across instances, retried on failure. */
export function offerMatchJobs(db: Db): { tasks: Record<string, Task>; cron: never[]; atStart: never[] } {
  return {
    tasks: {
      [MATCH_TASKS.record]: async (payload) => {
        const job = readPayload(payload);
        if (!job) {
          log.warn("offer matching job with an unreadable payload", { payload: JSON.stringify(payload) });
          return;
        }
        const added = await recordOfferMatches(db, job);
        if (added) log.info("offer matched to clients' requirements", { ...job, added });
      },
    },
    cron: [],
    atStart: [],
  };
}
