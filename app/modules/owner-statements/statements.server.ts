import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import {
  leases,
  managedProperties,
  managedUnits,
  managementContracts,
  ownerCharges,
  owners,
  ownerStatements,
  propertyManagementRules,
  rentPaymentAllocations,
  rentPayments,
  transactions,
} from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { logger } from "~/utils/log.server.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formatMoneyArabic } from "~/utils/format.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { computeStatement, monthBefore, monthBounds, type StatementInput, type StatementMonth, type StatementProperty } from "./statement-math.ts";
import { monthTitle, type StatementRow } from "./statement-view.ts";
import { renderStatementPdf } from "./statement-pdf.server.ts";

export interface StatementServices {
  db: Db;
  storage: PhotoStorage;
}

/** The owners with a management contract in force on some day of the month (only they get a statement). */
async function ownersManagedIn(db: Db | Tx, month: StatementMonth): Promise<number[]> {
  const { first, last } = monthBounds(month);
  const rows = await db
    .selectDistinct({ ownerId: managementContracts.ownerId })
    .from(managementContracts)
    .innerJoin(managedProperties, and(eq(managedProperties.id, managementContracts.propertyId), eq(managedProperties.ownerId, managementContracts.ownerId)))
    .where(and(lte(managementContracts.startsOn, last), gte(managementContracts.endsOn, first)))
    .orderBy(managementContracts.ownerId);
  return rows.map((row) => row.ownerId);
}

/** The month's rows for one owner: their properties under a contract that month, the rent collected on their units, their approved charges. */
export async function gatherStatementInput(db: Db | Tx, ownerId: number, month: StatementMonth): Promise<StatementInput> {
  const { first, last } = monthBounds(month);
  // Two contracts may share a month (one ending, the next starting): the later one's terms count.
  const contracts = await db
    .selectDistinctOn([managedProperties.id], {
      id: managedProperties.id,
      name: managedProperties.name,
      kind: managementContracts.commissionKind,
      basisPoints: managementContracts.commissionBasisPoints,
      yearlyHalalas: managementContracts.commissionHalalas,
    })
    .from(managedProperties)
    .innerJoin(managementContracts, and(eq(managementContracts.propertyId, managedProperties.id), eq(managementContracts.ownerId, ownerId)))
    .where(and(eq(managedProperties.ownerId, ownerId), lte(managementContracts.startsOn, last), gte(managementContracts.endsOn, first)))
    .orderBy(managedProperties.id, desc(managementContracts.startsOn));
  const propertyIds = contracts.map((contract) => contract.id);
  if (!propertyIds.length) return { month, properties: [], collected: [], charges: [] };
  // One after another: inside a transaction the three share its one connection.
  const units = await db
    .select({ id: managedUnits.id, label: managedUnits.label, propertyId: managedUnits.propertyId })
    .from(managedUnits)
    .where(inArray(managedUnits.propertyId, propertyIds))
    .orderBy(asc(managedUnits.id));
  const collected = await db
    .select({ unitId: leases.unitId, amountHalalas: sql<string>`sum(${rentPaymentAllocations.amountHalalas})` })
    .from(rentPaymentAllocations)
    .innerJoin(rentPayments, eq(rentPayments.id, rentPaymentAllocations.paymentId))
    .innerJoin(leases, eq(leases.id, rentPayments.leaseId))
    .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
    .where(and(inArray(managedUnits.propertyId, propertyIds), gte(rentPayments.paidOn, first), lte(rentPayments.paidOn, last)))
    .groupBy(leases.unitId);
  // Counted once the manager approved it: the finance approval made a transaction for its task.
  const charges = await db
    .select({ propertyId: ownerCharges.propertyId, unitId: ownerCharges.unitId, amountHalalas: ownerCharges.amountHalalas })
    .from(ownerCharges)
    .where(
      and(
        eq(ownerCharges.ownerId, ownerId),
        inArray(ownerCharges.propertyId, propertyIds),
        gte(ownerCharges.chargedOn, first),
        lte(ownerCharges.chargedOn, last),
        sql`exists (select 1 from ${transactions} where ${transactions.relatedTaskId} = ${ownerCharges.financeTaskId})`,
      ),
    );
  const properties: StatementProperty[] = contracts.map((contract) => ({
    id: contract.id,
    name: contract.name,
    commission: contract.kind === "percent" ? { kind: "percent", basisPoints: contract.basisPoints ?? 0 } : { kind: "fixed", yearlyHalalas: contract.yearlyHalalas ?? 0 },
    units: units.filter((unit) => unit.propertyId === contract.id).map((unit) => ({ id: unit.id, label: unit.label })),
  }));
  // What the owner still owed at their statement before (its net, when negative and not settled by
  // the owner since): recovered from this month.
  const [before] = await db
    .select({ netHalalas: ownerStatements.netHalalas, settledAt: ownerStatements.paidOutAt })
    .from(ownerStatements)
    .where(and(eq(ownerStatements.ownerId, ownerId), lt(ownerStatements.month, month)))
    .orderBy(desc(ownerStatements.month))
    .limit(1);
  return {
    month,
    properties,
    collected: collected.map((row) => ({ unitId: row.unitId, amountHalalas: Number(row.amountHalalas) })),
    charges,
    carriedHalalas: before && !before.settledAt ? Math.min(0, before.netHalalas) : 0,
  };
}

/** One owner's statements are made and settled one at a time: a month reads the one before (what is carried). */
async function lockOwnerStatements(tx: Tx, ownerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`owner-statement:${ownerId}`}, 0))`);
}

/**
 * Whether an owner has a management contract in force after a month (on one of their own
 * properties, as `ownersManagedIn` counts them): a next statement will come to recover a negative
 * net. One condition for the statement being made (values) and the lists (the row's columns).
 */
const contractAfter = (ownerId: SQL, month: SQL) =>
  sql<boolean>`exists (select 1 from management_contracts c join managed_properties p on p.id = c.property_id and p.owner_id = c.owner_id
    where c.owner_id = ${ownerId} and c.ends_on >= (${month}::date + interval '1 month')::date)`;

export type IssueResult = { outcome: "issued"; id: number } | { outcome: "exists"; id: number } | { outcome: "not-managed" };

/**
 * Makes an owner's statement for a month, once: the row is inserted (on conflict with the owner and
 * month's unique index, nothing), its PDF made and stored, and its e-mail queued, all in one
 * transaction under a lock per owner, so of two runs at once the second waits and finds it made
 * (and a month reads the statement before it whole, for what is carried). An owner with no
 * contract in force that month gets none.
 */
export async function issueStatement(services: StatementServices, ownerId: number, month: StatementMonth, now = new Date()): Promise<IssueResult> {
  const { db, storage } = services;
  // The PDF is stored inside the transaction (the row names it): if the transaction then fails,
  // the file no row names is removed, not left in the store.
  let stored: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      // One owner's statements one at a time: a month's reads the one before (what is carried).
      await lockOwnerStatements(tx, ownerId);
      const input = await gatherStatementInput(tx, ownerId, month);
      if (!input.properties.length) return { outcome: "not-managed" as const };
      const totals = computeStatement(input);
      const [inserted] = await tx
        .insert(ownerStatements)
        .values({ ownerId, month, ...totals })
        .onConflictDoNothing({ target: [ownerStatements.ownerId, ownerStatements.month] })
        .returning({ id: ownerStatements.id });
      if (!inserted) {
        const [existing] = await tx
          .select({ id: ownerStatements.id })
          .from(ownerStatements)
          .where(and(eq(ownerStatements.ownerId, ownerId), eq(ownerStatements.month, month)));
        return { outcome: "exists" as const, id: existing!.id };
      }
      const [owner] = await tx.select({ name: owners.name, email: owners.email, iban: owners.iban }).from(owners).where(eq(owners.id, ownerId));
      const nextStatementDue = totals.netHalalas >= 0 || (await tx.execute<{ due: boolean }>(sql`select ${contractAfter(sql`${ownerId}`, sql`${month}`)} as due`)).rows[0]!.due;
      const pdf = await renderStatementPdf({ owner: owner!, month, totals, generatedOn: riyadhDayOf(now), nextStatementDue });
      // A random part: the key is never guessed, and a statement made again after a failed try never overwrites.
      const pdfKey = `statements/${ownerId}-${month.slice(0, 7)}-${randomBytes(8).toString("hex")}.pdf`;
      await storage.put(pdfKey, pdf, "application/pdf");
      stored = pdfKey;
      const emailed = owner!.email !== "";
      if (emailed) {
        await queueEmail(tx, {
          purpose: "owner-statement",
          to: owner!.email,
          subject: `كشف حساب ${monthTitle(month)} — ${COMPANY_NAME}`,
          body: `السلام عليكم ${owner!.name}،\n\nمرفق كشف حساب أملاككم لشهر ${monthTitle(month)}. ${netSentence(totals.netHalalas, nextStatementDue)}\n\n${COMPANY_NAME}`,
          attachments: [{ filename: statementFileName(month), contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }],
        });
      }
      await tx
        .update(ownerStatements)
        .set({ pdfKey, emailedAt: emailed ? now : null })
        .where(eq(ownerStatements.id, inserted.id));
      return { outcome: "issued" as const, id: inserted.id };
    });
  } catch (error) {
    if (stored) await storage.delete(stored).catch((removal: unknown) => logger.warn({ err: removal, key: stored }, "statement PDF not removed after a failed issue"));
    throw error;
  }
}

/** The e-mail's sentence on the net: what is paid to the owner, or what they owe and how it is recovered (or is to be paid, when no statement follows). */
function netSentence(netHalalas: number, nextStatementDue: boolean): string {
  if (netHalalas >= 0) return `الصافي المستحق لكم: ${formatMoneyArabic(netHalalas / 100)}.`;
  const owed = `المستحق عليكم: ${formatMoneyArabic(-netHalalas / 100)}`;
  return nextStatementDue ? `${owed}، ويُخصم من كشف حسابكم التالي.` : `${owed}. لا كشف تاليًا يُخصم منه، فيرجى سداده للمنشأة.`;
}

/** The attachment's and the download's file name: «statement-2026-03.pdf» (ASCII, every mail client reads it). */
export function statementFileName(month: StatementMonth): string {
  return `statement-${month.slice(0, 7)}.pdf`;
}

/**
 * The daily run: on the settings' statement day (and on any later day of the month, so a day
 * missed is caught up), every managed owner's statement for the month before, each once.
 */
export async function issueDueStatements(services: StatementServices, now = new Date()): Promise<{ month: StatementMonth | null; issued: number[] }> {
  const today = riyadhDayOf(now);
  const [rules] = await services.db.select({ statementDay: propertyManagementRules.statementDay }).from(propertyManagementRules);
  const statementDay = rules?.statementDay ?? 5;
  if (Number(today.slice(8, 10)) < statementDay) return { month: null, issued: [] };
  const month = monthBefore(today);
  const issued: number[] = [];
  for (const ownerId of await ownersManagedIn(services.db, month)) {
    const result = await issueStatement(services, ownerId, month, now);
    if (result.outcome === "issued") issued.push(result.id);
  }
  return { month, issued };
}

export type PayoutResult = { ok: true } | { ok: false; reason: "not-found" | "already-paid" | "owner-owes" };

/**
 * Records the transfer to the owner, once: the update holds only while `paid_out_at` is empty, so a
 * second (or a simultaneous) one is refused. A negative net is not paid: the owner owes it, and
 * their next statement recovers it.
 */
export async function recordPayout(db: Db, actor: Pick<StaffProfile, "id" | "name">, statementId: number, reference: string, now = new Date()): Promise<PayoutResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(ownerStatements)
      .set({ paidOutAt: now, payoutReference: reference, paidOutBy: actor.id })
      .where(and(eq(ownerStatements.id, statementId), isNull(ownerStatements.paidOutAt), gte(ownerStatements.netHalalas, 0)))
      .returning({ ownerId: ownerStatements.ownerId, month: ownerStatements.month, netHalalas: ownerStatements.netHalalas });
    if (!row) {
      const [exists] = await tx
        .select({ netHalalas: ownerStatements.netHalalas, paidOutAt: ownerStatements.paidOutAt })
        .from(ownerStatements)
        .where(eq(ownerStatements.id, statementId));
      if (!exists) return { ok: false as const, reason: "not-found" as const };
      return { ok: false as const, reason: exists.paidOutAt ? ("already-paid" as const) : ("owner-owes" as const) };
    }
    await recordAudit(tx, actor, "owner", row.ownerId, "statement-paid-out", { statementId, month: row.month, netHalalas: row.netHalalas, reference });
    return { ok: true as const };
  });
}

/** The month of the owner's next statement after this one (which carried this one's negative net), or null. */
// Written out with the table's name: Drizzle leaves a column unqualified in a select from one table,
// and inside the subquery an unqualified column would be the later statement's own.
const recoveredIn = sql<StatementMonth | null>`(select to_char(min(later.month), 'YYYY-MM-DD') from owner_statements later where later.owner_id = owner_statements.owner_id and later.month > owner_statements.month)`;

export type SettlementResult = { ok: true } | { ok: false; reason: "not-found" | "already-settled" | "not-owed" | "recovered" };

/**
 * Records that the owner paid the firm what a statement left them owing (a transfer to the firm), once.
 * Only while no later statement of theirs exists: a later one carried the amount and recovers it
 * from their rent, and settling it as well would count it twice. Under the owner's statement lock,
 * so a statement being made at the same moment either carries it (and this is refused) or finds it
 * settled (and carries nothing). Kept in the payout's columns: for a negative statement they say
 * when and by which transfer it was settled.
 */
export async function recordOwnerSettlement(db: Db, actor: Pick<StaffProfile, "id" | "name">, statementId: number, reference: string, now = new Date()): Promise<SettlementResult> {
  return db.transaction(async (tx) => {
    const [statement] = await tx.select({ ownerId: ownerStatements.ownerId, month: ownerStatements.month }).from(ownerStatements).where(eq(ownerStatements.id, statementId));
    if (!statement) return { ok: false as const, reason: "not-found" as const };
    await lockOwnerStatements(tx, statement.ownerId);
    const [row] = await tx
      .update(ownerStatements)
      .set({ paidOutAt: now, payoutReference: reference, paidOutBy: actor.id })
      .where(and(eq(ownerStatements.id, statementId), isNull(ownerStatements.paidOutAt), lt(ownerStatements.netHalalas, 0), sql`${recoveredIn} is null`))
      .returning({ netHalalas: ownerStatements.netHalalas });
    if (!row) {
      const [current] = await tx
        .select({ netHalalas: ownerStatements.netHalalas, paidOutAt: ownerStatements.paidOutAt })
        .from(ownerStatements)
        .where(eq(ownerStatements.id, statementId));
      const reason = current!.paidOutAt ? "already-settled" : current!.netHalalas >= 0 ? "not-owed" : "recovered";
      return { ok: false as const, reason };
    }
    await recordAudit(tx, actor, "owner", statement.ownerId, "statement-settled-by-owner", { statementId, month: statement.month, netHalalas: row.netHalalas, reference });
    return { ok: true as const };
  });
}

const rowColumns = {
  id: ownerStatements.id,
  ownerId: ownerStatements.ownerId,
  ownerName: owners.name,
  month: ownerStatements.month,
  collectedHalalas: ownerStatements.collectedHalalas,
  expensesHalalas: ownerStatements.expensesHalalas,
  commissionHalalas: ownerStatements.commissionHalalas,
  carriedHalalas: ownerStatements.carriedHalalas,
  netHalalas: ownerStatements.netHalalas,
  pdfKey: ownerStatements.pdfKey,
  emailedAt: ownerStatements.emailedAt,
  paidOutAt: ownerStatements.paidOutAt,
  payoutReference: ownerStatements.payoutReference,
  recoveredIn,
  // Written out with the table's name, as `recoveredIn`.
  nextStatementDue: contractAfter(sql`owner_statements.owner_id`, sql`owner_statements.month`),
};

function toRow(row: { pdfKey: string | null; emailedAt: Date | null; paidOutAt: Date | null } & Omit<StatementRow, "hasPdf" | "emailedAt" | "paidOutAt">): StatementRow {
  const { pdfKey, emailedAt, paidOutAt, ...rest } = row;
  return { ...rest, hasPdf: pdfKey !== null, emailedAt: emailedAt?.toISOString() ?? null, paidOutAt: paidOutAt?.toISOString() ?? null };
}

/** An owner's statements, newest month first. */
export async function listOwnerStatements(db: Db, ownerId: number): Promise<StatementRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(ownerStatements)
    .innerJoin(owners, eq(owners.id, ownerStatements.ownerId))
    .where(eq(ownerStatements.ownerId, ownerId))
    .orderBy(desc(ownerStatements.month));
  return rows.map(toRow);
}

/** Every owner's statement of a month, by owner name. */
export async function listMonthStatements(db: Db, month: StatementMonth): Promise<StatementRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(ownerStatements)
    .innerJoin(owners, eq(owners.id, ownerStatements.ownerId))
    .where(eq(ownerStatements.month, month))
    .orderBy(asc(owners.name));
  return rows.map(toRow);
}

/** A statement's PDF key and month, or null. */
export async function statementFile(db: Db, id: number): Promise<{ pdfKey: string | null; month: StatementMonth } | null> {
  const [row] = await db.select({ pdfKey: ownerStatements.pdfKey, month: ownerStatements.month }).from(ownerStatements).where(eq(ownerStatements.id, id));
  return row ?? null;
}
