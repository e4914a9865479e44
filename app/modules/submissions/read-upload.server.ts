import { SUBMISSION_BODY_LIMIT } from "~/utils/body-limits.ts";
import { readUpload, type UploadAnswer, type UploadRules } from "~/utils/multipart-upload.server.ts";
import { SUBMISSION_MESSAGES, SUBMISSION_PHOTOS } from "./limits.ts";

/** Every refusal of the upload shows under the photos. */
const answer = (status: 400 | 413, message: string): UploadAnswer => ({ status, message, field: SUBMISSION_PHOTOS.field });

/**
 * Text fields are small; every photo is at most 5 MB; 10 photos; a little room for the rest. A
 * plain form post (no photos at all) is read as text: the photo check refuses it later.
 */
export const UPLOAD_LIMITS = {
  maxFileSize: SUBMISSION_PHOTOS.maxBytes,
  maxParts: SUBMISSION_PHOTOS.max + 30,
  maxTotalSize: SUBMISSION_BODY_LIMIT,
  maxTextLength: 20_000,
  files: { field: SUBMISSION_PHOTOS.field, max: SUBMISSION_PHOTOS.max },
  refuseNul: true,
  answers: {
    tooLarge: answer(413, SUBMISSION_MESSAGES.requestTooLarge),
    fileTooLarge: answer(413, SUBMISSION_MESSAGES.photoTooLarge),
    tooManyFiles: answer(413, SUBMISSION_MESSAGES.tooManyPhotos),
    tooManyParts: answer(413, SUBMISSION_MESSAGES.requestTooLarge),
    unreadable: answer(400, SUBMISSION_MESSAGES.photosUnreadable),
    plainForm: answer(413, SUBMISSION_MESSAGES.requestTooLarge),
  },
} as const satisfies UploadRules;

/**
 * Reads an owner submission as it streams in, never holding more than the limits allow: a photo
 * over 5 MB, an 11th photo or an oversized request stops the reading at that point (the rest of
 * the body is never read) and is refused with its Arabic message, the text read so far given back.
 */
export function readSubmissionUpload(request: Request) {
  return readUpload(request, UPLOAD_LIMITS);
}
