import { and, eq, sql } from "drizzle-orm";
import type { Task } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import type { OfferMatchReason } from "~/db/column-types.ts";
import { clientRequirements, offerMatches, offers } from "~/db/schema.ts";
import { publicOffersCondition } from "~/modules/offers/index.server.ts";
import { log } from "~/utils/log.server.ts";
import { OFFER_FIELDS, satisfiedBy, satisfiesRequirement } from "./match-rule.server.ts";

/** The scheduler's task that records an offer's matches (queued by the offers trigger of drizzle/0034, decision 050). */
export const MATCH_TASKS = { record: "offer_matches_record" } as const;

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

/** A requirement matched against the offers already on the site, newest first: enough to act on, not the whole catalogue. */
export const REQUIREMENT_MATCH_LIMIT = 30;

/**
 * Records the public offers a requirement matches now (reason 'requirement'), when it is added,
 * changed or resumed: the offers' side of the rule runs only when an offer changes. Once per
 * offer, requirement and price (the unique index). Runs in the caller's transaction.
 */
export async function recordRequirementMatches(db: Db, requirementId: number): Promise<number> {
  const added = await db.execute<{ id: number }>(sql`
    insert into ${offerMatches} (offer_id, requirement_id, client_id, reason, price)
    select ${offers.id}, ${clientRequirements.id}, ${clientRequirements.clientId}, 'requirement', ${offers.price}
    from ${clientRequirements} join ${offers} on ${satisfiesRequirement}
    where ${clientRequirements.id} = ${requirementId} and ${await publicOffersCondition(db)}
    order by ${offers.createdAt} desc, ${offers.id} desc
    limit ${REQUIREMENT_MATCH_LIMIT}
    on conflict do nothing
    returning id`);
  return added.rows.length;
}

/** The reasons the offers trigger queues (a requirement's own matches are recorded as it is saved). */
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
