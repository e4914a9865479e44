import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { clientEvents, clientPhones, clients, staffUsers } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { foldArabic } from "~/utils/arabic.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { formatPhoneForReading, parsePhone } from "~/utils/phone.ts";
import { readRecordReference } from "~/utils/record-reference.ts";
import { queueOwnerNotice } from "./assignment.server.ts";
import type { ClientChoice } from "./client-choice.ts";
import { CLIENT_MESSAGES } from "./client-schema.ts";
import { firstAnswerState, type FirstAnswerState } from "./first-answer.ts";
import { getClientRules, listAssignableStaff } from "./rules.server.ts";
import { isClientStage, type ClientStage } from "./stages.ts";

const CLIENTS_PAGE_SIZE = 50;

export interface ClientFilters {
  stage?: ClientStage;
  /** A staff member's id (the manager's filter). */
  owner?: number;
  q?: string;
  page?: number;
}

export function parseClientFilters(params: URLSearchParams): ClientFilters {
  const stage = params.get("stage") ?? "";
  const owner = params.get("owner") ?? "";
  const page = Number(params.get("page") ?? "1");
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return {
    ...(isClientStage(stage) ? { stage } : {}),
    ...(/^\d{1,9}$/.test(owner) ? { owner: Number(owner) } : {}),
    ...(q ? { q } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
  };
}

type Viewer = Pick<StaffProfile, "id" | "role">;

/** Whose clients a person sees: the manager all, an employee their own. */
const visibleTo = (viewer: Viewer): SQL | undefined => (viewer.role === "manager" ? undefined : eq(clients.ownerId, viewer.id));

/**
 * A search by name (its Arabic letter variants alike) or phone, the phone typed any way: a whole number («٠٥٠ ١٢٣ ٤٥٦٧»,
 * «+966501234567») is read by the one phone rule and found exactly; a part of one (four digits or
 * more) is found inside the stored numbers, its leading 0 dropped (stored in E.164).
 */
function searchCondition(q: string): SQL {
  const phone = parsePhone(q);
  const phoneOf = (condition: SQL) => sql`exists (select 1 from ${clientPhones} where ${clientPhones.clientId} = ${clients.id} and ${condition})`;
  if (phone) return phoneOf(eq(clientPhones.phone, phone));
  const digits = toAsciiDigits(q).replace(/\D/g, "").replace(/^0+/, "");
  // The name Arabic-folded on both sides: 'احمد' finds 'أحمد', 'فاطمه' finds 'فاطمة' (drizzle/0043).
  const byName = sql`${clients.nameFolded} like ${containsPattern(foldArabic(q))}`;
  return digits.length >= 4 ? or(byName, phoneOf(sql`${clientPhones.phone} like ${containsPattern(digits)}`))! : byName;
}

interface ClientRow {
  id: number;
  name: string;
  /** For reading (formatPhoneForReading), in the order they were added. */
  phones: string[];
  stage: ClientStage;
  ownerName: string | null;
  lastActivityAt: string;
  firstAnswer: FirstAnswerState;
}

/** The clients list, latest activity first, 50 a page, filtered in the database. */
export async function clientsPage(db: Db, viewer: Viewer, filters: ClientFilters, now = new Date()) {
  const conditions = [
    visibleTo(viewer),
    filters.stage ? eq(clients.stage, filters.stage) : undefined,
    filters.owner != null ? eq(clients.ownerId, filters.owner) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(clients).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE));
  const page = Math.min(filters.page ?? 1, pageCount);
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      stage: clients.stage,
      ownerName: staffUsers.name,
      lastActivityAt: clients.lastActivityAt,
      firstMessageAt: clients.firstMessageAt,
      firstReplyAt: clients.firstReplyAt,
    })
    .from(clients)
    .leftJoin(staffUsers, eq(staffUsers.id, clients.ownerId))
    .where(where)
    .orderBy(desc(clients.lastActivityAt), desc(clients.id))
    .limit(CLIENTS_PAGE_SIZE)
    .offset((page - 1) * CLIENTS_PAGE_SIZE);
  const phones = await phonesOf(
    db,
    rows.map((r) => r.id),
  );
  const rules = await getClientRules(db);
  const cards: ClientRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    phones: phones.get(row.id) ?? [],
    stage: row.stage,
    ownerName: row.ownerName,
    lastActivityAt: row.lastActivityAt.toISOString(),
    firstAnswer: firstAnswerState(row, rules, now),
  }));
  const staff = viewer.role === "manager" ? (await listAssignableStaff(db)).map(({ id, name }) => ({ id, name })) : [];
  return { filters, cards, total, page, pageCount, staff };
}

async function phonesOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byClient = new Map<number, string[]>();
  if (!ids.length) return byClient;
  const rows = await db.select().from(clientPhones).where(inArray(clientPhones.clientId, ids)).orderBy(asc(clientPhones.addedAt), asc(clientPhones.phone));
  for (const row of rows) byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), formatPhoneForReading(row.phone)]);
  return byClient;
}

/** One timeline entry as the page writes it (client-timeline.ts). */
export interface TimelineEntry {
  id: number;
  kind: string;
  at: string;
  actorName: string | null;
  refId: number | null;
  details: Record<string, string | number | boolean | null>;
}

/** The client page: the client, their phones, owner and timeline (newest first); undefined when the viewer may not see them. */
export async function clientDetail(db: Db, viewer: Viewer, id: number, now = new Date()) {
  const [row] = await db
    .select({ client: clients, ownerName: staffUsers.name })
    .from(clients)
    .leftJoin(staffUsers, eq(staffUsers.id, clients.ownerId))
    .where(and(eq(clients.id, id), visibleTo(viewer)));
  if (!row) return undefined;
  const { client } = row;
  const events = await db
    .select({ id: clientEvents.id, kind: clientEvents.kind, at: clientEvents.at, actorName: staffUsers.name, refId: clientEvents.refId, details: clientEvents.details })
    .from(clientEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, clientEvents.actorId))
    .where(eq(clientEvents.clientId, id))
    .orderBy(desc(clientEvents.at), desc(clientEvents.id))
    .limit(500);
  const rules = await getClientRules(db);
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    stage: client.stage,
    stageReason: client.stageReason,
    ownerId: client.ownerId,
    ownerName: row.ownerName,
    phones: (await db.select().from(clientPhones).where(eq(clientPhones.clientId, id)).orderBy(asc(clientPhones.addedAt), asc(clientPhones.phone))).map((row) => ({
      value: row.phone,
      reading: formatPhoneForReading(row.phone),
    })),
    firstAnswer: firstAnswerState(client, rules, now),
    timeline: events.map((event): TimelineEntry => ({ ...event, at: event.at.toISOString() })),
    staff: viewer.role === "manager" ? (await listAssignableStaff(db)).map(({ id: staffId, name }) => ({ id: staffId, name })) : [],
  };
}

/** The client row locked for a change, if the viewer may change it. */
async function lockVisible(tx: Tx, viewer: Viewer, id: number) {
  const [row] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), visibleTo(viewer)))
    .for("update");
  return row;
}

const touch = (at: Date) => ({ lastActivityAt: sql`greatest(${clients.lastActivityAt}, ${at.toISOString()}::timestamptz)` });

/**
 * Moves a client to another stage. The form posts the stage it saw (`from`): the update holds only
 * while that is still the stage (one statement, so of two changes from one stage at once one wins
 * and the other is told). Lost needs a reason (the schema and here). Audited, and on the timeline.
 */
export async function changeClientStage(
  db: Db,
  actor: StaffProfile,
  id: number,
  change: { from: ClientStage; stage: ClientStage; reason: string },
  at = new Date(),
): Promise<string | null> {
  const reason = change.reason.trim();
  if (change.stage === "lost" && !reason) return CLIENT_MESSAGES.reasonRequired;
  if (change.stage === change.from) return CLIENT_MESSAGES.sameStage;
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(clients)
      .set({ stage: change.stage, stageReason: change.stage === "lost" ? reason : "", ...touch(at) })
      .where(and(eq(clients.id, id), eq(clients.stage, change.from), visibleTo(actor)))
      .returning({ id: clients.id });
    if (!moved) return (await lockVisible(tx, actor, id)) ? CLIENT_MESSAGES.stageMoved : CLIENT_MESSAGES.notFound;
    const details = { from: change.from, to: change.stage, reason };
    await tx.insert(clientEvents).values({ clientId: id, kind: "stage", at, actorId: actor.id, details });
    await recordAudit(tx, actor, "client", id, "status-change", details);
    return null;
  });
}

/** A note on the client's timeline, audited. */
export async function addClientNote(db: Db, actor: StaffProfile, id: number, note: string, at = new Date()): Promise<string | null> {
  const text = note.trim();
  if (!text) return CLIENT_MESSAGES.noteRequired;
  return db.transaction(async (tx) => {
    if (!(await lockVisible(tx, actor, id))) return CLIENT_MESSAGES.notFound;
    await tx.insert(clientEvents).values({ clientId: id, kind: "note", at, actorId: actor.id, details: { text } });
    await tx.update(clients).set(touch(at)).where(eq(clients.id, id));
    await recordAudit(tx, actor, "client", id, "client-note", { text });
    return null;
  });
}

/**
 * Another phone for the client, typed any way (the one phone rule). A phone is one client's
 * (client_phones' key): another client's number is refused, and says so.
 */
export async function addClientPhone(db: Db, actor: StaffProfile, id: number, typed: string, at = new Date()): Promise<string | null> {
  const phone = parsePhone(typed);
  if (!phone) return CLIENT_MESSAGES.phoneInvalid;
  return db.transaction(async (tx) => {
    if (!(await lockVisible(tx, actor, id))) return CLIENT_MESSAGES.notFound;
    const [added] = await tx.insert(clientPhones).values({ phone, clientId: id, addedAt: at }).onConflictDoNothing().returning({ phone: clientPhones.phone });
    if (!added) {
      const [holder] = await tx.select({ clientId: clientPhones.clientId }).from(clientPhones).where(eq(clientPhones.phone, phone));
      return holder?.clientId === id ? CLIENT_MESSAGES.phoneOfClient : CLIENT_MESSAGES.phoneOfOther;
    }
    await recordAudit(tx, actor, "client", id, "client-phone-added", { phone });
    return null;
  });
}

/**
 * Takes one of the client's phones off (decision 045: a client may have several). Never the last:
 * the client is recognised by their phone. The client row is locked first, as every change of their
 * phones does, so two removals at once cannot leave them with none.
 */
export async function removeClientPhone(db: Db, actor: StaffProfile, id: number, typed: string): Promise<string | null> {
  const phone = parsePhone(typed);
  if (!phone) return CLIENT_MESSAGES.phoneNotOfClient;
  return db.transaction(async (tx) => {
    if (!(await lockVisible(tx, actor, id))) return CLIENT_MESSAGES.notFound;
    const held = await tx.select({ phone: clientPhones.phone }).from(clientPhones).where(eq(clientPhones.clientId, id));
    if (!held.some((row) => row.phone === phone)) return CLIENT_MESSAGES.phoneNotOfClient;
    if (held.length < 2) return CLIENT_MESSAGES.phoneLast;
    await tx.delete(clientPhones).where(and(eq(clientPhones.phone, phone), eq(clientPhones.clientId, id)));
    await recordAudit(tx, actor, "client", id, "client-phone-removed", { phone });
    return null;
  });
}

/** The client's e-mail, set, changed or cleared (already checked by the form's schema): audited with what it was. */
export async function changeClientEmail(db: Db, actor: StaffProfile, id: number, email: string, at = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    const client = await lockVisible(tx, actor, id);
    if (!client) return CLIENT_MESSAGES.notFound;
    if (client.email === email) return null;
    await tx
      .update(clients)
      .set({ email, ...touch(at) })
      .where(eq(clients.id, id));
    await recordAudit(tx, actor, "client", id, "client-email-changed", { from: client.email, to: email });
    return null;
  });
}

/** The manager gives the client to another staff member: audited, on the timeline, and the new owner is told by e-mail. */
export async function reassignClient(db: Db, actor: StaffProfile, id: number, ownerId: number, at = new Date()): Promise<string | null> {
  if (actor.role !== "manager") return CLIENT_MESSAGES.ownerManagerOnly;
  return db.transaction(async (tx) => {
    const client = await lockVisible(tx, actor, id);
    if (!client) return CLIENT_MESSAGES.notFound;
    const owner = (await listAssignableStaff(tx)).find((member) => member.id === ownerId);
    if (!owner) return CLIENT_MESSAGES.ownerUnknown;
    if (client.ownerId === ownerId) return CLIENT_MESSAGES.ownerSame;
    await tx
      .update(clients)
      .set({ ownerId, ...touch(at) })
      .where(eq(clients.id, id));
    await tx.insert(clientEvents).values({ clientId: id, kind: "assigned", at, actorId: actor.id, refId: ownerId, details: { ownerName: owner.name, by: "manager" } });
    await recordAudit(tx, actor, "client", id, "client-assigned", { from: client.ownerId, to: ownerId });
    const [contact] = await tx.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, ownerId));
    if (ownerId !== actor.id) await queueOwnerNotice(tx, { id: ownerId, name: owner.name, email: contact?.email ?? "" }, { id, name: client.name });
    return null;
  });
}

const CLIENT_PICKER_LIMIT = 20;

/**
 * A client picker's answer (the viewing form's): up to 20 clients found by name or phone as the
 * clients list finds them (searchCondition), most recently active first; a number ("12", "#12",
 * "١٢") puts client 12 first. Nothing typed: the most recently active. Every client: whoever may
 * book a viewing books it for any client (the route's rule says who may ask).
 */
export async function searchClientChoices(db: Db, typed: string, limit = CLIENT_PICKER_LIMIT): Promise<ClientChoice[]> {
  const q = typed.trim().slice(0, 100);
  const number = readRecordReference(q);
  const text = q.replace(/^#\s*/, "");
  const [byNumber, byText] = await Promise.all([
    number == null ? Promise.resolve([]) : db.select(choiceColumns).from(clients).where(eq(clients.id, number)),
    db
      .select(choiceColumns)
      .from(clients)
      .where(text ? searchCondition(text) : undefined)
      .orderBy(desc(clients.lastActivityAt), desc(clients.id))
      .limit(limit),
  ]);
  return withFirstPhone(db, [...byNumber, ...byText.filter((client) => client.id !== byNumber[0]?.id)].slice(0, limit));
}

/** One client as a picker shows them (a form opened with them chosen); null when there is none. */
export async function clientChoiceById(db: Db, id: number): Promise<ClientChoice | null> {
  const [client] = await withFirstPhone(db, await db.select(choiceColumns).from(clients).where(eq(clients.id, id)));
  return client ?? null;
}

const choiceColumns = { id: clients.id, label: clients.name };

async function withFirstPhone(db: Db, rows: Array<{ id: number; label: string }>): Promise<ClientChoice[]> {
  const phones = await phonesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, phone: phones.get(row.id)?.[0] ?? null }));
}
