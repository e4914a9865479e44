import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { DAILY_REPORT_MESSAGES, resendDelivery, sendDailyReportNow } from "./daily-jobs.server.ts";
import { dailyReportsPostSchema } from "./daily-schema.ts";

const DAILY_REPORTS_PAGE = "/admin/reports/daily";

/** A post whose body readForm refused (too large, NUL character): the message above its button. */
export function refuseDailyReportsPost(refusal: FormRefusal) {
  return replyToRefusal(refusal);
}

/**
 * The «التقارير المرسلة» page's posts (the route checked the role): «إرسال الآن» keeps yesterday's
 * report and queues its channels; «إعادة الإرسال» queues one channel again. Both come back to the
 * page with a confirmation; the scheduler sends, and the page follows the outcome.
 */
export async function handleDailyReportsPost(services: Pick<AppServices, "db" | "env">, manager: StaffProfile, form: FormData) {
  const submission = parseSubmission(form, dailyReportsPostSchema);
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return replyToSubmission(submission, { formErrors: [...(errors[""] ?? []), ...(errors.intent ?? []), ...(errors.deliveryId ?? [])].slice(0, 1) });
  }
  const post = submission.value;
  if (post.intent === "send-now") {
    const sent = await sendDailyReportNow(services, manager);
    if (!sent.ok) return replyFormError(sent.error, form, { status: 409 });
    return redirectWithToast(DAILY_REPORTS_PAGE, { tone: "success", text: DAILY_REPORT_MESSAGES.sentNow }, services.env);
  }
  const resent = await resendDelivery(services, post.deliveryId);
  if (!resent.ok) return replyFormError(resent.error, form, { status: resent.error === DAILY_REPORT_MESSAGES.notFound ? 404 : 409 });
  return redirectWithToast(DAILY_REPORTS_PAGE, { tone: "success", text: DAILY_REPORT_MESSAGES.resent }, services.env);
}
