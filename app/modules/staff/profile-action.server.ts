import type { AppServices } from "~/context.ts";
import { IDENTITY_FIELDS } from "~/modules/auth/index.ts";
import { handleReauthCodeRequest, hasPassword, reauthenticate, replyToReauthRefusal, type ReauthRequest } from "~/modules/auth/index.server.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { profileEmailSchema, profilePasswordSchema } from "./profile-schema.ts";
import { changeEmail, changePassword, PROFILE_MESSAGES } from "./profile.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";

const PAGE = "/admin/profile";

/** Passwords and codes are never given back; an e-mail is cut to its limit. */
const ECHO = { hideFields: ["password", "confirmation", ...IDENTITY_FIELDS], echoLimits: { email: FIELD_LIMITS.email } };

/** A profile post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseProfilePost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * The profile's forms: the e-mail, and a new password; each needs the current
 * password (or a fresh SMS code for someone without one, asked with "send-code"). The schema
 * checks the new value first, so a typing mistake spends no try and no code. A save comes back
 * to the page with its confirmation (post → redirect → get).
 */
export async function handleProfilePost(services: AppServices, user: StaffProfile, form: FormData, request: ReauthRequest) {
  const intent = form.get("intent");
  if (intent === "send-code") {
    return handleReauthCodeRequest(services, user, request, { purpose: "لتأكيد تغيير البريد الإلكتروني أو كلمة المرور في لوحة تحكم", page: PAGE });
  }
  if (intent !== "email" && intent !== "password") return replyFormError(MESSAGES.badRequest, form, ECHO);
  const withPassword = await hasPassword(services, user);

  if (intent === "email") {
    const submission = parseSubmission(form, profileEmailSchema(withPassword));
    if (submission.status !== "success") return replyToSubmission(submission, ECHO);
    const confirmed = await reauthenticate(services, user, submission.value, request);
    if (!confirmed.ok) return replyToReauthRefusal(submission, confirmed, ECHO);
    const saved = await changeEmail(services, user, submission.value.email);
    if (!saved.ok) return replyToSubmission(submission, { ...ECHO, formErrors: [saved.error], status: 500 });
    return redirectWithToast(PAGE, { tone: "success", text: PROFILE_MESSAGES.emailSaved }, services.env);
  }

  const submission = parseSubmission(form, profilePasswordSchema(withPassword));
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const confirmed = await reauthenticate(services, user, submission.value, request);
  if (!confirmed.ok) return replyToReauthRefusal(submission, confirmed, ECHO);
  const saved = await changePassword(services, user, submission.value.password, request.sessionToken);
  if (!saved.ok) return replyToSubmission(submission, { ...ECHO, formErrors: [saved.error], status: 500 });
  return redirectWithToast(PAGE, { tone: "success", text: PROFILE_MESSAGES.passwordSaved }, services.env);
}
