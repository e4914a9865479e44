import type { AppServices } from "~/context.ts";
import { checkFormProof, checkFormRate } from "~/modules/form-guard/form-guard.server.ts";
import { PROOF_OF_WORK } from "~/modules/form-guard/proof-of-work.server.ts";
import { listCityNames, listPropertyTypeChoices } from "~/modules/lookups/lookups.server.ts";
import { replyFormError, replySuccess, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { STORAGE_RETRY_AFTER, StorageUnavailableError } from "~/modules/images/images.server.ts";
import { readSubmissionUpload } from "./read-upload.server.ts";
import { SUBMISSION_MESSAGES, SUBMISSION_PHOTOS, SUBMISSION_TEXT_LIMITS } from "./limits.ts";
import { choiceErrors, submissionSchema } from "./submission-schema.ts";
import { createSubmission, SubmissionPhotoError } from "./submissions.server.ts";

/** What comes back of a refused post: the typed fields, each cut to its limit; never the solved bot check. */
const ECHO = { echoLimits: SUBMISSION_TEXT_LIMITS, hideFields: [PROOF_OF_WORK.field] };

/**
 * One owner submission, from the page's own action (before JavaScript) or the upload endpoint
 * (with progress); answers a FormReply. Order: rate limit (before reading up to 50 MB), read
 * within the limits, honeypot and proof of work, the schema and the lists, then storage; every
 * refusal after the reading gives back what the person typed.
 */
export async function handleSubmissionPost(services: AppServices, address: string, request: Request) {
  const { db, storage } = services;
  const rate = await checkFormRate(db, "submission", address);
  if (!rate.ok && !rate.silent) {
    const headers: HeadersInit | undefined = rate.retryAfterSeconds ? { "Retry-After": String(rate.retryAfterSeconds) } : undefined;
    return replyFormError(rate.message, undefined, { status: rate.status, headers });
  }

  const upload = await readSubmissionUpload(request);
  // A field sent twice counts once, its last value (the proof, the schema and the echo read the same).
  const form = new URLSearchParams([...new Map(upload.fields)]);
  if (!upload.ok) {
    log.warn("submission upload refused", { reason: upload.message, address });
    return replyFormError(upload.message, form, { ...ECHO, field: upload.field, status: upload.status });
  }
  const photos = upload.files;

  const proof = await checkFormProof(db, "submission", form);
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

  try {
    await createSubmission(db, storage, submission.value, photos);
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      log.error("submission photos not saved", { error: error.message });
      return replyFormError(MESSAGES.photosNotSaved, form, { ...ECHO, ...STORAGE_RETRY_AFTER });
    }
    if (!(error instanceof SubmissionPhotoError)) throw error;
    log.warn("submission photo refused", { reason: error.message });
    return replyToSubmission(submission, { ...ECHO, fieldErrors: { [SUBMISSION_PHOTOS.field]: [SUBMISSION_MESSAGES.photosUnreadable] }, status: 400 });
  }
  return replySuccess(submission);
}
