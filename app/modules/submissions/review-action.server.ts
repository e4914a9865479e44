import { redirect } from "react-router";
import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replySuccess, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { rejectSubmission, startOfferFromSubmission } from "./review.server.ts";
import { reviewActionSchema } from "./review-schema.ts";
import { SUBMISSION_REVIEW_MESSAGES } from "./status.ts";

/**
 * The review page's action (the role was checked by the route): reject stays on the page (its
 * card shows the confirmation and the red badge); "create an offer" opens the offer form filled
 * from the submission, with copies of its photos. A refusal answers the form's reply, 400.
 */
export async function handleReviewAction(services: Pick<AppServices, "db" | "env" | "storage">, user: StaffProfile, form: FormData) {
  const submission = parseSubmission(form, reviewActionSchema);
  if (submission.status !== "success") {
    // Only the page's own buttons and hidden fields post here: say what is wrong about the whole form.
    const errors = submission.error ?? {};
    return replyToSubmission(submission, { formErrors: [errors.intent ? SUBMISSION_REVIEW_MESSAGES.invalidRequest : SUBMISSION_REVIEW_MESSAGES.notFound] });
  }
  const { intent, id } = submission.value;
  if (intent === "reject") {
    const refusal = await rejectSubmission(services.db, user, id);
    return refusal ? replyToSubmission(submission, { formErrors: [refusal] }) : replySuccess(submission);
  }
  const started = await startOfferFromSubmission(services.db, services.storage, user, id);
  if (!started.ok) return replyToSubmission(submission, { formErrors: [started.error] });
  const params = new URLSearchParams({ from: String(id) });
  if (started.photoIds.length) params.set("photos", started.photoIds.join(","));
  return redirect(`/admin/offers/new?${params}`);
}
