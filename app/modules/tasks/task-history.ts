import { AUDIT_ACTION_LABELS } from "~/modules/audit/audit-labels.ts";
import { TRANSACTION_TYPE_LABELS } from "~/modules/tasks/transaction-type.ts";
import { formatMoneyArabic } from "~/utils/format.ts";
import { isTaskStatus, taskStatusLabel } from "./status.ts";

/** One line of a task's history, as its page shows it. */
export interface TaskHistoryEntry {
  /** What was done, in Arabic. */
  label: string;
  /** What it changed, in Arabic ("" when the label says it all). */
  detail: string;
  actorName: string;
  /** ISO time. */
  at: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const statusText = (value: unknown) => (isTaskStatus(value) ? taskStatusLabel(value) : text(value));

/** What an audit entry's details say, in Arabic: the move of a status change, a request's amount, a decision's notes. */
function describe(action: string, details: Record<string, unknown>, people: ReadonlyMap<number, string>): string {
  switch (action) {
    case "status-change":
      return `من «${statusText(details.from)}» إلى «${statusText(details.to)}»`;
    case "task-created": {
      const name = typeof details.assignedTo === "number" ? people.get(details.assignedTo) : undefined;
      return name ? `أُسندت إلى ${name}` : "";
    }
    case "finance-request": {
      const type = details.type === "income" || details.type === "expense" ? ` (${TRANSACTION_TYPE_LABELS[details.type]})` : "";
      return typeof details.amount === "number" ? `المبلغ ${formatMoneyArabic(details.amount)}${type}` : "";
    }
    case "approve":
      return text(details.notes) ? `ملاحظات: ${text(details.notes)}` : "";
    case "reject":
      return text(details.notes) ? `سبب الرفض: ${text(details.notes)}` : "";
    default:
      return "";
  }
}

/** A task's audit trail, oldest first, in words; `people` names the staff an entry points to by id (the assignee). */
export function describeTaskHistory(
  entries: ReadonlyArray<{ action: string; actorName: string; details: Record<string, unknown>; at: Date }>,
  people: ReadonlyMap<number, string> = new Map(),
): TaskHistoryEntry[] {
  return entries.map((entry) => ({
    label: (AUDIT_ACTION_LABELS as Record<string, string>)[entry.action] ?? entry.action,
    detail: describe(entry.action, entry.details, people),
    actorName: entry.actorName,
    at: entry.at.toISOString(),
  }));
}
