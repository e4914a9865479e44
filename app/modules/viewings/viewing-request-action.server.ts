import type { AppServices } from "~/context.ts";
import { guardPublicForm } from "~/modules/form-guard/form-guard.server.ts";
import { PROOF_OF_WORK } from "~/modules/form-guard/proof-of-work.server.ts";
import { replyFormError, replySuccess, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { viewingTimeText, viewingDayText } from "./viewing-labels.ts";
import { VIEWING_REQUEST_LIMITS, viewingRequestSchema } from "./viewing-request-schema.ts";
import { openSlots } from "./viewing-time.ts";
import { getViewingHours, requestViewing } from "./viewings.server.ts";

/** What comes back of a refused post: the typed fields, each cut to its limit; never the solved bot check. */
const ECHO = { echoLimits: VIEWING_REQUEST_LIMITS, hideFields: [PROOF_OF_WORK.field] };

/**
 * The times a visitor may choose on the offer page, as the form shows them: per Riyadh day, its
 * name and each slot's time in Arabic (written here, so the page's JavaScript carries no formatter).
 */
export async function viewingSlotChoices(services: Pick<AppServices, "db">, now = new Date()) {
  const hours = await getViewingHours(services.db);
  return openSlots(hours, now).map(({ day, starts }) => ({
    day,
    label: viewingDayText(day),
    slots: starts.map((start) => ({ value: start.toISOString(), label: viewingTimeText(start) })),
  }));
}

/**
 * A visitor's request (offer page): the public forms' checks (rate limit, honeypot, proof of work:
 * decision 005), then the schema, then the module's rule (the time must be one the firm opens). Its
 * rate limit is its own bucket: the offer page's inquiry form, beside it, counts in another.
 */
export async function handleViewingRequest(services: Pick<AppServices, "db">, address: string, offerId: number, form: FormData) {
  const guard = await guardPublicForm(services.db, "viewing-request", address, form);
  if (!guard.ok && guard.silent) return replySuccess();
  if (!guard.ok) {
    const headers: HeadersInit | undefined = guard.retryAfterSeconds ? { "Retry-After": String(guard.retryAfterSeconds) } : undefined;
    return replyFormError(guard.message, form, { ...ECHO, status: guard.status, headers });
  }
  const submission = parseSubmission(form, viewingRequestSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const { slot, ...visitor } = submission.value;
  const result = await requestViewing(services.db, { ...visitor, offerId, startsAt: slot });
  if (!result.ok)
    return replyToSubmission(submission, { ...ECHO, status: 409, ...(result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] }) });
  return replySuccess(submission);
}
