import type { AppServices } from "~/context.ts";
import { guardPublicForm } from "~/modules/form-guard/form-guard.server.ts";
import { PROOF_OF_WORK } from "~/modules/form-guard/proof-of-work.server.ts";
import { replyFormError, replySuccess, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { ALERT_LIMITS, ALERT_MESSAGES } from "./alert-limits.ts";
import { alertSchema } from "./alert-schema.ts";
import { confirmAlert, subscribeToAlert, unsubscribe } from "./alerts.server.ts";

/** What comes back of a refused post: the e-mail as typed, cut to its limit; never the solved bot check. */
const ECHO = { echoLimits: ALERT_LIMITS, hideFields: [PROOF_OF_WORK.field] };

/** A post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseAlertPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * «نبهني بالعروض الجديدة» (posted to /alerts?<the search's filters>): rate limit, honeypot and
 * proof of work as every public form, then the schema and the alert. The same success whether the
 * alert is new, waiting or already on (the e-mail tells the owner of the address which); the
 * address's limit is the one refusal about the alert. What was typed comes back on every refusal;
 * a filled honeypot gets a quiet success and nothing is stored.
 */
export async function handleAlertPost(services: AppServices, address: string, request: Request, form: FormData) {
  const guard = await guardPublicForm(services.db, "search-alert", address, form);
  if (!guard.ok && guard.silent) return replySuccess();
  if (!guard.ok) {
    const headers: HeadersInit | undefined = guard.retryAfterSeconds ? { "Retry-After": String(guard.retryAfterSeconds) } : undefined;
    return replyFormError(guard.message, form, { ...ECHO, status: guard.status, headers });
  }
  const submission = parseSubmission(form, alertSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const { outcome } = await subscribeToAlert(services, { email: submission.value.email, search: new URL(request.url).searchParams });
  if (outcome === "limit") return replyToSubmission(submission, { ...ECHO, fieldErrors: { email: [ALERT_MESSAGES.limit] }, status: 409 });
  return replySuccess(submission);
}

/** The confirmation page's button. */
export async function handleConfirmPost(services: AppServices, token: string) {
  return confirmAlert(services.db, token);
}

/** The unsubscribe page's button, and a mail client's one-click post (RFC 8058): the same answer. */
export async function handleUnsubscribePost(services: AppServices, token: string) {
  const { cancelled, state } = await unsubscribe(services.db, token);
  return { cancelled: cancelled > 0, state };
}
