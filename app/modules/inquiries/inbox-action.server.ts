import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replySuccess, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { completeInquiry, replyToInquiry, requestHelp, resendReply } from "./inbox.server.ts";
import { inboxActionSchema } from "./inbox-schema.ts";
import { INQUIRY_MESSAGES } from "./status.ts";

/**
 * The inbox's action: a reply, a help request, completing an inquiry or resending a reply's e-mail, told apart by the form's
 * `intent` (the role was checked by the route). A refusal answers the form's reply, 400, with its
 * message; a success stays on the page (the inbox shows its confirmation and the new status).
 */
export async function handleInboxAction(services: Pick<AppServices, "db">, user: StaffProfile, form: FormData) {
  const submission = parseSubmission(form, inboxActionSchema);
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    // The page's own buttons and hidden fields: anything else was not sent by it.
    if (errors.intent || errors.method) return replyFormError(INQUIRY_MESSAGES.invalidRequest, form);
    if (errors.id) return replyToSubmission(submission, { formErrors: [INQUIRY_MESSAGES.notFound] });
    return replyToSubmission(submission);
  }
  const action = submission.value;
  const refusal =
    action.intent === "reply"
      ? await replyToInquiry(services, user, action.id, action.method, action.message)
      : action.intent === "help"
        ? await requestHelp(services, user, action.id, action)
        : action.intent === "resend"
          ? await resendReply(services.db, action.id, action.emailId)
          : await completeInquiry(services.db, user, action.id);
  if (refusal) return replyToSubmission(submission, { formErrors: [refusal] });
  return replySuccess(submission);
}
