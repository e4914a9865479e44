import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { VIEWING_MESSAGES } from "./viewing-labels.ts";
import { bookingSchema, cancelSchema, confirmSchema, hoursSchema, OUTCOME_REASON_MAX, outcomeSchema } from "./viewing-schema.ts";
import { riyadhInstant } from "./viewing-time.ts";
import { bookViewing, cancelViewing, confirmViewing, recordOutcome, saveViewingHours } from "./viewings.server.ts";

type Services = Pick<AppServices, "db" | "env" | "sms">;

const ECHO = { echoLimits: { reason: OUTCOME_REASON_MAX } };

/** A viewings post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseViewingPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/** A rule's refusal: under the field it names, or above the form. */
const placed = (refusal: { message: string; field?: string }) => ({
  ...ECHO,
  ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] }),
  status: 409,
});

/**
 * Every post of the diary and the scheduling form, told apart by `intent`: "book", "confirm"
 * (a visitor's request, at its time or another), "cancel", "outcome", "hours" (the manager's).
 * Each rule is the module's (viewings.server.ts); a refusal keeps what was typed. `back` is the
 * page a success returns to, with its toast.
 */
export async function handleViewingPost(services: Services, user: StaffProfile, form: FormData, back: string) {
  const toBack = (text: string) => redirectWithToast(back, { tone: "success", text }, services.env);
  switch (form.get("intent")) {
    case "book": {
      const submission = parseSubmission(form, bookingSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { day, time, ...rest } = submission.value;
      const result = await bookViewing(services, user, { ...rest, startsAt: riyadhInstant(day, time)! });
      if (!result.ok) return replyToSubmission(submission, placed(result));
      return redirectWithToast(`/admin/viewings?day=${day}`, { tone: "success", text: VIEWING_MESSAGES.booked }, services.env);
    }
    case "confirm": {
      const submission = parseSubmission(form, confirmSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { day, time, ...rest } = submission.value;
      const result = await confirmViewing(services, user, { ...rest, startsAt: riyadhInstant(day, time)! });
      if (!result.ok) return replyToSubmission(submission, placed(result));
      return redirectWithToast(`/admin/viewings?day=${day}`, { tone: "success", text: result.proposed ? VIEWING_MESSAGES.proposed : VIEWING_MESSAGES.confirmed }, services.env);
    }
    case "cancel": {
      const submission = parseSubmission(form, cancelSchema);
      if (submission.status !== "success") return replyFormError(VIEWING_MESSAGES.notFound, form, ECHO);
      const result = await cancelViewing(services, user, submission.value.id);
      if (!result.ok) return replyToSubmission(submission, placed(result));
      return toBack(VIEWING_MESSAGES.cancelled);
    }
    case "outcome": {
      const submission = parseSubmission(form, outcomeSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const result = await recordOutcome(services.db, user, submission.value);
      if (!result.ok) return replyToSubmission(submission, placed(result));
      return toBack(VIEWING_MESSAGES.outcomeSaved);
    }
    case "hours": {
      if (user.role !== "manager") return replyFormError(VIEWING_MESSAGES.managerOnly, form, { ...ECHO, status: 403 });
      const submission = parseSubmission(form, hoursSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const result = await saveViewingHours(services.db, user, submission.value);
      if (!result.ok) return replyToSubmission(submission, placed(result));
      return toBack(VIEWING_MESSAGES.hoursSaved);
    }
    default:
      return replyFormError(MESSAGES.badRequest, form, ECHO);
  }
}
