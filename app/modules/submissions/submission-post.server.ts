import type { AppServices } from "~/context.ts";
import { checkFormProof, checkFormRate } from "~/modules/form-guard/form-guard.server.ts";
import { listCityNames, listPropertyTypeChoices } from "~/modules/lookups/lookups.server.ts";
import { notifyInBackground } from "~/modules/messaging/background.server.ts";
import { submissionMail } from "~/modules/notifications/manager-notifications.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { readSubmissionUpload, UploadRefusedError } from "./read-upload.server.ts";
import { SUBMISSION_MESSAGES, SUBMISSION_PHOTOS, SUBMISSION_TEXT_FIELDS, SUBMISSION_TEXT_LIMITS, type SubmissionResult } from "./limits.ts";
import { parseSubmission } from "./schema.ts";
import { createSubmission, SubmissionPhotoError } from "./submissions.server.ts";

export interface SubmissionPostOutcome {
  status: number;
  result: SubmissionResult;
  headers?: Record<string, string>;
}

/** What the person typed, to give back: each field cut to its own limit, without NUL characters. */
function echo(fields: Map<string, string>): Record<string, string> {
  return Object.fromEntries(
    SUBMISSION_TEXT_FIELDS.map((key) => [key, (fields.get(key) ?? "").replaceAll("\0", "").slice(0, SUBMISSION_TEXT_LIMITS[key])]),
  );
}

/**
 * One owner submission, from the page's own action (before JavaScript) or the upload endpoint
 * (with progress). Order: rate limit (before reading up to 50 MB), read within the limits,
 * honeypot and proof of work, validation, then storage; every refusal after the reading gives
 * back what the person typed.
 */
export async function handleSubmissionPost(services: AppServices, address: string, request: Request): Promise<SubmissionPostOutcome> {
  const { db, env } = services;
  const rate = await checkFormRate(db, "submission", address);
  if (!rate.ok && !rate.silent) {
    return {
      status: rate.status,
      result: { ok: false, errors: { form: rate.message }, values: {} },
      headers: rate.retryAfterSeconds ? { "Retry-After": String(rate.retryAfterSeconds) } : undefined,
    };
  }

  let upload;
  try {
    upload = await readSubmissionUpload(request);
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    log.warn("submission upload refused", { reason: error.message, address });
    return { status: error.status, result: { ok: false, errors: { photos: error.message }, values: echo(error.fields) } };
  }
  const { fields, photos } = upload;
  const values = echo(fields);
  // PostgreSQL text cannot hold a NUL character.
  if ([...fields].some(([key, value]) => key.includes("\0") || value.includes("\0"))) {
    return { status: 400, result: { ok: false, errors: { form: MESSAGES.nulRefused }, values } };
  }

  const proof = await checkFormProof(db, "submission", fields);
  if (!proof.ok && proof.silent) return { status: 200, result: { ok: true, message: SUBMISSION_MESSAGES.received } };
  if (!proof.ok) return { status: proof.status, result: { ok: false, errors: { form: proof.message }, values } };

  const [propertyTypes, cities] = await Promise.all([listPropertyTypeChoices(db), listCityNames(db)]);
  const parsed = parseSubmission(Object.fromEntries(fields), { propertyTypes, cities });
  const errors = parsed.ok ? {} : { ...parsed.errors };
  if (photos.length < SUBMISSION_PHOTOS.min) errors.photos = SUBMISSION_MESSAGES.photosRequired;
  if (!parsed.ok || errors.photos) return { status: 400, result: { ok: false, errors, values } };

  let submission;
  try {
    submission = await createSubmission(db, env.DATA_DIR, parsed.data, photos);
  } catch (error) {
    if (!(error instanceof SubmissionPhotoError)) throw error;
    log.warn("submission photo refused", { reason: error.message });
    return { status: 400, result: { ok: false, errors: { photos: SUBMISSION_MESSAGES.photosUnreadable }, values } };
  }
  void notifyInBackground("submission", () => submissionMail(services, { ...submission, photoCount: photos.length }));
  return { status: 200, result: { ok: true, message: SUBMISSION_MESSAGES.received } };
}
