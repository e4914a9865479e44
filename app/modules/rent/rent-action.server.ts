import type { AppServices } from "~/context.ts";
import { hitStaffUploadLimit } from "~/modules/form-guard/rate-limit.server.ts";
import { deleteImages, ImageRejectedError, storeImage, STORAGE_RETRY_AFTER, StorageUnavailableError } from "~/modules/images/images.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { RENT_BODY_LIMIT } from "~/utils/body-limits.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { asFile, readUpload, type UploadAnswer, type UploadRules } from "~/utils/multipart-upload.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { recordRentPayment } from "./payments.server.ts";
import { canRecordRent, RENT_MESSAGES } from "./rent-messages.ts";
import { paymentSchema, RENT_RECEIPT } from "./rent-schema.ts";
import { PM_RULES_MESSAGES, pmRulesSchema } from "./rules-schema.ts";
import { saveRentRules } from "./rules.server.ts";

/** What a refused payment gives back: the typed fields (never the photo), the key too, so a second try is still the same payment. */
const ECHO = { hideFields: [RENT_RECEIPT.field], echoLimits: { amount: 40, notes: 1000, paidOn: 12, method: 12, requestKey: 40 } };

const RECEIPT_TOO_LARGE: UploadAnswer = { status: 413, message: RENT_MESSAGES.receiptTooLarge, field: RENT_RECEIPT.field };
const UNREADABLE: UploadAnswer = { status: 400, message: MESSAGES.badRequest };

/** «تسجيل دفعة» with its optional receipt, read as it streams (a plain form without one). */
const UPLOAD_RULES: UploadRules = {
  maxFileSize: RENT_RECEIPT.maxBytes,
  maxParts: 12,
  maxTotalSize: RENT_BODY_LIMIT,
  files: { field: RENT_RECEIPT.field, max: 1 },
  refuseNul: true,
  answers: { tooLarge: RECEIPT_TOO_LARGE, fileTooLarge: RECEIPT_TOO_LARGE, tooManyParts: UNREADABLE, unreadable: UNREADABLE, plainForm: UNREADABLE },
};

type Services = Pick<AppServices, "db" | "env" | "storage">;

/**
 * POST /admin/rent/leases/:leaseId: a payment recorded (decision 053). The employees' post is
 * refused with 403 before the body is read. A receipt is stored through the image pipeline first
 * and removed again if the payment is refused or was already recorded (the form sent twice).
 */
export async function handleLeasePost(services: Services, user: StaffProfile, leaseId: number, request: Request) {
  if (!canRecordRent(user.role)) return replyFormError(RENT_MESSAGES.readOnly, undefined, { status: 403 });
  const read = await readUpload(request, UPLOAD_RULES);
  if (!read.ok) return replyFormError(read.message, read.fields, { ...ECHO, status: read.status, field: read.field });
  const form = new FormData();
  for (const [name, value] of read.fields) form.append(name, value);
  const [upload] = read.files;
  if (upload) {
    const rate = await hitStaffUploadLimit(services.db, user.id, "receipt");
    if (!rate.allowed) return replyFormError(MESSAGES.tooManyRequests, read.fields, { ...ECHO, status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } });
    form.set(RENT_RECEIPT.field, asFile(upload));
  }
  const submission = parseSubmission(form, paymentSchema);
  if (submission.status !== "success") return replyToSubmission(submission, ECHO);
  const { receipt, amount, ...input } = submission.value;
  let receiptImageId: string | null = null;
  if (receipt) {
    try {
      receiptImageId = (await storeImage(services.db, services.storage, Buffer.from(await receipt.arrayBuffer()))).id;
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        log.error("rent receipt not saved", { userId: user.id, error: error.message });
        return replyToSubmission(submission, { ...ECHO, formErrors: [MESSAGES.photosNotSaved], ...STORAGE_RETRY_AFTER });
      }
      if (!(error instanceof ImageRejectedError)) throw error;
      return replyToSubmission(submission, { ...ECHO, fieldErrors: { [RENT_RECEIPT.field]: [RENT_MESSAGES.receiptInvalid] } });
    }
  }
  const forgetReceipt = async () => {
    if (receiptImageId) await deleteImages(services.db, services.storage, [receiptImageId]);
  };
  let outcome;
  try {
    outcome = await recordRentPayment(services.db, user, leaseId, { ...input, amountHalalas: amount, receiptImageId });
  } catch (error) {
    await forgetReceipt();
    throw error;
  }
  if (!outcome.ok || outcome.repeated) await forgetReceipt();
  if (!outcome.ok) {
    const placed = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.error] } } : { formErrors: [outcome.error] };
    return replyToSubmission(submission, { ...ECHO, ...placed, status: outcome.status });
  }
  // The same answer for the form sent again: back to the ledger with the confirmation.
  return redirectWithToast(`/admin/rent/leases/${leaseId}`, { tone: "success", text: RENT_MESSAGES.paymentRecorded }, services.env);
}

/** The settings page's «إدارة الأملاك» section: its post (the manager's only, checked here again). */
export async function handlePmRulesPost(services: Pick<AppServices, "db" | "env">, user: StaffProfile, form: FormData) {
  if (user.role !== "manager") return replyFormError(PM_RULES_MESSAGES.managerOnly, form, { status: 403 });
  const submission = parseSubmission(form, pmRulesSchema);
  if (submission.status !== "success") return replyToSubmission(submission);
  await saveRentRules(services.db, user, submission.value);
  return redirectWithToast("/admin/settings", { tone: "success", text: PM_RULES_MESSAGES.saved }, services.env);
}
