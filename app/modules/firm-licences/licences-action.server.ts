import type { AppServices, RequestBodyState } from "~/context.ts";
import { isCrossSitePost } from "~/modules/form-guard/same-origin.server.ts";
import { ImageRejectedError, STORAGE_RETRY_AFTER, StorageUnavailableError } from "~/modules/images/images.server.ts";
import { hitStaffUploadLimit } from "~/modules/form-guard/rate-limit.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { LICENCE_UPLOAD_BODY_LIMIT } from "~/utils/body-limits.ts";
import { replyFormError, replySuccess, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { asFile, readUpload, type UploadAnswer, type UploadRules } from "~/utils/multipart-upload.server.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { addUploadedLicence, deleteLicence, renameLicence, reorderLicences } from "./licences-admin.server.ts";
import {
  LICENCE_LIMITS,
  LICENCE_MESSAGES,
  LICENCE_REASONS,
  licenceAltSchema,
  licenceDeleteSchema,
  licenceLinkSchema,
  licenceOrderSchema,
  licenceUploadSchema,
} from "./licences-schema.ts";
import { addLicence, countLicences } from "./licences.server.ts";

const PAGE = "/admin/licenses";

/** What is given back is cut to the fields' limits; a file never is. */
const ECHO = { echoLimits: { alt: LICENCE_LIMITS.alt, url: LICENCE_LIMITS.url }, hideFields: ["image"] };

/** A licences page post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseLicencePost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * The licences page's posts (the manager's, checked by the route): add by link, edit a
 * description, a new order, delete. An add or an edit stays on the page with its confirmation
 * (the form is cleared); a delete comes back to the page with its message, the row gone.
 */
export async function handleLicencePost(services: AppServices, user: StaffProfile, form: FormData) {
  const { db, env, storage } = services;
  switch (form.get("intent")) {
    case "link": {
      const submission = parseSubmission(form, licenceLinkSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { url, alt } = submission.value;
      try {
        const id = await addLicence(db, { alt, externalUrl: url }, user);
        if (id === null) return replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.limitReached], status: 409 });
        log.info("licence added", { licenceId: id, userId: user.id, kind: "link" });
        return replySuccess(submission);
      } catch (error) {
        log.error("licence link add failed", { userId: user.id, error: String(error) });
        return replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.addFailed(LICENCE_REASONS.server)], status: 500 });
      }
    }

    case "alt": {
      const submission = parseSubmission(form, licenceAltSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { id, alt } = submission.value;
      if (!(await renameLicence(db, id, alt))) return replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.gone], status: 404 });
      log.info("licence description changed", { licenceId: id, userId: user.id });
      return replySuccess(submission);
    }

    case "reorder": {
      const submission = parseSubmission(form, licenceOrderSchema);
      if (submission.status !== "success") return replyFormError(LICENCE_MESSAGES.orderFailed, undefined);
      try {
        await reorderLicences(db, submission.value.order);
      } catch (error) {
        log.error("licence reorder failed", { userId: user.id, error: String(error) });
        return replyFormError(LICENCE_MESSAGES.orderFailed, undefined, { status: 500 });
      }
      return replySuccess(submission);
    }

    case "delete": {
      const submission = parseSubmission(form, licenceDeleteSchema);
      if (submission.status !== "success") return replyFormError(LICENCE_MESSAGES.deleteFailed, undefined);
      const { id } = submission.value;
      try {
        if (!(await deleteLicence(db, storage, id, user))) return replyFormError(LICENCE_MESSAGES.gone, undefined, { status: 404 });
      } catch (error) {
        log.error("licence delete failed", { licenceId: id, userId: user.id, error: String(error) });
        return replyFormError(LICENCE_MESSAGES.deleteFailed, undefined, { status: 500 });
      }
      log.info("licence deleted", { licenceId: id, userId: user.id });
      return redirectWithToast(PAGE, { tone: "success", text: LICENCE_MESSAGES.deleted }, env);
    }

    default:
      return replyFormError(MESSAGES.badRequest, form, ECHO);
  }
}

const TOO_LARGE: UploadAnswer = { status: 413, message: LICENCE_MESSAGES.tooLarge, field: "image" };
const UNREADABLE: UploadAnswer = { status: 400, message: MESSAGES.badRequest };

/**
 * The upload form: the description and one image of at most 10 MB. An image over 10 MB stops the
 * reading there (the rest of the body is never read); so does a body over the path's limit, cut
 * by app/framework/request-handler.server.ts. A post without a file at all (a plain form) is read as text, and
 * the schema then asks for the image. The longest description read is four times its limit: past
 * the limit the schema says "too long" rather than us cutting it. An empty image part is kept:
 * the schema tells an input left empty from an empty file.
 */
const UPLOAD_RULES: UploadRules = {
  maxFileSize: LICENCE_LIMITS.maxBytes,
  maxParts: 10,
  maxTotalSize: LICENCE_UPLOAD_BODY_LIMIT,
  maxTextLength: LICENCE_LIMITS.alt * 4,
  files: { field: "image", max: 1, keepEmpty: true },
  refuseNul: true,
  answers: { tooLarge: TOO_LARGE, fileTooLarge: TOO_LARGE, tooManyParts: UNREADABLE, unreadable: UNREADABLE, plainForm: { status: 413, message: MESSAGES.bodyTooLarge } },
};

/** The answer of the upload endpoint: the form's reply as JSON, with its status. */
function json(reply: { data: unknown; init: ResponseInit | null }): Response {
  return Response.json(reply.data, reply.init ?? undefined);
}

/**
 * The licence upload (POST /admin/licenses/upload, from the page's script, which shows the real
 * progress of the upload): the image and its description as multipart form data. Answers the
 * form's reply as JSON: added (the page shows 'تم إضافة الترخيص بنجاح!'), or refused with the
 * firm's message (missing image or description, over 10 MB, 10 licences already) or
 * 'فشل رفع الصورة: {reason}'. A resource route: React Router's origin check does not cover it, so
 * it checks itself.
 */
export async function handleLicenceUpload(services: AppServices, user: StaffProfile, request: Request, body: RequestBodyState): Promise<Response> {
  const { db, env, storage } = services;
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  if (isCrossSitePost(request, env.PUBLIC_URL)) return json(replyFormError(MESSAGES.crossSiteRefused, undefined, { status: 403 }));

  // The body is read to its end (10 MB at most) before any other refusal: an answer sent while the
  // browser is still sending may be lost with the connection, and the person would not see why.
  const read = await readUpload(request, UPLOAD_RULES, body);
  const typed = read.fields.getAll("alt").at(-1);
  if (!read.ok) {
    const given = new FormData();
    if (typed) given.set("alt", typed);
    return json(replyFormError(read.message, given, { ...ECHO, status: read.status, field: read.field }));
  }
  // The description (its last value) and the image, as the schema reads them.
  const form = new FormData();
  if (typed !== undefined) form.set("alt", typed);
  const [file] = read.files;
  if (file) form.set("image", asFile(file));
  const submission = parseSubmission(form, licenceUploadSchema);
  if (submission.status !== "success") return json(replyToSubmission(submission, ECHO));
  const { image, alt } = submission.value;
  if (!image) return json(replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.uploadRequired] }));
  // Each person's uploads are limited (STAFF_UPLOAD_LIMITS), before the image pipeline's work.
  const rate = await hitStaffUploadLimit(db, user.id, "licence");
  if (!rate.allowed) {
    log.warn("licence uploads throttled", { userId: user.id });
    return json(replyToSubmission(submission, { ...ECHO, formErrors: [MESSAGES.tooManyRequests], status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } }));
  }
  const full = () => json(replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.limitReached], status: 409 }));
  // Full already: refused before the image pipeline's work (checked again, under the lock, when adding).
  if ((await countLicences(db)) >= LICENCE_LIMITS.max) return full();

  try {
    const added = await addUploadedLicence(db, storage, Buffer.from(await image.arrayBuffer()), alt, user);
    if (!added.ok) return full();
    log.info("licence added", { licenceId: added.id, userId: user.id, kind: "upload" });
    return json(replySuccess(submission));
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      log.warn("licence image refused", { userId: user.id, reason: error.message });
      return json(replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.uploadFailed(LICENCE_REASONS.unreadable)], status: 400 }));
    }
    if (error instanceof StorageUnavailableError) {
      log.error("licence image not saved", { userId: user.id, error: error.message });
      return json(replyToSubmission(submission, { ...ECHO, formErrors: [MESSAGES.photosNotSaved], ...STORAGE_RETRY_AFTER }));
    }
    log.error("licence upload failed", { userId: user.id, error: String(error) });
    return json(replyToSubmission(submission, { ...ECHO, formErrors: [LICENCE_MESSAGES.uploadFailed(LICENCE_REASONS.server)], status: 500 }));
  }
}
