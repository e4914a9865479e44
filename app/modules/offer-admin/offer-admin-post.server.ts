import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { BULK_STATUS_MESSAGES, type BulkStatusOutcome } from "./bulk-status.ts";
import { isAdvertisedStatus } from "~/modules/ad-licences/index.ts";
import { checkLicenceForSave, regaClientOf } from "~/modules/ad-licences/index.server.ts";
import { changeOffersStatus, deleteOffer, OfferInputError, saveOffer, storedVerification } from "./offer-admin.server.ts";
import { offerIdOf } from "./offer-form-page.server.ts";
import { OFFER_FORM_MESSAGES, offerDeleteSchema, offerFormSchema } from "./offer-form-schema.ts";

/** What a refused save gives back is cut at the schema's own limits, not the default 3000 characters. */
const OFFER_ECHO_LIMITS = { description: 10_000, additionalNotes: 5000 };

/**
 * Saves the offer form, a new offer or the one the address names (`offerId`): the same schema as
 * in the browser, then one transaction (decision 008). A save goes back to the list with its
 * message (added or updated); a refusal answers the form's reply, every field given back.
 */
export async function handleOfferSave(services: AppServices, user: StaffProfile, form: FormData, offerId?: string) {
  const submission = parseSubmission(form, offerFormSchema);
  const refuse = (message: string, status: number, fieldErrors?: Record<string, string[]>) =>
    replyToSubmission(submission, { formErrors: [message], fieldErrors, status, echoLimits: OFFER_ECHO_LIMITS });
  const id = offerId === undefined ? undefined : offerIdOf(offerId);
  if (id === null) return refuse(OFFER_FORM_MESSAGES.saveFailed, 404);
  if (submission.status !== "success") return refuse(OFFER_FORM_MESSAGES.fixErrors, 400);
  // REGA, when configured, is asked about a licence it has not confirmed for this offer (decision 047):
  // before the saving transaction, so no row waits on it.
  let rega: { verifiedAt: Date } | undefined;
  const client = regaClientOf(services.env);
  const number = submission.value.adLicence.number;
  if (client.configured && number) {
    const stored = id === undefined ? null : await storedVerification(services.db, id);
    if (!stored || stored.number !== number || !stored.verifiedAt || stored.withdrawn) {
      const checked = await checkLicenceForSave(services.db, client, number, isAdvertisedStatus(submission.value.status));
      if (checked && "refusal" in checked) return refuse(OFFER_FORM_MESSAGES.fixErrors, 400, { "adLicence.number": [checked.refusal] });
      rega = checked ?? undefined;
    }
  }
  try {
    const saved = await saveOffer(services.db, services.storage, submission.value, { id, user, rega });
    if (!saved) return refuse(OFFER_FORM_MESSAGES.saveFailed, 404);
    log.info(saved.created ? "offer added" : "offer updated", { offerId: saved.id, userId: user.id });
    return redirectWithToast("/admin/offers", { tone: "success", text: saved.created ? OFFER_FORM_MESSAGES.added : OFFER_FORM_MESSAGES.updated }, services.env);
  } catch (error) {
    if (error instanceof OfferInputError) {
      return refuse(OFFER_FORM_MESSAGES.fixErrors, 400, Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, [message]])));
    }
    log.error("offer save failed", { userId: user.id, error: String(error) });
    return refuse(OFFER_FORM_MESSAGES.saveFailed, 500);
  }
}

/**
 * Deletes an offer from the list (the page asked for confirmation first), then shows the list again
 * (`listUrl`, the page it was on) with the message; an offer already gone is said so.
 */
export async function handleOfferDelete(services: AppServices, user: StaffProfile, form: FormData, listUrl: string) {
  const submission = parseSubmission(form, offerDeleteSchema);
  if (submission.status !== "success") return replyFormError(OFFER_FORM_MESSAGES.invalidRequest, form);
  const { id } = submission.value;
  if (!(await deleteOffer(services.db, services.storage, id))) return replyFormError(OFFER_FORM_MESSAGES.offerGone, form, { status: 404 });
  log.info("offer deleted", { offerId: id, userId: user.id });
  return redirectWithToast(listUrl, { tone: "success", text: OFFER_FORM_MESSAGES.deleted }, services.env);
}

/**
 * The list's bulk status change: the offers ticked (`ids`) and a status from the list of statuses.
 * Each offer under the form's rules (changeOffersStatus); the answer says how many changed and, for
 * each one refused, why. Nothing ticked, or a status that is not listed, changes nothing.
 */
export async function handleOfferBulkStatus(services: AppServices, user: StaffProfile, form: FormData) {
  const ids = form
    .getAll("ids")
    .map((value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null))
    .filter((id): id is number => id !== null);
  const posted = form.get("status");
  const status = typeof posted === "string" ? posted.trim() : "";
  if (!ids.length) return replyFormError(BULK_STATUS_MESSAGES.noneSelected, form);
  const { statuses } = await listOfferFormChoices(services.db);
  if (!statuses.includes(status)) return replyFormError(BULK_STATUS_MESSAGES.statusRequired, form, { field: "status" });
  const results = await changeOffersStatus(services.db, user, ids, status);
  log.info("offers status changed in bulk", { userId: user.id, status, changed: results.filter((r) => r.changed).length, asked: ids.length });
  const bulk: BulkStatusOutcome = {
    status,
    changed: results.filter((r) => r.changed).length,
    unchanged: results.filter((r) => !r.changed && !r.error).length,
    refused: results.flatMap((r) => (r.error ? [{ id: r.id, title: r.title, error: r.error }] : [])),
  };
  return { bulk };
}
