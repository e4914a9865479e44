import type { AppServices } from "~/context.ts";
import { guardPublicForm } from "~/modules/form-guard/form-guard.server.ts";
import { PROOF_OF_WORK } from "~/modules/form-guard/proof-of-work.server.ts";
import { replyFormError, replySuccess, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { createInquiry } from "./inquiries.server.ts";
import { INQUIRY_LIMITS } from "./inquiry-limits.ts";
import { inquirySchema } from "./inquiry-schema.ts";

/** What comes back of a refused post: the typed fields, each cut to its limit; never the solved bot check. */
const ECHO = { echoLimits: INQUIRY_LIMITS, hideFields: [PROOF_OF_WORK.field] };

/** An inquiry post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseInquiry(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * Handles an inquiry form post (offer page, contact page): rate limit, honeypot and proof of
 * work, then the schema, then storage with the manager's e-mail queued alongside. What the visitor typed comes back
 * on every refusal; a filled honeypot gets a quiet success and nothing is stored.
 */
export async function handleInquiryPost(services: AppServices, address: string, form: FormData) {
  const guard = await guardPublicForm(services.db, "inquiry", address, form);
  if (!guard.ok && guard.silent) return replySuccess();
  if (!guard.ok) {
    const headers: HeadersInit | undefined = guard.retryAfterSeconds ? { "Retry-After": String(guard.retryAfterSeconds) } : undefined;
    return replyFormError(guard.message, form, { ...ECHO, status: guard.status, headers });
  }
  const submission = parseSubmission(form, inquirySchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  await createInquiry(services.db, submission.value);
  return replySuccess(submission);
}
