import type { AppServices } from "~/context.ts";
import { TASK_LIMITS, TASK_MESSAGES } from "~/modules/tasks/task-messages.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { decisionSchema } from "./decision-schema.ts";
import { decideRequest } from "./approvals.server.ts";

/** Whether a posted form is a decision (the approval dialog's buttons). */
export function isDecisionPost(form: FormData): boolean {
  const intent = form.get("intent");
  return intent === "approve" || intent === "reject";
}

/**
 * The approval dialog's post, wherever it is shown (the board, the finance page): the manager's
 * decision, once (decideRequest locks the task, and queues the requester's e-mail); back to
 * `page` with the confirmation. A refusal answers in the dialog: the reason under
 * its field, "already decided" above it.
 */
export async function handleDecisionPost(services: Pick<AppServices, "db" | "env" | "mailer">, manager: StaffProfile, form: FormData, page: string) {
  if (manager.role !== "manager") return replyFormError(TASK_MESSAGES.managerOnly, form, { status: 403 });
  const submission = parseSubmission(form, decisionSchema);
  const echo = { echoLimits: { notes: TASK_LIMITS.notes } };
  if (submission.status !== "success") return replyToSubmission(submission, echo);
  const { intent, id, notes } = submission.value;
  const result = await decideRequest(services.db, manager, id, intent === "approve" ? { decision: "approve", notes } : { decision: "reject", reason: notes });
  if (!result.ok) {
    const placed = result.field ? { fieldErrors: { notes: [result.error] } } : { formErrors: [result.error] };
    return replyToSubmission(submission, { ...echo, ...placed, status: result.status });
  }
  return redirectWithToast(page, { tone: "success", text: intent === "approve" ? TASK_MESSAGES.approved : TASK_MESSAGES.rejected }, services.env);
}
