import type { AppServices } from "~/context.ts";
import { checkFormProof, checkFormRate } from "~/modules/form-guard/form-guard.server.ts";
import { PROOF_OF_WORK } from "~/modules/form-guard/proof-of-work.server.ts";
import { listCityNames, listPropertyTypeChoices } from "~/modules/lookups/lookups.server.ts";
import { notifyInBackground } from "~/modules/messaging/background.server.ts";
import { submissionMail } from "~/modules/notifications/manager-notifications.server.ts";
import { replyFormError, replySuccess, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { readSubmissionUpload, UploadRefusedError } from "./read-upload.server.ts";
import { SUBMISSION_MESSAGES, SUBMISSION_PHOTOS, SUBMISSION_TEXT_LIMITS } from "./limits.ts";
import { choiceErrors, submissionSchema } from "./submission-schema.ts";
import { createSubmission, SubmissionPhotoError } from "./submissions.server.ts";

/** What comes back of a refused post: the typed fields, each cut to its limit; never the solved bot check. */
const ECHO = { echoLimits: SUBMISSION_TEXT_LIMITS, hideFields: [PROOF_OF_WORK.field] };

/** The text fields read, without NUL characters (PostgreSQL text cannot hold one): what is parsed and given back. */
function textFields(fields: Map<string, string>): URLSearchParams {
  return new URLSearchParams([...fields].map(([key, value]) => [key.replaceAll("\0", ""), value.replaceAll("\0", "")]));
}

/**
 * One owner submission, from the page's own action (before JavaScript) or the upload endpoint
 * (with progress); answers a FormReply. Order: rate limit (before reading up to 50 MB), read
 * within the limits, honeypot and proof of work, the schema and the lists, then storage; every
 * refusal after the reading gives back what the person typed.
 */
export async function handleSubmissionPost(services: AppServices, address: string, request: Request) {
  const { db, env } = services;
  const rate = await checkFormRate(db, "submission", address);
  if (!rate.ok && !rate.silent) {
    const headers: HeadersInit | undefined = rate.retryAfterSeconds ? { "Retry-After": String(rate.retryAfterSeconds) } : undefined;
    return replyFormError(rate.message, undefined, { status: rate.status, headers });
  }

  let upload;
  try {
    upload = await readSubmissionUpload(request);
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    log.warn("submission upload refused", { reason: error.message, address });
    return replyFormError(error.message, textFields(error.fields), { ...ECHO, field: SUBMISSION_PHOTOS.field, status: error.status });
  }
  const { fields, photos } = upload;
  const form = textFields(fields);
  if ([...fields].some(([key, value]) => key.includes("\0") || value.includes("\0"))) {
    return replyFormError(MESSAGES.nulRefused, form, ECHO);
  }

  const proof = await checkFormProof(db, "submission", fields);
  if (!proof.ok && proof.silent) return replySuccess();
  if (!proof.ok) return replyFormError(proof.message, form, { ...ECHO, status: proof.status });

  const submission = parseSubmission(form, submissionSchema);
  const fieldErrors: Record<string, string[]> = {};
  if (submission.status === "success") {
    const [propertyTypes, cities] = await Promise.all([listPropertyTypeChoices(db), listCityNames(db)]);
    Object.assign(fieldErrors, choiceErrors(submission.value, { propertyTypes, cities }));
  }
  if (photos.length < SUBMISSION_PHOTOS.min) fieldErrors[SUBMISSION_PHOTOS.field] = [SUBMISSION_MESSAGES.photosRequired];
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    return replyToSubmission(submission, { ...ECHO, fieldErrors, status: 400 });
  }

  let stored;
  try {
    stored = await createSubmission(db, env.DATA_DIR, submission.value, photos);
  } catch (error) {
    if (!(error instanceof SubmissionPhotoError)) throw error;
    log.warn("submission photo refused", { reason: error.message });
    return replyToSubmission(submission, { ...ECHO, fieldErrors: { [SUBMISSION_PHOTOS.field]: [SUBMISSION_MESSAGES.photosUnreadable] }, status: 400 });
  }
  void notifyInBackground("submission", () => submissionMail(services, { ...stored, photoCount: photos.length }));
  return replySuccess(submission);
}
