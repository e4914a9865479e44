import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { auditLog } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import type { AuditAction, AuditEntity } from "./audit-labels.ts";

/**
 * The actor of what the product does by itself (a new client given by the manager's rule, a date
 * REGA's nightly re-check corrected): no staff account, its name as the log shows it.
 */
export const SYSTEM_ACTOR = { id: null, name: "النظام" } as const;

/** Who did what to which record, written in the same transaction as the change itself. */
export async function recordAudit(
  tx: Db | Tx,
  actor: Pick<StaffProfile, "id" | "name"> | typeof SYSTEM_ACTOR,
  entity: AuditEntity,
  entityId: number,
  action: AuditAction,
  details: Record<string, unknown> = {},
): Promise<void> {
  // The time of writing, not now() (the transaction's start): a change that waited for another's
  // row lock is written after it, so a record's history lists changes in the order they took effect.
  await tx.insert(auditLog).values({ entity, entityId, action, actorId: actor.id, actorName: actor.name, details, createdAt: sql`clock_timestamp()` });
}

export interface AuditEntry {
  action: AuditAction;
  actorName: string;
  at: string;
}

/** The newest entry of each record, for the "by … at …" line of its card. */
export async function latestAuditEntries(db: Db, entity: AuditEntity, ids: number[]): Promise<Map<number, AuditEntry>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([auditLog.entityId], { entityId: auditLog.entityId, action: auditLog.action, actorName: auditLog.actorName, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids)))
    .orderBy(auditLog.entityId, desc(auditLog.createdAt), desc(auditLog.id));
  return new Map(rows.map((r) => [r.entityId, { action: r.action, actorName: r.actorName, at: r.at.toISOString() }]));
}

/** Every entry of one record, oldest first. */
export async function auditTrail(db: Db, entity: AuditEntity, entityId: number) {
  return db
    .select({ action: auditLog.action, actorName: auditLog.actorName, actorId: auditLog.actorId, details: auditLog.details, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt, auditLog.id);
}
