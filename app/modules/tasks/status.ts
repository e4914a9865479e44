import type { AccountRole } from "~/db/column-types.ts";

import { TASK_STATUSES, type TaskStatus } from "~/db/column-types.ts";

export { TASK_STATUSES, type TaskStatus };

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  Pending: "قيد الانتظار",
  "In Progress": "قيد التنفيذ",
  "Awaiting Info": "بانتظار معلومات",
  "Finance Request": "طلب مالي",
  Completed: "مكتملة",
  Cancelled: "ملغاة",
  "Awaiting Approval": "بانتظار الموافقة",
  Rejected: "مرفوضة",
};

export function isTaskStatus(value: unknown): value is TaskStatus {
  return (TASK_STATUSES as readonly unknown[]).includes(value);
}

/** Open tasks are those neither Completed nor Cancelled. */
export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ["Completed", "Cancelled"];

export function isTaskOpen(status: TaskStatus): boolean {
  return !CLOSED_TASK_STATUSES.includes(status);
}

export function taskStatusLabel(status: TaskStatus): string {
  return TASK_STATUS_LABELS[status] ?? status;
}

/** Late: older than 24 hours and still open (the firm's threshold for tasks and inquiries). */
export const TASK_LATE_AFTER_MS = 24 * 60 * 60_000;
export function isLate(task: { status: TaskStatus; createdAt: Date | string }, now = Date.now()): boolean {
  return isTaskOpen(task.status) && now - new Date(task.createdAt).getTime() > TASK_LATE_AFTER_MS;
}

/**
 * The statuses a person may pick for a task now (SPEC §4): nobody moves a task out of Awaiting
 * Approval by the menu (only the manager's approval or rejection does); others never pick
 * Awaiting Approval; the manager may, for a task that carries an amount and a type to approve.
 * Shared by the board's menu and the action, which checks it again inside its row lock.
 */
export function statusChoices(role: AccountRole, task: { status: TaskStatus; amount: number | null; transactionType: string | null }): TaskStatus[] {
  if (task.status === "Awaiting Approval") return [];
  const canAskApproval = role === "manager" && task.amount != null && task.transactionType != null;
  return TASK_STATUSES.filter((status) => status !== task.status && (status !== "Awaiting Approval" || canAskApproval));
}
