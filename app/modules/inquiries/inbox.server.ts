import { and, asc, count, desc, eq, ilike, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import type { Db, Tx } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { inquiries, offers, staffUsers, tasks, type ReplyEntry } from "~/db/schema.ts";
import { latestAuditEntries, recordAudit } from "~/modules/audit/audit.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { publishOfficeChange } from "~/modules/live-updates/event-hub.server.ts";
import { MAIL_QUEUE_MESSAGES } from "~/modules/messaging/mail-delivery.ts";
import { emailDeliveries, queueEmail, resendEmail } from "~/modules/messaging/mail-queue.server.ts";
import { queueStaffNotice } from "~/modules/notifications/staff-notifications.server.ts";
import { recordReplyToClient } from "~/modules/clients/index.server.ts";
import { tasksOfInquiries } from "~/modules/tasks/index.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { InboxCard, InboxFilters, InboxOfferChoice } from "./inbox-card.ts";
import { INQUIRY_HELP_LIMITS, INQUIRY_REPLY_MAX } from "./inbox-schema.ts";
import { inquirerName, INQUIRY_LATE_AFTER_MS, INQUIRY_MESSAGES, isInquiryLate, isInquiryOpen, isInquiryStatus, replyText, type InquiryStatus, type ReplyMethod } from "./status.ts";

export type { InboxCard, InboxFilters };

const INBOX_PAGE_SIZE = 50;

export function parseInboxFilters(params: URLSearchParams): InboxFilters {
  const id = params.get("id") ?? "";
  const status = params.get("status") ?? "";
  const offer = params.get("offer") ?? "";
  const page = Number(params.get("page") ?? "1");
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return {
    ...(/^\d{1,9}$/.test(id) ? { id: Number(id) } : {}),
    status: isInquiryStatus(status) ? status : undefined,
    ...(params.get("late") === "1" ? { late: true } : {}),
    ...(/^\d{1,9}$/.test(offer) ? { offer: Number(offer) } : {}),
    q: q || undefined,
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
  };
}

/** Late: still pending 24 hours after it arrived (isInquiryLate, as one condition the status-and-date index serves). */
function lateCondition(now: number): SQL {
  return and(eq(inquiries.status, "pending"), lt(inquiries.createdAt, new Date(now - INQUIRY_LATE_AFTER_MS)))!;
}

/** The inbox's filters as one condition, for the cards and their count alike. */
function inboxWhere(filters: InboxFilters, now: number): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.id != null) conditions.push(eq(inquiries.id, filters.id));
  if (filters.status) conditions.push(eq(inquiries.status, filters.status));
  if (filters.late) conditions.push(lateCondition(now));
  if (filters.offer != null) conditions.push(eq(inquiries.propertyId, filters.offer));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      or(
        ilike(inquiries.name, pattern),
        ilike(inquiries.phone, pattern),
        ilike(inquiries.email, pattern),
        ilike(inquiries.message, pattern),
        ilike(inquiries.propertyTitle, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The inbox, newest first, 50 a page, filtered in the database (status, late, offer, search, one
 * inquiry). Each card lists its tasks; the viewer may open those they may see on the board (the
 * manager all, the others their own).
 */
export async function listInbox(db: Db, viewer: Pick<StaffProfile, "id" | "role">, filters: InboxFilters, now = Date.now()): Promise<InboxCard[]> {
  const rows = await db
    .select({ inquiry: inquiries, lat: offers.lat, lng: offers.lng })
    .from(inquiries)
    .leftJoin(offers, eq(offers.id, inquiries.propertyId))
    .where(inboxWhere(filters, now))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(INBOX_PAGE_SIZE)
    .offset(((filters.page ?? 1) - 1) * INBOX_PAGE_SIZE);
  const ids = rows.map((r) => r.inquiry.id);
  const emailIds = rows.flatMap((r) => r.inquiry.replyHistory.flatMap((entry) => (entry.emailId === undefined ? [] : [entry.emailId])));
  const [audits, tasksByInquiry, deliveries] = await Promise.all([latestAuditEntries(db, "inquiry", ids), tasksOfInquiries(db, ids), emailDeliveries(db, emailIds, new Date(now))]);
  return rows.map(({ inquiry, lat, lng }) => ({
    id: inquiry.id,
    name: inquiry.name,
    phone: inquiry.phone,
    email: inquiry.email,
    message: inquiry.message,
    propertyId: inquiry.propertyId,
    propertyTitle: inquiry.propertyTitle,
    clientId: inquiry.clientId,
    coordinates: lat != null && lng != null ? { lat, lng } : null,
    status: inquiry.status,
    late: isInquiryLate(inquiry, now),
    createdAt: inquiry.createdAt.toISOString(),
    replyHistory: inquiry.replyHistory.map((entry) => {
      const delivery = entry.emailId === undefined ? undefined : deliveries.get(entry.emailId);
      return delivery ? { ...entry, delivery } : entry;
    }),
    lastAction: audits.get(inquiry.id) ?? null,
    tasks: (tasksByInquiry.get(inquiry.id) ?? []).map(({ assignedTo, ...task }) => ({ ...task, canOpen: viewer.role === "manager" || assignedTo === viewer.id })),
  }));
}

/** How many offers the inbox's offer filter lists: those asked about most recently, among the latest 2,000 inquiries about an offer. */
const OFFER_CHOICES_MAX = 100;
const OFFER_CHOICES_FROM = 2000;

/**
 * The inbox page: its cards, how many match and the pages, how many are late in all (the late
 * filter's label counts them) and the offers it can be filtered by (the chosen one always among them).
 */
export async function inboxPage(db: Db, viewer: Pick<StaffProfile, "id" | "role">, filters: InboxFilters, now = Date.now()) {
  const where = inboxWhere(filters, now);
  const recent = db
    .select({ propertyId: inquiries.propertyId, propertyTitle: inquiries.propertyTitle, createdAt: inquiries.createdAt })
    .from(inquiries)
    .where(isNotNull(inquiries.propertyId))
    .orderBy(desc(inquiries.createdAt))
    .limit(OFFER_CHOICES_FROM)
    .as("recent");
  const [cards, [matching], [late], offerChoices] = await Promise.all([
    listInbox(db, viewer, filters, now),
    db.select({ n: count() }).from(inquiries).where(where),
    db.select({ n: count() }).from(inquiries).where(lateCondition(now)),
    // From the latest inquiries only (newest first, by the date index): the cost stays the same however many there are.
    db
      .select({ id: recent.propertyId, title: sql<string>`max(${recent.propertyTitle})` })
      .from(recent)
      .groupBy(recent.propertyId)
      .orderBy(desc(sql`max(${recent.createdAt})`))
      .limit(OFFER_CHOICES_MAX),
  ]);
  const offersAskedAbout: InboxOfferChoice[] = offerChoices.flatMap((o) => (o.id == null ? [] : [{ id: o.id, title: o.title }]));
  if (filters.offer != null && !offersAskedAbout.some((o) => o.id === filters.offer)) {
    const [chosen] = await db.select({ id: offers.id, title: offers.title }).from(offers).where(eq(offers.id, filters.offer));
    if (chosen) offersAskedAbout.unshift(chosen);
  }
  const total = matching?.n ?? 0;
  return {
    cards,
    total,
    page: filters.page ?? 1,
    pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    lateCount: late?.n ?? 0,
    offers: offersAskedAbout,
  };
}

/** The manager's dashboard figures, from the same table and rules as the inbox. */
export async function inquiryTotals(db: Db, now = new Date()): Promise<{ total: number; pending: number; late: number }> {
  const cutoff = new Date(now.getTime() - INQUIRY_LATE_AFTER_MS);
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${inquiries.status} = 'pending')`.mapWith(Number),
      late: sql<number>`count(*) filter (where ${inquiries.status} = 'pending' and ${inquiries.createdAt} < ${cutoff})`.mapWith(Number),
    })
    .from(inquiries);
  return { total: row?.total ?? 0, pending: row?.pending ?? 0, late: row?.late ?? 0 };
}

/**
 * Records a reply: the status becomes replied and {timestamp, method, message, sentBy} joins the
 * history, with an audit entry, in one transaction under the inquiry's row lock. A completed
 * inquiry takes no more replies. By WhatsApp the browser opened the chat; by e-mail the message
 * is queued in the same transaction (decision 032) and the history entry names it, so the card
 * shows its delivery (on its way, sent, not sent with «إعادة الإرسال»). Nothing waits for the
 * mail server, and nothing blocks the next reply.
 *
 * Returns why it was refused (the message staff see), or null once done; the reply form's schema
 * requires the text.
 */
export async function replyToInquiry(
  services: Pick<AppServices, "db">,
  actor: StaffProfile,
  id: number,
  method: ReplyMethod,
  rawMessage: string,
  now: () => Date = () => new Date(),
): Promise<string | null> {
  const message = rawMessage.trim().slice(0, INQUIRY_REPLY_MAX);
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ inquiry: inquiries, lat: offers.lat, lng: offers.lng })
      .from(inquiries)
      .leftJoin(offers, eq(offers.id, inquiries.propertyId))
      .where(eq(inquiries.id, id))
      .for("update", { of: inquiries });
    if (!row) return INQUIRY_MESSAGES.notFound;
    const { inquiry } = row;
    if (!isInquiryOpen(inquiry.status)) return INQUIRY_MESSAGES.notAllowed;
    let emailId: number | undefined;
    if (method === "email") {
      if (!inquiry.email) return INQUIRY_MESSAGES.noEmail;
      const coordinates = row.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : null;
      emailId = await queueEmail(tx, {
        purpose: "inquiry-reply",
        inquiryId: id,
        to: inquiry.email,
        subject: inquiry.propertyTitle ? `رد على استفسارك عن: ${inquiry.propertyTitle}` : `رد على استفسارك — ${COMPANY_NAME}`,
        body: replyText(message, coordinates),
      });
    }
    await recordReply(tx, actor, id, { method, message, at: now(), from: inquiry.status, emailId });
    return null;
  });
}

/**
 * «إعادة الإرسال» of an e-mail reply that was not sent: queued again (once, however many press it).
 * Why it was refused, or null once queued.
 */
export async function resendReply(db: Db, id: number, emailId: number): Promise<string | null> {
  const outcome = await resendEmail(db, emailId, { inquiryId: id });
  if (outcome === "not-found") return INQUIRY_MESSAGES.notFound;
  if (outcome === "not-resendable") return MAIL_QUEUE_MESSAGES.notResendable;
  return null;
}

/** The history entry, the new status (a completed inquiry stays completed) and the audit entry. */
async function recordReply(tx: Tx, actor: StaffProfile, id: number, reply: { method: ReplyMethod; message: string; at: Date; from: InquiryStatus; emailId?: number }) {
  const entry: ReplyEntry = {
    timestamp: reply.at.toISOString(),
    method: reply.method,
    message: reply.message,
    sentBy: actor.name,
    ...(reply.emailId === undefined ? {} : { emailId: reply.emailId }),
  };
  const [replied] = await tx
    .update(inquiries)
    .set({
      status: isInquiryOpen(reply.from) ? "replied" : reply.from,
      replyHistory: sql`${inquiries.replyHistory} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(eq(inquiries.id, id))
    .returning({ clientId: inquiries.clientId });
  await recordAudit(tx, actor, "inquiry", id, `reply-${reply.method}`, { from: reply.from });
  await recordReplyToClient(tx, replied?.clientId ?? null, { inquiryId: id, actorId: actor.id, at: reply.at, method: reply.method });
}

/** Completes an open inquiry: why it was refused, or null once done. */
export async function completeInquiry(db: Db, actor: StaffProfile, id: number): Promise<string | null> {
  return changeOpenInquiry(db, id, async (tx, from) => {
    await tx.update(inquiries).set({ status: "completed" }).where(eq(inquiries.id, id));
    await recordAudit(tx, actor, "inquiry", id, "complete", { from });
  });
}

/**
 * Makes `change` to an inquiry that is still open, under a lock on its row (given the status it
 * had): why not (no such inquiry, or it is completed), or null once done.
 */
async function changeOpenInquiry(db: Db, id: number, change: (tx: Tx, from: InquiryStatus) => Promise<void>): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, id)).for("update");
    if (!inquiry) return INQUIRY_MESSAGES.notFound;
    if (!isInquiryOpen(inquiry.status)) return INQUIRY_MESSAGES.notAllowed;
    await change(tx, inquiry.status);
    return null;
  });
}

/**
 * "Request help": a task for the accountant, Pending, linked to the inquiry. Title and
 * details are both required (the help form's schema). The accountant is the first active one (the
 * firm has one); their e-mail is queued with the task (decision 032), and open task boards update live.
 */
export async function requestHelp(services: Pick<AppServices, "db">, actor: StaffProfile, id: number, input: { title: string; details: string }): Promise<string | null> {
  const title = input.title.trim().slice(0, INQUIRY_HELP_LIMITS.title);
  const details = input.details.trim().slice(0, INQUIRY_HELP_LIMITS.details);
  return services.db.transaction(async (tx) => {
    const [inquiry] = await tx.select({ id: inquiries.id, name: inquiries.name }).from(inquiries).where(eq(inquiries.id, id));
    if (!inquiry) return INQUIRY_MESSAGES.notFound;
    const [accountant] = await tx
      .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, "accountant"), eq(staffUsers.active, true)))
      .orderBy(asc(staffUsers.id))
      .limit(1);
    if (!accountant) return INQUIRY_MESSAGES.noAccountant;
    const [task] = await tx
      .insert(tasks)
      .values({ title, description: details, assignedTo: accountant.id, createdBy: actor.id, status: "Pending", relatedInquiryId: id })
      .returning({ id: tasks.id });
    await recordAudit(tx, actor, "inquiry", id, "help-request", { taskId: task!.id });
    await publishOfficeChange(tx, { topic: "tasks", id: task!.id });
    await queueStaffNotice(tx, "help-request", {
      taskId: task!.id,
      to: { name: accountant.name, email: accountant.email },
      subject: `طلب مساعدة: ${title}`,
      lines: [`طلب ${actor.name} مساعدتك بخصوص استفسار ${inquirerName(inquiry.name)}: «${title}».`, details],
    });
    return null;
  });
}
