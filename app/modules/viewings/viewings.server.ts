import { and, asc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { clientEvents, clientPhones, clients, offers, staffUsers, viewingHours, viewings } from "~/db/schema.ts";
import type { ViewingOutcome } from "~/db/column-types.ts";
import { attachMessageToClient, moveClientToViewingStage } from "~/modules/clients/index.server.ts";
import { mapLinkOf } from "~/modules/maps/index.ts";
import { notifyInBackground, queueEmail } from "~/modules/messaging/index.server.ts";
import type { SmsSender } from "~/modules/messaging/sms.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { log } from "~/utils/log.server.ts";
import { viewingInvitation, type CalendarViewing } from "./viewing-calendar.server.ts";
import { VIEWING_MESSAGES, viewingWhenText } from "./viewing-labels.ts";
import type { DiaryEntry } from "./diary-entry.ts";
import { isOpenSlot, type ViewingHours } from "./viewing-time.ts";

/**
 * Viewings (issue 32): booked by staff or asked for by a visitor, each on its client's timeline;
 * one staff member is never in two confirmed viewings at once (the table's exclusion constraint,
 * migration 0033); the client is told by SMS, and by e-mail with a calendar invitation when they
 * gave an address.
 */

export interface ViewingServices {
  db: Db;
  sms: SmsSender;
  env: { PUBLIC_URL: string };
}

type Result<T = object> = ({ ok: true } & T) | { ok: false; message: string; field?: string };

/** PostgreSQL's exclusion_violation: the staff member's time is taken by another confirmed viewing. */
function isOverlap(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === "23P01") return true;
  return false;
}

/** Who may show a viewing: active managers and employees (not the accountant). */
async function viewingStaff(db: Db | Tx, staffId: number) {
  const [row] = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, staffId), eq(staffUsers.active, true), inArray(staffUsers.role, ["manager", "staff"])));
  return row ?? null;
}

/** The meeting point of an offer, as booked: its neighbourhood and city, and a map link from its coordinates (or the link it was given). */
export function meetingPointOf(offer: { location: string; city: string; lat: number | null; lng: number | null; locationUrl: string }) {
  const meetingPoint = [offer.location, offer.city].filter(Boolean).join("، ");
  const mapsUrl = offer.lat !== null && offer.lng !== null ? mapLinkOf({ lat: offer.lat, lng: offer.lng }) : offer.locationUrl;
  return { meetingPoint, mapsUrl };
}

/** Everything the client's messages about a viewing say, read in the caller's transaction. */
async function viewingForMessage(tx: Db | Tx, id: number) {
  const [row] = await tx
    .select({
      id: viewings.id,
      sequence: viewings.sequence,
      startsAt: viewings.startsAt,
      endsAt: viewings.endsAt,
      status: viewings.status,
      meetingPoint: viewings.meetingPoint,
      mapsUrl: viewings.mapsUrl,
      offerTitle: offers.title,
      staffName: sql<string>`coalesce(${staffUsers.name}, '')`,
      clientId: clients.id,
      clientName: clients.name,
      clientEmail: clients.email,
      clientPhone: sql<string | null>`(select ${clientPhones.phone} from ${clientPhones} where ${clientPhones.clientId} = ${clients.id} order by ${clientPhones.addedAt} limit 1)`,
    })
    .from(viewings)
    .innerJoin(offers, eq(offers.id, viewings.offerId))
    .innerJoin(clients, eq(clients.id, viewings.clientId))
    .leftJoin(staffUsers, eq(staffUsers.id, viewings.staffId))
    .where(eq(viewings.id, id));
  return row ?? null;
}
type MessageViewing = NonNullable<Awaited<ReturnType<typeof viewingForMessage>>>;

/** What a reminder says, read in the reminder job's transaction. */
export const viewingForReminder = viewingForMessage;

/** The SMS texts the client receives. */
export const VIEWING_SMS = {
  confirmed: (v: MessageViewing) =>
    `${COMPANY_NAME}: تم تأكيد موعد معاينة «${v.offerTitle}» يوم ${viewingWhenText(v.startsAt)} مع ${v.staffName}. مكان اللقاء: ${v.meetingPoint}${v.mapsUrl ? ` ${v.mapsUrl}` : ""}`,
  proposed: (v: MessageViewing) =>
    `${COMPANY_NAME}: نقترح موعدًا آخر لمعاينة «${v.offerTitle}»: ${viewingWhenText(v.startsAt)} مع ${v.staffName}. مكان اللقاء: ${v.meetingPoint}. للتغيير اتصل بنا.`,
  cancelled: (v: MessageViewing) => `${COMPANY_NAME}: أُلغي موعد معاينة «${v.offerTitle}» يوم ${viewingWhenText(v.startsAt)}. نعتذر، وسنتواصل معك لموعد آخر.`,
  reminder: (v: MessageViewing) =>
    `${COMPANY_NAME}: تذكير بموعد معاينة «${v.offerTitle}» ${viewingWhenText(v.startsAt)} مع ${v.staffName}. مكان اللقاء: ${v.meetingPoint}${v.mapsUrl ? ` ${v.mapsUrl}` : ""}`,
} as const;

/** The e-mail with its .ics, queued in the caller's transaction (decision 032) when the client has an address. */
async function queueInvitation(tx: Tx, services: ViewingServices, v: MessageViewing, method: "request" | "cancel") {
  if (!v.clientEmail) return;
  const calendar: CalendarViewing = { ...v, clientEmail: v.clientEmail };
  const attachment = viewingInvitation(calendar, { method, companyName: COMPANY_NAME, publicUrl: services.env.PUBLIC_URL });
  const body =
    method === "cancel" ? `${VIEWING_SMS.cancelled(v)}\n\nالملف المرفق يحذف الموعد من تقويمك.` : `${VIEWING_SMS.confirmed(v)}\n\nافتح الملف المرفق لإضافة الموعد إلى تقويمك.`;
  await queueEmail(tx, {
    purpose: method === "cancel" ? "viewing-cancellation" : "viewing-invitation",
    to: v.clientEmail,
    subject: method === "cancel" ? `إلغاء موعد معاينة: ${v.offerTitle}` : `موعد معاينة: ${v.offerTitle}`,
    body,
    attachments: [attachment],
  });
}

/** The SMS after the change has committed: a failing provider is logged, never undoes the booking. */
function textClient(services: ViewingServices, v: MessageViewing, body: string): Promise<void> {
  if (!v.clientPhone) return Promise.resolve();
  const to = v.clientPhone;
  return notifyInBackground("viewing sms", () => services.sms.send({ to, body }));
}

export interface BookingInput {
  offerId: number;
  clientId: number;
  staffId: number;
  startsAt: Date;
  minutes: number;
}

/**
 * Books a confirmed viewing (the scheduling form): the offer, client and staff member must exist
 * (the staff member active, a manager or an employee), the time still to come. The client's
 * timeline gets it, and a client still جديد or تم التواصل moves to معاينة. A staff member already
 * in a confirmed viewing at that time is refused by PostgreSQL (the exclusion constraint): of two
 * bookings of one slot at once, one commits and the other is answered in Arabic.
 */
export async function bookViewing(services: ViewingServices, actor: StaffProfile, input: BookingInput, now = new Date()): Promise<Result<{ id: number }>> {
  const { db } = services;
  if (input.startsAt.getTime() <= now.getTime()) return { ok: false, field: "time", message: VIEWING_MESSAGES.inThePast };
  const staff = await viewingStaff(db, input.staffId);
  if (!staff) return { ok: false, field: "staffId", message: VIEWING_MESSAGES.staffUnknown };
  const [offer] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!offer) return { ok: false, field: "offerId", message: VIEWING_MESSAGES.offerUnknown };
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
  if (!client) return { ok: false, field: "clientId", message: VIEWING_MESSAGES.clientUnknown };
  const endsAt = new Date(input.startsAt.getTime() + input.minutes * 60_000);
  let booked: MessageViewing;
  try {
    booked = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(viewings)
        .values({
          offerId: offer.id,
          clientId: client.id,
          staffId: staff.id,
          startsAt: input.startsAt,
          endsAt,
          status: "confirmed",
          ...meetingPointOf(offer),
          bookedBy: actor.id,
          confirmedAt: now,
        })
        .returning({ id: viewings.id });
      await onTimeline(tx, client.id, row!.id, actor.id, now, { action: "booked", title: offer.title, startsAt: input.startsAt.toISOString() });
      await moveClientToViewingStage(tx, client.id, { actorId: actor.id, at: now, viewingId: row!.id });
      const message = (await viewingForMessage(tx, row!.id))!;
      await queueInvitation(tx, services, message, "request");
      return message;
    });
  } catch (error) {
    if (isOverlap(error)) return { ok: false, field: "time", message: VIEWING_MESSAGES.staffBusy(staff.name) };
    throw error;
  }
  await textClient(services, booked, VIEWING_SMS.confirmed(booked));
  log.info("viewing booked", { viewingId: booked.id, staffId: staff.id });
  return { ok: true, id: booked.id };
}

function onTimeline(tx: Tx, clientId: number, viewingId: number, actorId: number | null, at: Date, details: Record<string, string>) {
  return tx.insert(clientEvents).values({ clientId, kind: "viewing", at, actorId, refId: viewingId, details });
}

/**
 * A visitor's request from the offer page: the chosen time must be one the firm opens (the
 * opening hours, the next 14 days, still to come). The visitor becomes or joins their client
 * (by phone, decision 045) with the request on their timeline; the viewing waits as 'requested'
 * for staff to confirm it or propose another time.
 */
export async function requestViewing(
  db: Db,
  input: { offerId: number; name: string; phone: string; email: string; startsAt: Date },
  now = new Date(),
): Promise<Result<{ id: number }>> {
  const hours = await getViewingHours(db);
  if (!isOpenSlot(hours, input.startsAt, now)) return { ok: false, field: "slot", message: VIEWING_MESSAGES.slotClosed };
  const [offer] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!offer) return { ok: false, message: VIEWING_MESSAGES.offerUnknown };
  const id = await db.transaction(async (tx) => {
    // The id first, so the request goes on the client's timeline with the client made in this transaction.
    const next = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('viewings', 'id'))::int as id`);
    const viewingId = next.rows[0]!.id;
    const { clientId } = await attachMessageToClient(tx, {
      kind: "viewing",
      refId: viewingId,
      name: input.name,
      phone: input.phone,
      email: input.email,
      at: now,
      details: { action: "requested", title: offer.title, startsAt: input.startsAt.toISOString() },
    });
    await tx.insert(viewings).values({
      id: viewingId,
      offerId: offer.id,
      clientId,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + hours.slotMinutes * 60_000),
      status: "requested",
      ...meetingPointOf(offer),
    });
    return viewingId;
  });
  return { ok: true, id };
}

/**
 * Staff answer a visitor's request: confirmed at the time asked (`startsAt` unchanged) or at
 * another time they propose, with the staff member who shows it. Once: the update is guarded by
 * 'requested'. The client is told by SMS (and the invitation by e-mail).
 */
export async function confirmViewing(
  services: ViewingServices,
  actor: StaffProfile,
  input: { id: number; staffId: number; startsAt: Date; minutes: number },
  now = new Date(),
): Promise<Result<{ proposed: boolean }>> {
  const { db } = services;
  if (input.startsAt.getTime() <= now.getTime()) return { ok: false, field: "time", message: VIEWING_MESSAGES.inThePast };
  const staff = await viewingStaff(db, input.staffId);
  if (!staff) return { ok: false, field: "staffId", message: VIEWING_MESSAGES.staffUnknown };
  let done: { v: MessageViewing; proposed: boolean } | null;
  try {
    done = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(viewings).where(eq(viewings.id, input.id)).for("update");
      if (!before || before.status !== "requested") return null;
      const proposed = before.startsAt.getTime() !== input.startsAt.getTime();
      await tx
        .update(viewings)
        .set({
          status: "confirmed",
          staffId: staff.id,
          startsAt: input.startsAt,
          endsAt: new Date(input.startsAt.getTime() + input.minutes * 60_000),
          bookedBy: actor.id,
          confirmedAt: now,
          sequence: sql`${viewings.sequence} + 1`,
        })
        .where(eq(viewings.id, input.id));
      await onTimeline(tx, before.clientId, input.id, actor.id, now, { action: proposed ? "proposed" : "confirmed", startsAt: input.startsAt.toISOString() });
      await moveClientToViewingStage(tx, before.clientId, { actorId: actor.id, at: now, viewingId: input.id });
      const v = (await viewingForMessage(tx, input.id))!;
      await queueInvitation(tx, services, v, "request");
      return { v, proposed };
    });
  } catch (error) {
    if (isOverlap(error)) return { ok: false, field: "time", message: VIEWING_MESSAGES.staffBusy(staff.name) };
    throw error;
  }
  if (!done) return { ok: false, message: VIEWING_MESSAGES.changed };
  await textClient(services, done.v, done.proposed ? VIEWING_SMS.proposed(done.v) : VIEWING_SMS.confirmed(done.v));
  return { ok: true, proposed: done.proposed };
}

/** Cancels a requested or confirmed viewing, once; the client is told by SMS and, with an e-mail, a CANCEL invitation. */
export async function cancelViewing(services: ViewingServices, actor: StaffProfile, id: number, now = new Date()): Promise<Result> {
  const v = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(viewings)
      .set({ status: "cancelled", cancelledAt: now, sequence: sql`${viewings.sequence} + 1` })
      .where(and(eq(viewings.id, id), inArray(viewings.status, ["requested", "confirmed"])))
      .returning({ clientId: viewings.clientId });
    if (!row) return null;
    await onTimeline(tx, row.clientId, id, actor.id, now, { action: "cancelled" });
    const message = (await viewingForMessage(tx, id))!;
    await queueInvitation(tx, services, message, "cancel");
    return message;
  });
  if (!v) return { ok: false, message: VIEWING_MESSAGES.changed };
  await textClient(services, v, VIEWING_SMS.cancelled(v));
  return { ok: true };
}

/**
 * The outcome, recorded once the viewing has begun, by its staff member or a manager: interested,
 * not interested (with a reason), or wants another viewing. Once: guarded by 'confirmed'.
 */
export async function recordOutcome(db: Db, actor: StaffProfile, input: { id: number; outcome: ViewingOutcome; reason: string }, now = new Date()): Promise<Result> {
  const reason = input.outcome === "not-interested" ? input.reason.trim() : "";
  if (input.outcome === "not-interested" && !reason) return { ok: false, field: "reason", message: VIEWING_MESSAGES.reasonRequired };
  return db.transaction(async (tx): Promise<Result> => {
    const [row] = await tx.select().from(viewings).where(eq(viewings.id, input.id)).for("update");
    if (!row) return { ok: false, message: VIEWING_MESSAGES.notFound };
    if (actor.role !== "manager" && row.staffId !== actor.id) return { ok: false, message: VIEWING_MESSAGES.notYours };
    if (row.status !== "confirmed") return { ok: false, message: VIEWING_MESSAGES.changed };
    if (row.startsAt.getTime() > now.getTime()) return { ok: false, message: VIEWING_MESSAGES.notStarted };
    await tx.update(viewings).set({ status: "done", outcome: input.outcome, outcomeReason: reason }).where(eq(viewings.id, input.id));
    await onTimeline(tx, row.clientId, input.id, actor.id, now, { action: "outcome", outcome: input.outcome, reason });
    return { ok: true };
  });
}

// ---- Opening hours (the manager's setting) ----

const DEFAULT_HOURS: ViewingHours = { days: [0, 1, 2, 3, 4], opensAt: 16, closesAt: 21, slotMinutes: 60 };

export async function getViewingHours(db: Db | Tx): Promise<ViewingHours> {
  const [row] = await db.select().from(viewingHours).where(eq(viewingHours.id, 1));
  return row ? { days: row.days, opensAt: row.opensAt, closesAt: row.closesAt, slotMinutes: row.slotMinutes } : DEFAULT_HOURS;
}

/** The manager's alone (checked here, not only by the page). */
export async function saveViewingHours(db: Db, actor: StaffProfile, hours: ViewingHours): Promise<Result> {
  if (actor.role !== "manager") return { ok: false, message: VIEWING_MESSAGES.managerOnly };
  await db
    .insert(viewingHours)
    .values({ id: 1, ...hours, updatedAt: new Date() })
    .onConflictDoUpdate({ target: viewingHours.id, set: { ...hours, updatedAt: new Date() } });
  return { ok: true };
}

// ---- The diary ----

/**
 * The viewings between two instants, by start: one staff member's (with the visitors' requests
 * still waiting for someone) or the firm's. Cancelled ones are left out.
 */
export async function diaryEntries(db: Db, range: { from: Date; to: Date; staffId: number | null }): Promise<DiaryEntry[]> {
  const rows = await db
    .select({
      id: viewings.id,
      startsAt: viewings.startsAt,
      endsAt: viewings.endsAt,
      status: viewings.status,
      outcome: viewings.outcome,
      outcomeReason: viewings.outcomeReason,
      offerId: viewings.offerId,
      offerTitle: offers.title,
      clientId: viewings.clientId,
      clientName: clients.name,
      clientPhone: sql<string | null>`(select ${clientPhones.phone} from ${clientPhones} where ${clientPhones.clientId} = ${clients.id} order by ${clientPhones.addedAt} limit 1)`,
      staffId: viewings.staffId,
      staffName: staffUsers.name,
      meetingPoint: viewings.meetingPoint,
      mapsUrl: viewings.mapsUrl,
    })
    .from(viewings)
    .innerJoin(offers, eq(offers.id, viewings.offerId))
    .innerJoin(clients, eq(clients.id, viewings.clientId))
    .leftJoin(staffUsers, eq(staffUsers.id, viewings.staffId))
    .where(
      and(
        gte(viewings.startsAt, range.from),
        lt(viewings.startsAt, range.to),
        ne(viewings.status, "cancelled"),
        range.staffId === null ? undefined : sql`(${viewings.staffId} = ${range.staffId} or ${viewings.status} = 'requested')`,
      ),
    )
    .orderBy(asc(viewings.startsAt), asc(viewings.id));
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() }));
}

/** Who may show a viewing (the scheduling form's and the diary's staff list); the offer and client are searched (viewing-pickers.server.ts). */
export async function bookingChoices(db: Db) {
  const staff = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(and(eq(staffUsers.active, true), inArray(staffUsers.role, ["manager", "staff"])))
    .orderBy(asc(staffUsers.name));
  return { staff };
}

/** The viewing a confirmation form edits: a visitor's request (its time and client). */
export async function viewingById(db: Db, id: number) {
  const [row] = await db.select().from(viewings).where(eq(viewings.id, id));
  return row ?? null;
}
