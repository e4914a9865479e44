import type { AppServices } from "~/context.ts";
import { isCrossSitePost } from "~/modules/form-guard/same-origin.server.ts";
import { ImageRejectedError } from "~/modules/images/images.server.ts";
import type { StaffProfile } from "~/modules/users/users.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { OFFER_SAVE_BODY_LIMIT } from "~/utils/body-limits.ts";
import { BodyTooLargeError, containsNul, readBodyWithLimit } from "~/utils/request-body.server.ts";
import { OfferInputError, saveOffer, stageOfferPhoto } from "./offer-admin.server.ts";
import { OFFER_FORM_MESSAGES, parseOfferForm, type OfferSaveResult } from "./offer-form.ts";
import { OFFER_PHOTO_LIMITS, OFFER_PHOTO_MESSAGES, type OfferPhotoResult } from "./offer-photos.ts";

const json = <T>(body: T, status = 200) => Response.json(body, { status });

/**
 * One photo from the offer form, sent alone as the request body so each shows its own progress
 * and a bad one fails alone. Through the image pipeline, then held until the offer is saved.
 */
export async function handleOfferPhotoUpload(services: AppServices, user: StaffProfile, request: Request): Promise<Response> {
  if (request.method !== "POST") return json<OfferPhotoResult>({ ok: false, error: MESSAGES.genericError }, 405);
  if (isCrossSitePost(request, services.env.PUBLIC_URL)) return json<OfferPhotoResult>({ ok: false, error: MESSAGES.crossSiteRefused }, 403);
  let bytes: Buffer;
  try {
    bytes = await readBodyWithLimit(request, OFFER_PHOTO_LIMITS.maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json<OfferPhotoResult>({ ok: false, error: OFFER_PHOTO_MESSAGES.tooLarge }, 413);
    throw error;
  }
  if (bytes.byteLength === 0) return json<OfferPhotoResult>({ ok: false, error: OFFER_PHOTO_MESSAGES.unreadable }, 400);
  try {
    const image = await stageOfferPhoto(services.db, services.env.DATA_DIR, bytes, user.id);
    return json<OfferPhotoResult>({ ok: true, image });
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    log.warn("offer photo refused", { userId: user.id, reason: error.message });
    return json<OfferPhotoResult>({ ok: false, error: OFFER_PHOTO_MESSAGES.unreadable }, 400);
  }
}

/** Saves the offer form sent as JSON ({ id?, ...values }): the same schema as in the browser, then one transaction. */
export async function handleOfferSave(services: AppServices, user: StaffProfile, request: Request): Promise<Response> {
  if (request.method !== "POST") return json<OfferSaveResult>({ ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed }, 405);
  if (isCrossSitePost(request, services.env.PUBLIC_URL)) {
    return json<OfferSaveResult>({ ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed }, 403);
  }
  let body: unknown;
  try {
    body = JSON.parse((await readBodyWithLimit(request, OFFER_SAVE_BODY_LIMIT)).toString("utf8"));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json<OfferSaveResult>({ ok: false, errors: {}, message: MESSAGES.bodyTooLarge }, 413);
    return json<OfferSaveResult>({ ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed }, 400);
  }
  // PostgreSQL text cannot hold a NUL character: say so rather than fail on saving.
  if (containsNul(body)) return json<OfferSaveResult>({ ok: false, errors: {}, message: MESSAGES.nulRefused }, 400);
  const rawId = (body as { id?: unknown } | null)?.id;
  const id = rawId === undefined || rawId === null ? undefined : Number(rawId);
  if (id !== undefined && !(Number.isSafeInteger(id) && id > 0)) {
    return json<OfferSaveResult>({ ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed }, 400);
  }
  const parsed = parseOfferForm(body);
  if (!parsed.ok) return json<OfferSaveResult>({ ok: false, errors: parsed.errors, message: OFFER_FORM_MESSAGES.fixErrors }, 400);
  try {
    const saved = await saveOffer(services.db, services.env.DATA_DIR, parsed.data, { id, userId: user.id });
    if (!saved) return json<OfferSaveResult>({ ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed }, 404);
    log.info(saved.created ? "offer added" : "offer updated", { offerId: saved.id, userId: user.id });
    return json<OfferSaveResult>({ ok: true, ...saved });
  } catch (error) {
    if (error instanceof OfferInputError) return json<OfferSaveResult>({ ok: false, errors: error.errors, message: OFFER_FORM_MESSAGES.fixErrors }, 400);
    log.error("offer save failed", { userId: user.id, error: String(error) });
    return json<OfferSaveResult>({ ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed }, 500);
  }
}
