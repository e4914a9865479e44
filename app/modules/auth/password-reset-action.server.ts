import type { AppServices } from "~/context.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { replySuccess, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { RESET_MESSAGES } from "./messages.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.server.ts";
import { resetPasswordSchema, resetRequestSchema } from "./reset-schema.ts";

/** Passwords are never given back; an e-mail is cut to its limit. */
const ECHO = { hideFields: ["password", "confirmation"], echoLimits: { email: FIELD_LIMITS.email } };

/** A reset post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseResetPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/** Asks for a reset link; the page then says the same (RESET_MESSAGES.requested) whoever the e-mail belongs to. */
export async function handleResetRequest(services: Pick<AppServices, "db" | "env" | "mailer">, { form, address }: { form: FormData; address: string }) {
  const submission = parseSubmission(form, resetRequestSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  await requestPasswordReset(services, { email: submission.value.email, address });
  return replySuccess(submission);
}

/**
 * Sets the new password from a reset link, then back to the login page (signed out) with the
 * confirmation. A link that is no longer usable says so (410); a busy server asks to try again.
 */
export async function handleResetPassword(services: Pick<AppServices, "db" | "env" | "mailer">, { form, token }: { form: FormData; token: string }) {
  const submission = parseSubmission(form, resetPasswordSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const result = await resetPassword(services, { token, password: submission.value.password });
  if (result.ok) return redirectWithToast("/login", { tone: "success", text: RESET_MESSAGES.done }, services.env);
  if (result.invalidLink) return replyToSubmission(submission, { ...ECHO, formErrors: [result.error], status: 410 });
  return replyToSubmission(submission, { ...ECHO, formErrors: [result.error], status: 503, headers: { "Retry-After": "5" } });
}
