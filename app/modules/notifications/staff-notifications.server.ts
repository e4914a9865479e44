import type { AppServices } from "~/context.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { log } from "~/utils/log.server.ts";

type Services = Pick<AppServices, "env" | "mailer">;

/** A message to one staff member about a task: its lines, then the link to it. */
export interface StaffNotice {
  taskId: number;
  to: { name: string; email: string };
  subject: string;
  lines: string[];
}

/**
 * Mails a staff member about a task (a new task for them, a decision on their request) through
 * the mail adapter. Someone without an e-mail address is skipped with a log line: the board
 * still shows the task, live.
 */
export async function mailStaff(services: Services, notice: StaffNotice): Promise<void> {
  if (!notice.to.email) {
    log.warn("staff notification skipped: no e-mail address", { taskId: notice.taskId, subject: notice.subject });
    return;
  }
  await services.mailer.send({
    to: notice.to.email,
    subject: notice.subject,
    body: [`مرحبًا ${notice.to.name}،`, "", ...notice.lines, "", `لفتح المهمة: ${services.env.PUBLIC_URL}/admin/tasks/${notice.taskId}`, "", COMPANY_NAME].join("\n"),
  });
}
