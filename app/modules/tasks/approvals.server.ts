import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { staffUsers, tasks, transactions } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { publishOfficeChange } from "~/modules/live-updates/event-hub.server.ts";
import { queueStaffNotice, type StaffNotice } from "~/modules/notifications/staff-notifications.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { TASK_LIMITS, TASK_MESSAGES } from "./task-messages.ts";

/** Why a decision was refused: the text shown, the field it belongs to, the answer's status. */
export type DecisionRefusal = { ok: false; error: string; field?: string; status: number };
const refuse = (error: string, status = 400, field?: string): DecisionRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });

export type Decision = { decision: "approve"; notes: string } | { decision: "reject"; reason: string };

/**
 * The manager's decision on a request in Awaiting Approval (SPEC §4), once: the task's row is
 * locked, so of two managers deciding at the same moment the second finds it decided. Approving
 * creates the transaction (approved by this manager, with the notes, linked to the task) and
 * completes the task; rejecting needs a reason and leaves the task Rejected. Either way in one
 * transaction with the audit entry and the requester's e-mail (queued: decision 032).
 */
export async function decideRequest(
  db: Db,
  manager: StaffProfile,
  taskId: number,
  decision: Decision,
): Promise<{ ok: true; transactionId: number | null; notice: StaffNotice | null } | DecisionRefusal> {
  if (manager.role !== "manager") return refuse(TASK_MESSAGES.managerOnly, 403);
  const notes = (decision.decision === "approve" ? decision.notes : decision.reason).trim().slice(0, TASK_LIMITS.notes);
  if (decision.decision === "reject" && !notes) return refuse(TASK_MESSAGES.rejectReasonRequired, 400, "reason");
  return db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for("update");
    if (!task) return refuse(TASK_MESSAGES.notFound, 404);
    if (task.status !== "Awaiting Approval") return refuse(TASK_MESSAGES.notAwaitingApproval, 409);
    let transactionId: number | null = null;
    if (decision.decision === "approve") {
      if (task.amount == null || task.transactionType == null) return refuse(TASK_MESSAGES.statusNotAllowed, 409);
      const [created] = await tx
        .insert(transactions)
        .values({
          description: task.title,
          amount: task.amount,
          type: task.transactionType,
          createdBy: task.createdBy,
          approvedBy: manager.id,
          approvalNotes: notes,
          relatedTaskId: task.id,
          receiptImageId: task.receiptImageId,
        })
        .returning({ id: transactions.id });
      transactionId = created!.id;
    }
    const status = decision.decision === "approve" ? "Completed" : "Rejected";
    await tx.update(tasks).set({ status, notes, updatedAt: new Date() }).where(eq(tasks.id, task.id));
    await recordAudit(tx, manager, "task", task.id, decision.decision, transactionId ? { transactionId, notes } : { notes });
    await publishOfficeChange(tx, { topic: "tasks", id: task.id });
    await publishOfficeChange(tx, { topic: "finance", id: task.id });
    const [requester] = task.createdBy ? await tx.select({ name: staffUsers.name, email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, task.createdBy)) : [];
    const notice: StaffNotice | null = requester
      ? {
          taskId: task.id,
          to: requester,
          subject: decision.decision === "approve" ? `تم اعتماد طلبك: ${task.title}` : `تم رفض طلبك: ${task.title}`,
          lines: [
            decision.decision === "approve" ? `اعتمد ${manager.name} طلبك «${task.title}».` : `رفض ${manager.name} طلبك «${task.title}».`,
            ...(notes ? [`${decision.decision === "approve" ? "ملاحظات" : "سبب الرفض"}: ${notes}`] : []),
          ],
        }
      : null;
    if (notice) await queueStaffNotice(tx, "finance-notice", notice);
    return { ok: true as const, transactionId, notice };
  });
}
