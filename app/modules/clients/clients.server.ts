import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { clientEvents, clientPhones, clients } from "~/db/schema.ts";
import type { ClientEventKind } from "~/db/column-types.ts";
import { assignNewClient } from "./assignment.server.ts";

/** A message a client sent: an inquiry (about an offer), a contact message or an owner submission. */
export interface ClientMessage {
  kind: Extract<ClientEventKind, "inquiry" | "contact" | "submission" | "viewing">;
  /** The inquiry's, submission's or (a visitor's request) viewing's id. */
  refId: number;
  name: string;
  /** In E.164 (app/utils/phone.ts parsePhone): the same person writing twice is one client. */
  phone: string;
  email: string;
  at: Date;
  details?: Record<string, string | number | boolean | null>;
  /** The city it is about (the inquiry's offer, the submission's property): the rule «by city» reads it. */
  city?: string;
}

/**
 * The client a message belongs to, made on their first message (decision 045), with the message
 * on their timeline. Inside the caller's transaction: the message and its client are stored
 * together or not at all. Two first messages from one phone at once make one client: the phone's
 * advisory lock holds the second until the first commits, then it finds the phone.
 * Returns the client's id and whether the client is new (the pipeline assigns new clients).
 */
export async function attachMessageToClient(tx: Tx, message: ClientMessage): Promise<{ clientId: number; created: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`client-phone:${message.phone}`}, 0))`);
  const [known] = await tx.select({ clientId: clientPhones.clientId }).from(clientPhones).where(eq(clientPhones.phone, message.phone));
  let clientId: number;
  if (known) {
    clientId = known.clientId;
    // A name or e-mail the client had not given before is kept; what staff have set is not overwritten.
    await tx
      .update(clients)
      .set({
        lastActivityAt: sql`greatest(${clients.lastActivityAt}, ${message.at.toISOString()}::timestamptz)`,
        email: sql`case when ${clients.email} = '' then ${message.email} else ${clients.email} end`,
      })
      .where(eq(clients.id, clientId));
  } else {
    const [created] = await tx
      .insert(clients)
      .values({ name: message.name, email: message.email, firstMessageAt: message.at, lastActivityAt: message.at })
      .returning({ id: clients.id });
    clientId = created!.id;
    await tx.insert(clientPhones).values({ phone: message.phone, clientId, addedAt: message.at });
  }
  await tx.insert(clientEvents).values({ clientId, kind: message.kind, at: message.at, refId: message.refId, details: message.details ?? {} });
  // A new client gets their owner by the manager's rule, in this transaction (after the message: the timeline reads in order).
  if (!known) await assignNewClient(tx, { id: clientId, name: message.name, at: message.at }, message.city ?? "");
  return { clientId, created: !known };
}

/**
 * A reply the firm sent a client (from the inbox): on their timeline, and the first one stops
 * their first-answer clock. A message stored before clients existed has no client: nothing to do.
 */
export async function recordReplyToClient(tx: Tx, clientId: number | null, reply: { inquiryId: number; actorId: number; at: Date; method: string }): Promise<void> {
  if (clientId === null) return;
  await tx.insert(clientEvents).values({ clientId, kind: "reply", at: reply.at, actorId: reply.actorId, refId: reply.inquiryId, details: { method: reply.method } });
  await tx
    .update(clients)
    .set({ firstReplyAt: reply.at })
    .where(and(eq(clients.id, clientId), isNull(clients.firstReplyAt)));
  await tx
    .update(clients)
    .set({ lastActivityAt: sql`greatest(${clients.lastActivityAt}, ${reply.at.toISOString()}::timestamptz)` })
    .where(eq(clients.id, clientId));
}

/**
 * A viewing booked or confirmed moves a client still جديد or تم التواصل to معاينة (issue 32; the
 * viewings module owns the rule): one update guarded by the stage, so of two at once one moves it
 * and the timeline gets one stage entry. A client further on stays where they are.
 */
export async function moveClientToViewingStage(tx: Tx, clientId: number, by: { actorId: number; at: Date; viewingId: number }): Promise<boolean> {
  const before = tx.$with("before").as(tx.select({ id: clients.id, stage: clients.stage }).from(clients).where(eq(clients.id, clientId)));
  const moved = await tx
    .with(before)
    .update(clients)
    .set({ stage: "viewing", lastActivityAt: sql`greatest(${clients.lastActivityAt}, ${by.at.toISOString()}::timestamptz)` })
    .where(and(eq(clients.id, clientId), inArray(clients.stage, ["new", "contacted"])))
    .returning({ from: sql<string>`(select stage from before)` });
  if (!moved.length) return false;
  await tx.insert(clientEvents).values({ clientId, kind: "stage", at: by.at, actorId: by.actorId, refId: by.viewingId, details: { from: moved[0]!.from, to: "viewing" } });
  return true;
}
