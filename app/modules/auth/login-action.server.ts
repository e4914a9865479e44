import { redirect } from "react-router";
import type { AppServices } from "~/context.ts";
import { PROOF_OF_WORK } from "~/modules/form-guard/index.server.ts";
import { homePathOf } from "~/modules/users/index.ts";
import { cookieSettings } from "~/utils/cookies.server.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { CODE_RULES } from "./login-codes.server.ts";
import { codeStepSchema, LOGIN_ECHO_LIMITS, passwordSignInSchema, phoneStepSchema } from "./login-schema.ts";
import { SIGN_IN_MESSAGES as M } from "./messages.ts";
import { signInWithPassword } from "./password-sign-in.server.ts";
import { newToken, SESSION_LIMITS } from "./sessions.server.ts";
import { resendSignInCode, sendSignInCode, verifySignInCode } from "./sign-in.server.ts";

/** Never given back: the password, the code, the solved bot check; a phone or a username is cut to its limit. */
const ECHO = { hideFields: ["password", "code", PROOF_OF_WORK.field], echoLimits: LOGIN_ECHO_LIMITS };

/** A sign-in post whose body readForm refused (too large, NUL character): the message above the form that sent it. */
export function refuseLoginPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/** A refusal by a limit tells the client when to come back (429 with Retry-After). */
function retryAfter(refusal: { retryAfterSeconds?: number }): Headers {
  const headers = new Headers();
  if (refusal.retryAfterSeconds) headers.set("Retry-After", String(refusal.retryAfterSeconds));
  return headers;
}

/** A field's message, or the whole form's. */
const placed = (error: string, field: string | undefined) => (field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] });

/**
 * The sign-in page's posts: the phone (step 1: bot check, allow-list, limits,
 * then the SMS), the code (step 2), "change number", and the password way in. Every refusal
 * keeps its status (429 with Retry-After for a limit); no password or code is ever given back.
 */
export async function handleLoginPost(services: AppServices, { form, flowToken, address }: { form: FormData; flowToken: string | undefined; address: string }) {
  const cookies = cookieSettings(services.env);
  const intent = form.get("intent");
  const posted = form.get(PROOF_OF_WORK.field);
  const proof = typeof posted === "string" ? posted : undefined;
  // Staff land in the back office, an owner in their portal (decision 056).
  const signedIn = (sessionToken: string, role: string, headers = new Headers()) => {
    headers.append("Set-Cookie", cookies.serialize(cookies.session, sessionToken, SESSION_LIMITS.absoluteMs / 1000));
    return redirect(homePathOf(role), { headers });
  };

  if (intent === "change-number") return redirect("/login", { headers: { "Set-Cookie": cookies.clear(cookies.signIn) } });

  if (intent === "password") {
    const submission = parseSubmission(form, passwordSignInSchema);
    if (submission.status !== "success") return replyToSubmission(submission, ECHO);
    const result = await signInWithPassword(services, { ...submission.value, proof, address });
    // One message for every failure, about the whole form: it must not say which field was wrong.
    if (!result.ok) return replyToSubmission(submission, { ...ECHO, formErrors: [result.error], status: result.status, headers: retryAfter(result) });
    return signedIn(result.sessionToken, result.role);
  }

  if (intent === "verify") {
    const submission = parseSubmission(form, codeStepSchema);
    if (submission.status !== "success") return replyToSubmission(submission, ECHO);
    const result = await verifySignInCode(services, { code: submission.value.code, flowToken, address });
    if (!result.ok) {
      const headers = retryAfter(result);
      if (result.backToPhone) headers.append("Set-Cookie", cookies.clear(cookies.signIn));
      // A wrong or expired code is the field's; a lock, a limit or no code at all is the whole form's.
      const field = result.status === 400 && !result.backToPhone ? "code" : undefined;
      return replyToSubmission(submission, { ...ECHO, ...placed(result.error, field), status: result.status, headers });
    }
    const headers = new Headers({ "Set-Cookie": cookies.clear(cookies.signIn) });
    return signedIn(result.sessionToken, result.role, headers);
  }

  // «إعادة إرسال الرمز»: a new code to the number this browser waits on, under the same limits.
  if (intent === "resend-code") {
    const result = await resendSignInCode(services, { flowToken, address });
    if (!result.ok) {
      const headers = retryAfter(result);
      if (result.backToPhone) headers.append("Set-Cookie", cookies.clear(cookies.signIn));
      return replyFormError(result.error, form, { ...ECHO, status: result.status, headers });
    }
    return redirectWithToast("/login", { tone: "success", text: M.sent }, services.env, {
      headers: { "Set-Cookie": cookies.serialize(cookies.signIn, flowToken!, CODE_RULES.perNumber.windowMs / 1000) },
    });
  }

  // Step 1: send the code. The browser keeps one sign-in token; the code is bound to it.
  const submission = parseSubmission(form, phoneStepSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const token = flowToken && flowToken.length <= 100 ? flowToken : newToken();
  const result = await sendSignInCode(services, { phone: submission.value.phone, proof, flowToken: token, address });
  if (!result.ok) return replyToSubmission(submission, { ...ECHO, ...placed(result.error, result.field), status: result.status, headers: retryAfter(result) });
  // Post → redirect → get: step 2 shows with the confirmation, and a reload sends no second SMS.
  return redirectWithToast("/login", { tone: "success", text: M.sent }, services.env, {
    headers: { "Set-Cookie": cookies.serialize(cookies.signIn, token, CODE_RULES.perNumber.windowMs / 1000) },
  });
}
