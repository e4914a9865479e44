import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "~/db/client.server.ts";
import { images, maintenanceRequests, managedProperties, managedUnits, ownerCharges, tasks, transactions } from "~/db/schema.ts";
import { FINANCE_LIMITS, FINANCE_MESSAGES, requestFinanceApprovalIn } from "~/modules/finance/index.server.ts";
import { privateImageColumns } from "~/modules/images/private-images.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { readTypedNumber } from "~/utils/numbers.ts";
import { riyadhDayOf, RIYADH_OFFSET_MS, type IsoDay } from "~/utils/riyadh-day.ts";
import {
  CATEGORY_LABELS,
  MAINTENANCE_MESSAGES as M,
  MAINTENANCE_STATUSES,
  REPORT_LIMITS,
  type ChargeStateName,
  type ListGroupName,
  type MaintenanceStatus,
} from "./maintenance-labels.ts";
import { unitName } from "./maintenance.server.ts";

/** The manager and the employees handle reports and enter costs; the accountant reads (decision 054). */
export const canHandleReports = (user: Pick<StaffProfile, "role">) => user.role === "manager" || user.role === "staff";

export type OfficeRefusal = { ok: false; status: 400 | 403 | 404 | 409; error: string; field?: string };
const refuse = (status: OfficeRefusal["status"], error: string, field?: string): OfficeRefusal => ({ ok: false, status, error, field });

/** A cancelled report is listed with the done ones. */
const groupOf = (status: MaintenanceStatus): ListGroupName => (status === "cancelled" ? "done" : status);

/** Asked, approved by the manager (a transaction exists for its task) or rejected. */
const chargeState = (approved: boolean, taskStatus: string | null): ChargeStateName => (approved ? "approved" : taskStatus === "Rejected" ? "rejected" : "pending");

/** Finished reports (done or cancelled) a page of the list shows. */
export const FINISHED_PAGE_SIZE = 50;

/**
 * /admin/maintenance: every report still to handle (new, in progress), however old, and the
 * finished ones (done or cancelled) newest first, a page at a time — a cap over all of them would
 * hide an old open report behind newer finished ones.
 */
export async function listReports(db: Db, { finishedPage = 1 }: { finishedPage?: number } = {}) {
  const columns = {
    id: maintenanceRequests.id,
    status: maintenanceRequests.status,
    category: maintenanceRequests.category,
    urgency: maintenanceRequests.urgency,
    createdAt: maintenanceRequests.createdAt,
    unitLabel: managedUnits.label,
    propertyId: managedProperties.id,
    propertyName: managedProperties.name,
  };
  const finished = inArray(maintenanceRequests.status, ["done", "cancelled"]);
  const select = () =>
    db
      .select(columns)
      .from(maintenanceRequests)
      .innerJoin(managedUnits, eq(managedUnits.id, maintenanceRequests.unitId))
      .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId));
  const [active, finishedRows, [counted]] = await Promise.all([
    select()
      .where(inArray(maintenanceRequests.status, ["open", "in-progress"]))
      .orderBy(desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id)),
    select()
      .where(finished)
      .orderBy(desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id))
      .limit(FINISHED_PAGE_SIZE)
      .offset((finishedPage - 1) * FINISHED_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(maintenanceRequests)
      .where(finished),
  ]);
  const finishedTotal = counted?.n ?? 0;
  return {
    rows: [...active, ...finishedRows].map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), group: groupOf(row.status) })),
    finishedTotal,
    finishedPage,
    finishedPageCount: Math.max(1, Math.ceil(finishedTotal / FINISHED_PAGE_SIZE)),
  };
}

/** /admin/maintenance/:id: the report, its photos (private: served to staff only), its task and its costs. */
export async function loadReport(db: Db, id: number) {
  const [report] = await db
    .select({
      id: maintenanceRequests.id,
      status: maintenanceRequests.status,
      category: maintenanceRequests.category,
      urgency: maintenanceRequests.urgency,
      description: maintenanceRequests.description,
      phone: maintenanceRequests.phone,
      photoIds: maintenanceRequests.photoIds,
      taskId: maintenanceRequests.taskId,
      createdAt: maintenanceRequests.createdAt,
      unitId: managedUnits.id,
      unitLabel: managedUnits.label,
      propertyId: managedProperties.id,
      propertyName: managedProperties.name,
      city: managedProperties.city,
    })
    .from(maintenanceRequests)
    .innerJoin(managedUnits, eq(managedUnits.id, maintenanceRequests.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .where(eq(maintenanceRequests.id, id));
  if (!report) throw data(M.notFound, { status: 404 });
  const photoRows = report.photoIds.length ? await db.select(privateImageColumns).from(images).where(inArray(images.id, report.photoIds)) : [];
  const byId = new Map(photoRows.map((photo) => [photo.id, photo]));
  const photos: ImageRef[] = report.photoIds.flatMap((photoId) => byId.get(photoId) ?? []);
  const charges = await db
    .select({
      id: ownerCharges.id,
      description: ownerCharges.description,
      amountHalalas: ownerCharges.amountHalalas,
      chargedOn: ownerCharges.chargedOn,
      financeTaskId: ownerCharges.financeTaskId,
      taskStatus: tasks.status,
      approved: sql<boolean>`${transactions.id} is not null`,
    })
    .from(ownerCharges)
    .leftJoin(tasks, eq(tasks.id, ownerCharges.financeTaskId))
    .leftJoin(transactions, eq(transactions.relatedTaskId, ownerCharges.financeTaskId))
    .where(eq(ownerCharges.maintenanceRequestId, id))
    .orderBy(asc(ownerCharges.id));
  return {
    report: { ...report, createdAt: report.createdAt.toISOString() },
    photos,
    charges: charges.map(({ taskStatus, approved, ...charge }) => ({
      ...charge,
      state: chargeState(approved, taskStatus),
    })),
  };
}

/** A report's status, moved by the manager or an employee. */
export async function setReportStatus(db: Db, user: StaffProfile, id: number, status: string): Promise<{ ok: true } | OfficeRefusal> {
  if (!canHandleReports(user)) return refuse(403, M.readOnly);
  if (!(MAINTENANCE_STATUSES as readonly string[]).includes(status)) return refuse(400, M.statusInvalid, "status");
  const [row] = await db
    .update(maintenanceRequests)
    .set({ status: status as MaintenanceStatus, updatedAt: new Date() })
    .where(eq(maintenanceRequests.id, id))
    .returning({ id: maintenanceRequests.id });
  return row ? { ok: true } : refuse(404, M.notFound);
}

/**
 * «تكلفة الإصلاح»: a finance approval request (an expense task for the manager, the finance
 * module's own function) and the owner's charge tied to it by `finance_task_id`, in one
 * transaction. The owner is the property's. The charge counts only once the manager approves.
 */
export async function addRepairCost(
  db: Db,
  user: StaffProfile,
  id: number,
  typed: { amount: string; description: string },
  now = new Date(),
): Promise<{ ok: true; taskId: number } | OfficeRefusal> {
  if (!canHandleReports(user)) return refuse(403, M.readOnly);
  const description = typed.description.trim();
  if (!description) return refuse(400, M.costDescriptionRequired, "description");
  if (description.length > REPORT_LIMITS.costDescription) return refuse(400, M.costDescriptionTooLong, "description");
  const amount = readTypedNumber(typed.amount, { max: FINANCE_LIMITS.amount });
  if (amount === null || amount <= 0 || Number(amount.toFixed(2)) !== amount) return refuse(400, FINANCE_MESSAGES.amountInvalid, "amount");
  const halalas = Math.round(amount * 100);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        id: maintenanceRequests.id,
        category: maintenanceRequests.category,
        unitId: managedUnits.id,
        label: managedUnits.label,
        propertyId: managedProperties.id,
        propertyName: managedProperties.name,
        ownerId: managedProperties.ownerId,
      })
      .from(maintenanceRequests)
      .innerJoin(managedUnits, eq(managedUnits.id, maintenanceRequests.unitId))
      .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
      .where(eq(maintenanceRequests.id, id));
    if (!report) return refuse(404, M.notFound);
    const asked = await requestFinanceApprovalIn(tx, user, {
      description: `إصلاح ${CATEGORY_LABELS[report.category]} في ${unitName(report)}: ${description}`.slice(0, FINANCE_LIMITS.description),
      amount: halalas / 100,
      type: "expense",
      notes: `تكلفة بلاغ الصيانة رقم ${formatDigitsArabic(id)}، تُحمَّل على المالك بعد اعتمادها.`,
    });
    if (!asked.ok) return refuse(409, asked.error);
    await tx.insert(ownerCharges).values({
      ownerId: report.ownerId,
      propertyId: report.propertyId,
      unitId: report.unitId,
      maintenanceRequestId: id,
      description,
      amountHalalas: halalas,
      chargedOn: riyadhDayOf(now),
      financeTaskId: asked.taskId,
      createdBy: user.id,
    });
    return { ok: true as const, taskId: asked.taskId };
  });
}

/** An owner's repair charged and approved, for the owner's statement. */
export interface ApprovedOwnerCharge {
  chargeId: number;
  unitId: number | null;
  unitLabel: string | null;
  propertyId: number;
  propertyName: string;
  description: string;
  amountHalalas: number;
  /** The Riyadh day the manager approved it: the statement of that day's month counts it. */
  approvedOn: IsoDay;
}

/**
 * The owner's charges the manager approved (a transaction exists for their finance task) on the
 * Riyadh days from `fromDate` to `toDate`, both inclusive. A request still waiting, or rejected,
 * is never counted. Dated by the approval, so a statement already sent is never changed by a
 * later approval: it falls in the next one.
 */
export async function approvedOwnerCharges(db: Db, ownerId: number, fromDate: IsoDay, toDate: IsoDay): Promise<ApprovedOwnerCharge[]> {
  const from = new Date(Date.parse(`${fromDate}T00:00:00Z`) - RIYADH_OFFSET_MS);
  const to = new Date(Date.parse(`${toDate}T00:00:00Z`) + 86_400_000 - RIYADH_OFFSET_MS - 1);
  const rows = await db
    .select({
      chargeId: ownerCharges.id,
      unitId: ownerCharges.unitId,
      unitLabel: managedUnits.label,
      propertyId: ownerCharges.propertyId,
      propertyName: managedProperties.name,
      description: ownerCharges.description,
      amountHalalas: ownerCharges.amountHalalas,
      approvedAt: transactions.date,
    })
    .from(ownerCharges)
    .innerJoin(transactions, eq(transactions.relatedTaskId, ownerCharges.financeTaskId))
    .innerJoin(managedProperties, eq(managedProperties.id, ownerCharges.propertyId))
    .leftJoin(managedUnits, eq(managedUnits.id, ownerCharges.unitId))
    .where(and(eq(ownerCharges.ownerId, ownerId), gte(transactions.date, from), lte(transactions.date, to)))
    .orderBy(asc(transactions.date), asc(ownerCharges.id));
  return rows.map(({ approvedAt, ...row }) => ({ ...row, approvedOn: riyadhDayOf(approvedAt) }));
}
