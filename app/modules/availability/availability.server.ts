import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { offerAvailabilityChecks, offers, staffUsers, tasks } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { publishOfferChange } from "~/modules/live-updates/event-hub.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { AVAILABILITY_GRACE_DAYS, confirmedSinceRiyadhDay, offerVisibilityCondition } from "~/modules/offers/index.server.ts";
import { addScheduledTask, completeOpenTasks } from "~/modules/tasks/index.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { log } from "~/utils/log.server.ts";
import { AVAILABILITY_MESSAGES } from "./availability-texts.ts";

/** The scheduler's task name of the confirm tasks (decision 016: graphile-worker, once across instances). */
const AVAILABILITY_TASKS_JOB = "availability_confirm_tasks";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who may confirm an offer: whoever works on the offers (the back office's offers section). */
const CONFIRMING_ROLES: readonly StaffProfile["role"][] = ["manager", "staff"];

/**
 * The offers a visitor finds now or that left the site only because nobody confirmed them (the
 * public rule's own conditions, decision 046): those whose confirmation can be asked for.
 */
async function confirmableCondition(db: Db) {
  const [shown, unconfirmed] = await Promise.all([offerVisibilityCondition(db, "none"), offerVisibilityCondition(db, "unconfirmed")]);
  return sql`(${shown} or ${unconfirmed})`;
}

/**
 * Creates the confirm tasks due now (decision 046): for every offer on the site (or off it for want
 * of a confirmation) last confirmed N or more Riyadh days ago, one task for its staff member — who
 * last confirmed or published it while their account is active, else the first active manager.
 * Each is claimed by inserting (offer, confirmation) into offer_availability_checks with `ON CONFLICT
 * DO NOTHING RETURNING` in the transaction that creates its task: a concurrent run waits on those
 * rows and then finds them taken, so two instances or two runs never create two. A new
 * confirmation is a new row, asked again N days later. Returns the offers it created tasks for.
 */
export async function createAvailabilityTasks(db: Db): Promise<number[]> {
  const { availabilityConfirmDays: days } = await getSettings(db);
  const due = and(await confirmableCondition(db), sql`not ${confirmedSinceRiyadhDay(new Date(), days - 1)}`);
  return db.transaction(async (tx) => {
    // The confirmation's moment as PostgreSQL wrote it (microseconds: a Date would cut them), to find the claim again.
    const { rows: claimed } = await tx.execute<{ offer_id: number; confirmed_at: string; confirmed_day: string }>(
      sql`insert into ${offerAvailabilityChecks} (offer_id, confirmed_at) select ${offers.id}, ${offers.availableConfirmedAt} from ${offers} where ${due}
          on conflict do nothing returning offer_id, confirmed_at::text as confirmed_at, (confirmed_at at time zone 'Asia/Riyadh')::date::text as confirmed_day`,
    );
    if (!claimed.length) return [];
    const [manager] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, "manager"), eq(staffUsers.active, true)))
      .orderBy(staffUsers.id)
      .limit(1);
    const owners = await tx
      .select({ id: offers.id, title: offers.title, owner: staffUsers.id })
      .from(offers)
      .leftJoin(staffUsers, and(eq(staffUsers.id, offers.availableConfirmedBy), eq(staffUsers.active, true)))
      .where(
        inArray(
          offers.id,
          claimed.map((claim) => claim.offer_id),
        ),
      );
    const claimOf = new Map(claimed.map((claim) => [claim.offer_id, claim]));
    for (const offer of owners) {
      const { confirmed_at: confirmedAt, confirmed_day: confirmedDay } = claimOf.get(offer.id)!;
      const assignedTo = offer.owner ?? manager?.id;
      // No active manager at all: the claim stays, without a task, and the dashboard still lists the offer.
      if (assignedTo === undefined) continue;
      // Due the last Riyadh day the offer is still on the site.
      const lastDay = riyadhDayOf(Date.parse(`${confirmedDay}T00:00:00+03:00`) + (days + AVAILABILITY_GRACE_DAYS - 1) * DAY_MS);
      const task = await addScheduledTask(tx, {
        title: AVAILABILITY_MESSAGES.taskTitle(offer.title),
        description: AVAILABILITY_MESSAGES.taskDescription(AVAILABILITY_GRACE_DAYS),
        assignedTo,
        relatedPropertyId: offer.id,
        dueDate: lastDay,
      });
      await tx
        .update(offerAvailabilityChecks)
        .set({ taskId: task.id })
        .where(and(eq(offerAvailabilityChecks.offerId, offer.id), sql`${offerAvailabilityChecks.confirmedAt} = ${confirmedAt}::timestamptz`));
    }
    return owners.map((offer) => offer.id);
  });
}

export type ConfirmResult = { ok: true; title: string } | { ok: false; status: 403 | 404; message: string };

/**
 * One tap (decision 046): records that `actor` confirmed the offer is available now (the offer's
 * row, and the audit log with the confirmation it renewed), completes its open confirm tasks, and
 * brings it back to the site at once if only that had taken it off (the public rule reads the new
 * moment; the write announces itself to the page cache, drizzle/0020). Under the offer's row lock,
 * so two taps at once record two confirmations one after the other.
 */
export async function confirmOfferAvailability(db: Db, actor: StaffProfile, offerId: number): Promise<ConfirmResult> {
  if (!CONFIRMING_ROLES.includes(actor.role)) return { ok: false, status: 403, message: AVAILABILITY_MESSAGES.notAllowed };
  return db.transaction(async (tx) => {
    const [offer] = await tx.select({ id: offers.id, title: offers.title, confirmedAt: offers.availableConfirmedAt }).from(offers).where(eq(offers.id, offerId)).for("update");
    if (!offer) return { ok: false as const, status: 404 as const, message: AVAILABILITY_MESSAGES.notFound };
    await tx
      .update(offers)
      .set({ availableConfirmedAt: sql`now()`, availableConfirmedBy: actor.id })
      .where(eq(offers.id, offerId));
    await recordAudit(tx, actor, "offer", offerId, "availability-confirmed", { from: offer.confirmedAt.toISOString() });
    const open = await tx
      .select({ taskId: offerAvailabilityChecks.taskId })
      .from(offerAvailabilityChecks)
      .where(and(eq(offerAvailabilityChecks.offerId, offerId), isNotNull(offerAvailabilityChecks.taskId)));
    await completeOpenTasks(
      tx,
      actor,
      open.map((check) => check.taskId!),
    );
    await publishOfferChange(tx, { id: offerId, kind: "updated" });
    return { ok: true as const, title: offer.title };
  });
}

/** What the offer form says of an offer's availability: when it was last confirmed, by whom (null: at creation or an account since removed). */
export async function offerAvailabilityOf(db: Db, offerId: number): Promise<{ confirmedAt: string; by: string | null } | null> {
  const [row] = await db
    .select({ confirmedAt: offers.availableConfirmedAt, by: staffUsers.name })
    .from(offers)
    .leftJoin(staffUsers, eq(staffUsers.id, offers.availableConfirmedBy))
    .where(eq(offers.id, offerId));
  return row ? { confirmedAt: row.confirmedAt.toISOString(), by: row.by } : null;
}

/** The offer an open confirm task asks about (its page shows the one-tap confirmation), or null for any other task. */
export async function confirmTaskOffer(db: Db, taskId: number): Promise<{ id: number; title: string } | null> {
  const [row] = await db
    .select({ id: offers.id, title: offers.title })
    .from(offerAvailabilityChecks)
    .innerJoin(offers, eq(offers.id, offerAvailabilityChecks.offerId))
    .innerJoin(tasks, eq(tasks.id, offerAvailabilityChecks.taskId))
    .where(and(eq(offerAvailabilityChecks.taskId, taskId), notInArray(tasks.status, ["Completed", "Cancelled", "Rejected"])))
    .limit(1);
  return row ?? null;
}

/** An offer of the dashboard's list: its confirmation is due, or it left the site for want of one. */
export interface AvailabilityAttention {
  id: number;
  title: string;
  confirmedAt: string;
  /** Riyadh days before it leaves the site; 0 once it has left. */
  daysLeft: number;
}

/**
 * The dashboard's list (decision 046): the offers that left the site for want of a confirmation,
 * then those whose confirmation is due, the ones leaving soonest first; at most `limit`, with how many there are.
 */
export async function listAvailabilityAttention(db: Db, now: Date = new Date(), limit = 20): Promise<{ rows: AvailabilityAttention[]; total: number }> {
  const { availabilityConfirmDays: days } = await getSettings(db);
  const due = and(await confirmableCondition(db), sql`not ${confirmedSinceRiyadhDay(new Date(), days - 1)}`);
  const rows = await db
    .select({ id: offers.id, title: offers.title, confirmedAt: offers.availableConfirmedAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(offers)
    .where(due)
    .orderBy(offers.availableConfirmedAt, offers.id)
    .limit(limit);
  const today = Date.parse(`${riyadhDayOf(now)}T00:00:00Z`);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _total, ...row }) => {
      const age = Math.round((today - Date.parse(`${riyadhDayOf(row.confirmedAt)}T00:00:00Z`)) / DAY_MS);
      return { ...row, confirmedAt: row.confirmedAt.toISOString(), daysLeft: Math.max(0, days + AVAILABILITY_GRACE_DAYS - age) };
    }),
  };
}

/**
 * The confirm tasks on the job scheduler (app/modules/scheduler): every hour, once across the
 * instances sharing the database, and once at each start (tasks that fell due while none ran).
 */
export function availabilityJobs(db: Db): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  async function run() {
    try {
      const created = await createAvailabilityTasks(db);
      if (created.length) log.info("availability confirm tasks created", { offers: created });
    } catch (error) {
      // Nothing was claimed (rolled back): the next hour tries again.
      log.warn("availability confirm tasks failed", { error: String(error) });
    }
  }
  return {
    tasks: { [AVAILABILITY_TASKS_JOB]: run },
    cron: [{ task: AVAILABILITY_TASKS_JOB, identifier: AVAILABILITY_TASKS_JOB, match: "5 * * * *" }],
    atStart: [{ task: AVAILABILITY_TASKS_JOB, jobKey: `${AVAILABILITY_TASKS_JOB}:start` }],
  };
}
