import type { AppServices } from "~/context.ts";
import { searchOfferChoices } from "~/modules/offers/index.server.ts";
import { handleDecisionPost, isDecisionPost } from "~/modules/tasks/decision-action.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { TASK_LIMITS, TASK_MESSAGES } from "./task-messages.ts";
import { taskCreateSchema, taskStatusSchema } from "./task-schema.ts";
import { changeTaskStatus, createTask, type TaskRefusal } from "./tasks.server.ts";

/** The board, where a new task and the decisions taken there come back to. */
export const TASKS_PAGE = "/admin/tasks";

/** The typed fields given back after a refusal, cut to their limits. */
const ECHO = { echoLimits: { title: TASK_LIMITS.title, description: TASK_LIMITS.description, notes: TASK_LIMITS.notes } };

/** A tasks page post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseTaskPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/** A rule's refusal: under the field it names, or above the form, with its status code. */
const placed = (refusal: TaskRefusal) => ({
  ...ECHO,
  ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] }),
  status: refusal.status,
});

type Services = Pick<AppServices, "db" | "env" | "mailer">;

/** The manager's new task: checked, created with the assignee's e-mail queued; back to the board with the confirmation. */
async function createFromForm(services: Services, user: StaffProfile, form: FormData) {
  if (user.role !== "manager") return replyFormError(TASK_MESSAGES.managerOnly, form, { ...ECHO, status: 403 });
  const submission = parseSubmission(form, taskCreateSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const result = await createTask(services.db, user, submission.value);
  if (!result.ok) return replyToSubmission(submission, placed(result));
  return redirectWithToast(TASKS_PAGE, { tone: "success", text: TASK_MESSAGES.created }, services.env);
}

/** A card's status menu: the move the rules of SPEC §4 allow now (checked under the task's lock); back to the same page, filters kept. */
async function changeStatusFromForm(services: Services, user: StaffProfile, form: FormData, page: string) {
  const submission = parseSubmission(form, taskStatusSchema);
  if (submission.status !== "success") {
    // The id is a hidden field of the page's own: anything else names no task the person may see.
    if (submission.error?.id) return replyToSubmission(submission, { formErrors: [TASK_MESSAGES.notFound] });
    return replyToSubmission(submission);
  }
  const result = await changeTaskStatus(services.db, user, submission.value.id, submission.value.status);
  if (!result.ok) return replyToSubmission(submission, placed(result));
  return redirectWithToast(page, { tone: "success", text: TASK_MESSAGES.statusSaved }, services.env);
}

/**
 * The posts of the tasks board and of a task's page, told apart by `intent`: "create" (the
 * manager's form), "status" (a card's menu), "approve"/"reject" (the manager's decision dialog).
 * `page` is where a status change or a decision comes back to (the page it was made on, with
 * its filters); a new task comes back to the board. Creating and deciding are the manager's: a
 * post by anyone else is refused with the message, 403, and changes nothing.
 */
export async function handleTaskPost(services: Services, user: StaffProfile, form: FormData, page: string) {
  if (isDecisionPost(form)) return handleDecisionPost(services, user, form, page);
  switch (form.get("intent")) {
    case "create":
      return createFromForm(services, user, form);
    case "status":
      return changeStatusFromForm(services, user, form, page);
    default:
      return replyFormError(MESSAGES.badRequest, form, ECHO);
  }
}

/** The offer picker's answer (`?q=`): up to 20 offers, for the manager only (the only one who creates tasks). */
export async function answerOfferPicker(services: Pick<AppServices, "db">, user: StaffProfile, url: URL): Promise<Response> {
  if (user.role !== "manager") return Response.json({ error: TASK_MESSAGES.managerOnly }, { status: 403 });
  return Response.json({ choices: await searchOfferChoices(services.db, url.searchParams.get("q") ?? "") });
}
