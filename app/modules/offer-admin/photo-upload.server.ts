import type { AppServices } from "~/context.ts";
import { hitStaffUploadLimit } from "~/modules/form-guard/rate-limit.server.ts";
import { isCrossSitePost } from "~/modules/form-guard/same-origin.server.ts";
import { ImageRejectedError, stageImage, STORAGE_RETRY_AFTER, StorageUnavailableError } from "~/modules/images/images.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { BodyTooLargeError, readBodyWithLimit } from "~/utils/request-body.server.ts";
import { OFFER_PHOTO_LIMITS, OFFER_PHOTO_MESSAGES, type OfferPhotoResult } from "~/modules/images/photo-limits.ts";

const json = (body: OfferPhotoResult, status = 200) => Response.json(body, { status });

/**
 * One photo of a back-office form (an offer's photos, the content editor's images), sent alone as
 * the request body so each shows its own progress and a bad one fails alone: through the image
 * pipeline, then held in its form's own pool until that form's save claims it (an offer's photos
 * and the content editor's images never mix). Answers JSON (OfferPhotoResult); `what` names the
 * photo in the log of a refused one. Each person's uploads of each kind are limited
 * (STAFF_UPLOAD_LIMITS): past the limit, 429 with Retry-After before the body is read.
 */
export async function handlePhotoUpload(services: AppServices, user: StaffProfile, request: Request, what: "offer photo" | "content image"): Promise<Response> {
  if (request.method !== "POST") return json({ ok: false, error: MESSAGES.genericError }, 405);
  if (isCrossSitePost(request, services.env.PUBLIC_URL)) return json({ ok: false, error: MESSAGES.crossSiteRefused }, 403);
  const rate = await hitStaffUploadLimit(services.db, user.id, what === "offer photo" ? "offer-photo" : "content-image");
  if (!rate.allowed) {
    log.warn(`${what} uploads throttled`, { userId: user.id });
    return Response.json({ ok: false, error: MESSAGES.tooManyRequests } satisfies OfferPhotoResult, { status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } });
  }
  let bytes: Buffer;
  try {
    bytes = await readBodyWithLimit(request, OFFER_PHOTO_LIMITS.maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ ok: false, error: OFFER_PHOTO_MESSAGES.tooLarge }, 413);
    throw error;
  }
  if (bytes.byteLength === 0) return json({ ok: false, error: OFFER_PHOTO_MESSAGES.unreadable }, 400);
  try {
    return json({ ok: true, image: await stageImage(services.db, services.storage, bytes, user.id, what === "offer photo" ? "offer" : "content") });
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      log.error(`${what} not saved`, { userId: user.id, error: error.message });
      return Response.json({ ok: false, error: MESSAGES.photosNotSaved } satisfies OfferPhotoResult, STORAGE_RETRY_AFTER);
    }
    if (!(error instanceof ImageRejectedError)) throw error;
    log.warn(`${what} refused`, { userId: user.id, reason: error.message });
    return json({ ok: false, error: OFFER_PHOTO_MESSAGES.unreadable }, 400);
  }
}
