import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { clientEvents, clientRequirements, clients } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { recordRequirementMatches } from "./matching.server.ts";
import type { RequirementInput } from "./requirement-schema.ts";

/** A client as the requirements and matches pages need them. */
export interface ClientRef {
  id: number;
  name: string;
  ownerId: number | null;
}

/**
 * Whose clients a staff member may work on: the manager every client's, an employee only those
 * they own (the clients' pipeline assigns them), the accountant none.
 */
function mayWorkOnClient(user: Pick<StaffProfile, "id" | "role">, ownerId: number | null): boolean {
  if (user.role === "manager") return true;
  return user.role === "staff" && ownerId === user.id;
}

/** The client `user` may work on, or why not: no such client, or not theirs. */
export async function findClientFor(
  db: Db,
  user: Pick<StaffProfile, "id" | "role">,
  clientId: number,
): Promise<{ ok: true; client: ClientRef } | { ok: false; reason: "unknown" | "not-yours" }> {
  const [client] = await db.select({ id: clients.id, name: clients.name, ownerId: clients.ownerId }).from(clients).where(eq(clients.id, clientId));
  if (!client) return { ok: false, reason: "unknown" };
  return mayWorkOnClient(user, client.ownerId) ? { ok: true, client } : { ok: false, reason: "not-yours" };
}

export type RequirementRow = typeof clientRequirements.$inferSelect;

/** A client's requirements, the active first, oldest first. */
export function listRequirements(db: Db, clientId: number): Promise<RequirementRow[]> {
  return db.select().from(clientRequirements).where(eq(clientRequirements.clientId, clientId)).orderBy(desc(clientRequirements.active), asc(clientRequirements.id));
}

/** What the timeline says of a requirement: its purpose and types, enough to tell two apart. */
function eventDetails(change: "added" | "changed" | "paused" | "resumed", row: Pick<RequirementRow, "purpose" | "propertyTypes">) {
  return { change, purpose: row.purpose, types: row.propertyTypes.join("، ") };
}

/**
 * Adds a requirement to a client, or changes one of theirs (`input.id`), with the change on the
 * client's timeline (kind 'requirement'), in one transaction. Null when `input.id` is not one of
 * this client's requirements.
 */
export async function saveRequirement(db: Db, actor: Pick<StaffProfile, "id">, clientId: number, input: RequirementInput): Promise<{ id: number; created: boolean } | null> {
  const values = {
    purpose: input.purpose,
    propertyTypes: input.propertyTypes,
    cities: input.cities,
    // A neighbourhood means something only within a city chosen; without cities, any city's.
    neighbourhoods: input.neighbourhoods,
    budgetMin: input.budgetMin,
    budgetMax: input.budgetMax,
    // No room at least is no limit.
    roomsMin: input.roomsMin || null,
    areaMin: input.areaMin,
    areaMax: input.areaMax,
  };
  return db.transaction(async (tx) => {
    const [row] = input.id
      ? await tx
          .update(clientRequirements)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(clientRequirements.id, input.id), eq(clientRequirements.clientId, clientId)))
          .returning({ id: clientRequirements.id })
      : await tx
          .insert(clientRequirements)
          .values({ ...values, clientId })
          .returning({ id: clientRequirements.id });
    if (!row) return null;
    await tx.insert(clientEvents).values({ clientId, kind: "requirement", actorId: actor.id, refId: row.id, details: eventDetails(input.id ? "changed" : "added", values) });
    await recordRequirementMatches(tx, row.id);
    return { id: row.id, created: !input.id };
  });
}

/** Pauses or resumes one of a client's requirements, on their timeline when it changes. False when it is not theirs. */
export async function setRequirementActive(db: Db, actor: Pick<StaffProfile, "id">, clientId: number, id: number, active: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ active: clientRequirements.active, purpose: clientRequirements.purpose, propertyTypes: clientRequirements.propertyTypes })
      .from(clientRequirements)
      .where(and(eq(clientRequirements.id, id), eq(clientRequirements.clientId, clientId)))
      .for("update");
    if (!found) return false;
    if (found.active === active) return true;
    await tx.update(clientRequirements).set({ active, updatedAt: new Date() }).where(eq(clientRequirements.id, id));
    await tx.insert(clientEvents).values({ clientId, kind: "requirement", actorId: actor.id, refId: id, details: eventDetails(active ? "resumed" : "paused", found) });
    if (active) await recordRequirementMatches(tx, id);
    return true;
  });
}
