import type { Tx } from "~/db/client.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { log } from "~/utils/log.server.ts";

/** A message to one staff member about a task: its lines, then the link to it. */
export interface StaffNotice {
  taskId: number;
  to: { name: string; email: string };
  subject: string;
  lines: string[];
}

/**
 * Queues an e-mail to a staff member about a task (a new task for them, a finance request, a
 * decision on their request) inside the transaction that makes the change (decision 032).
 * Someone without an e-mail address is skipped with a log line: the board still shows the task, live.
 */
export async function queueStaffNotice(tx: Tx, purpose: "task-notice" | "finance-notice" | "help-request", notice: StaffNotice): Promise<void> {
  if (!notice.to.email) {
    log.warn("staff notification skipped: no e-mail address", { taskId: notice.taskId, subject: notice.subject });
    return;
  }
  await queueEmail(tx, {
    purpose,
    to: notice.to.email,
    subject: notice.subject,
    body: [`مرحبًا ${notice.to.name}،`, "", ...notice.lines, "", COMPANY_NAME].join("\n"),
    link: { label: "لفتح المهمة", path: `/admin/tasks/${notice.taskId}` },
  });
}
