import { isMultipartRequest } from "@remix-run/multipart-parser";
import type { RouterContextProvider } from "react-router";
import type { AppServices } from "~/context.ts";
import { isCrossSitePost } from "~/modules/form-guard/same-origin.server.ts";
import { deleteImages, ImageRejectedError, storeImage, STORAGE_RETRY_AFTER, StorageUnavailableError } from "~/modules/images/images.server.ts";
import { hitStaffUploadLimit } from "~/modules/form-guard/rate-limit.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { FINANCE_REQUEST_BODY_LIMIT, SMALL_FORM_BODY_LIMIT } from "~/utils/body-limits.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { formErrorReply, parseSubmission, type FormReply } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { asFile, readUpload, type UploadAnswer, type UploadRules } from "~/utils/multipart-upload.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { handleDecisionPost, isDecisionPost } from "~/modules/tasks/index.server.ts";
import { FINANCE_LIMITS, FINANCE_MESSAGES } from "./finance-messages.ts";
import { FINANCE_REQUEST_INTENT, financeRequestSchema, RECEIPT } from "./finance-request-schema.ts";
import { financeHref, riyadhMonthOf } from "./finance-view.ts";
import { parseFinanceFilters, requestFinanceApproval } from "./finance.server.ts";

/** What a refused request gives back: the typed fields, each cut to its limit; never the photo. */
const ECHO = { hideFields: [RECEIPT.field], echoLimits: { description: FINANCE_LIMITS.description, notes: FINANCE_LIMITS.notes, amount: 40, managerId: 12 } };

const RECEIPT_TOO_LARGE: UploadAnswer = { status: 413, message: FINANCE_MESSAGES.receiptTooLarge, field: RECEIPT.field };
const UNREADABLE: UploadAnswer = { status: 400, message: MESSAGES.badRequest };

/**
 * One receipt of at most 10 MB and a handful of short fields: a receipt over 10 MB or a body over
 * the page's limit stops the reading at that point (the rest is never read) and is refused with
 * the firm's message under the receipt; the fields read before it are given back.
 */
const UPLOAD_RULES: UploadRules = {
  maxFileSize: FINANCE_LIMITS.receiptBytes,
  maxParts: 12,
  maxTotalSize: FINANCE_REQUEST_BODY_LIMIT,
  files: { field: RECEIPT.field, max: 1 },
  refuseNul: true,
  answers: { tooLarge: RECEIPT_TOO_LARGE, fileTooLarge: RECEIPT_TOO_LARGE, tooManyParts: UNREADABLE, unreadable: UNREADABLE },
};

type Services = Pick<AppServices, "db" | "env" | "mailer" | "storage">;

/** The photo formats a receipt may be, told by their first bytes (not by what the browser claims). */
function isReceiptImage(bytes: Uint8Array): boolean {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  const jpeg = starts([0xff, 0xd8, 0xff]);
  const png = starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const webp = starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
  return jpeg || png || webp;
}

/** The finance page a post came from, with its filters and page: where the confirmation shows. */
const pageOf = (request: Request, now = new Date()) => {
  const filters = parseFinanceFilters(new URL(request.url).searchParams, now);
  return financeHref(filters, filters.page, riyadhMonthOf(now));
};

/**
 * The accountant's request from its fields (the receipt a File among them): the schema, the
 * receipt through the image pipeline, then the task for the manager. A request refused after the
 * receipt was stored (the chosen manager gone) or failing deletes the receipt again. The manager
 * is told by an e-mail queued with the request; back to `page` with the confirmation.
 */
async function submitFinanceRequest(services: Services, accountant: StaffProfile, form: FormData, page: string) {
  if (accountant.role !== "accountant") return replyFormError(FINANCE_MESSAGES.accountantOnly, form, { ...ECHO, status: 403 });
  const submission = parseSubmission(form, financeRequestSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const { receipt, ...input } = submission.value;
  const receiptRefused = () => replyToSubmission(submission, { ...ECHO, fieldErrors: { [RECEIPT.field]: [FINANCE_MESSAGES.receiptInvalid] } });

  let receiptImageId: string | null = null;
  if (receipt) {
    const bytes = Buffer.from(await receipt.arrayBuffer());
    if (!isReceiptImage(bytes)) return receiptRefused();
    try {
      receiptImageId = (await storeImage(services.db, services.storage, bytes)).id;
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        log.error("finance receipt not saved", { userId: accountant.id, error: error.message });
        return replyToSubmission(submission, { ...ECHO, formErrors: [MESSAGES.photosNotSaved], ...STORAGE_RETRY_AFTER });
      }
      if (!(error instanceof ImageRejectedError)) throw error;
      log.warn("finance receipt refused", { userId: accountant.id, reason: error.message });
      return receiptRefused();
    }
  }
  const forgetReceipt = async () => {
    if (receiptImageId) await deleteImages(services.db, services.storage, [receiptImageId]);
  };

  let result;
  try {
    result = await requestFinanceApproval(services.db, accountant, { ...input, receiptImageId });
  } catch (error) {
    await forgetReceipt();
    throw error;
  }
  if (!result.ok) {
    await forgetReceipt();
    const placed = result.field ? { fieldErrors: { [result.field]: [result.error] } } : { formErrors: [result.error] };
    return replyToSubmission(submission, { ...ECHO, ...placed, status: result.status });
  }
  return redirectWithToast(page, { tone: "success", text: FINANCE_MESSAGES.requested }, services.env);
}

/**
 * A request with its receipt, read as it streams in (multipart; nothing else is a request here).
 * Anyone but the accountant is refused before a byte of the body is read.
 */
export async function handleFinanceRequest(services: Services, user: StaffProfile, request: Request) {
  if (!isMultipartRequest(request)) return replyFormError(MESSAGES.badRequest, undefined);
  if (user.role !== "accountant") return replyFormError(FINANCE_MESSAGES.accountantOnly, undefined, { status: 403 });
  const read = await readUpload(request, UPLOAD_RULES);
  if (!read.ok) {
    log.warn("finance request upload refused", { userId: user.id, reason: read.message });
    return replyFormError(read.message, read.fields, { ...ECHO, status: read.status, field: read.field });
  }
  const [receipt] = read.files;
  // Each person's receipts are limited (STAFF_UPLOAD_LIMITS), before the image pipeline's work.
  if (receipt) {
    const rate = await hitStaffUploadLimit(services.db, user.id, "receipt");
    if (!rate.allowed) {
      log.warn("finance receipts throttled", { userId: user.id });
      return replyFormError(MESSAGES.tooManyRequests, read.fields, { ...ECHO, status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } });
    }
  }
  // The receipt a File among the fields, as the schema reads it.
  const form = new FormData();
  for (const [name, value] of read.fields) form.append(name, value);
  if (receipt) form.set(RECEIPT.field, asFile(receipt));
  return submitFinanceRequest(services, user, form, pageOf(request));
}

/**
 * The finance page's posts: a multipart post is the accountant's request with its receipt (the
 * page's form before JavaScript); any other is a small form, read within 64 KiB although the
 * page's path allows the receipt, and named by its `intent`: the manager's decision from the
 * approval dialog (approve, reject) or a request without a receipt (request).
 */
export async function handleFinancePost(services: Services, user: StaffProfile, request: Request, context: Readonly<RouterContextProvider>) {
  if (isMultipartRequest(request)) return handleFinanceRequest(services, user, request);
  const read = await readForm(request, context, { maxBytes: SMALL_FORM_BODY_LIMIT });
  if (!read.ok) return replyToRefusal(read, ECHO);
  if (isDecisionPost(read.form)) return handleDecisionPost(services, user, read.form, pageOf(request));
  if (read.form.get("intent") === FINANCE_REQUEST_INTENT) return submitFinanceRequest(services, user, read.form, pageOf(request));
  return replyFormError(MESSAGES.badRequest, read.form, ECHO);
}

/**
 * The same request from the page's script (POST /admin/finance/request), which shows the upload's
 * progress: the same reply as JSON; a success is `{status: "success"}` with the confirmation's
 * cookie, which the page shows when it loads its data again. A resource route: React Router's
 * origin check does not cover it, so it checks itself.
 */
export async function handleFinanceRequestUpload(services: Services, user: StaffProfile, request: Request): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  if (isCrossSitePost(request, services.env.PUBLIC_URL)) return Response.json(formErrorReply(MESSAGES.crossSiteRefused), { status: 403 });
  const answer = await handleFinanceRequest(services, user, request);
  if (!(answer instanceof Response)) return Response.json(answer.data, answer.init ?? undefined);
  // The page shows the confirmation itself: a one-time cookie could be spent by the live refresh
  // this request also sets off, whose answer the page's own refresh then cancels.
  return Response.json({ status: "success", initialValue: null } satisfies FormReply);
}
