/** The eight task statuses (stored in English, shown in Arabic). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used until the tasks board lists its columns from it
const TASK_STATUSES = ["Pending", "In Progress", "Awaiting Info", "Finance Request", "Completed", "Cancelled", "Awaiting Approval", "Rejected"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  Pending: "قيد الانتظار",
  "In Progress": "قيد التنفيذ",
  "Awaiting Info": "بانتظار معلومات",
  "Finance Request": "طلب مالي",
  Completed: "مكتملة",
  Cancelled: "ملغاة",
  "Awaiting Approval": "بانتظار الموافقة",
  Rejected: "مرفوضة",
};

/** Open tasks are those neither Completed nor Cancelled. */
export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ["Completed", "Cancelled"];

export function taskStatusLabel(status: TaskStatus): string {
  return TASK_STATUS_LABELS[status] ?? status;
}

/** Late: older than 24 hours and still open (the firm's threshold for tasks and inquiries). */
const LATE_AFTER_MS = 24 * 60 * 60_000;
export function isLate(task: { status: TaskStatus; createdAt: Date | string }, now = Date.now()): boolean {
  return !CLOSED_TASK_STATUSES.includes(task.status) && now - new Date(task.createdAt).getTime() > LATE_AFTER_MS;
}
