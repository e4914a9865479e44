import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { addLookupValue, deleteLookupValue, moveLookupValue, renameLookupValue, setLookupHidden, setStatusVisibility, type LookupRefusal } from "./lookups-admin.server.ts";
import { LOOKUP_LIMITS, LOOKUP_MESSAGES, lookupAddSchema, lookupChangeSchema, lookupRenameSchema, lookupVisibilitySchema, renamedText } from "./lookups-schema.ts";

/** The posts of the lookup lists: their intents on the settings page. */
const LOOKUP_INTENTS = ["lookup-add", "lookup-rename", "lookup-change", "lookup-visibility"] as const;
type LookupIntent = (typeof LOOKUP_INTENTS)[number];

export function isLookupIntent(intent: unknown): intent is LookupIntent {
  return (LOOKUP_INTENTS as readonly unknown[]).includes(intent);
}

const ECHO = { echoLimits: { name: LOOKUP_LIMITS.name } };

/** A rule's refusal: under the name when it is about the name, otherwise above the form. */
const placed = (refusal: LookupRefusal) => ({
  ...ECHO,
  ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] }),
  status: refusal.status,
});

/**
 * A change of the lookup lists from the settings page (the manager's alone; the route checked):
 * add, rename (the offers that use the value follow in the same transaction), hide or show, move
 * up or down, delete (refused while offers use the value). Back to the page with its
 * confirmation, or the refusal in the form that asked.
 */
export async function handleLookupPost(services: AppServices, user: Pick<StaffProfile, "id" | "name">, intent: LookupIntent, form: FormData, page: string) {
  const { db, env } = services;
  const done = (text: string) => redirectWithToast(page, { tone: "success", text }, env);
  switch (intent) {
    case "lookup-add": {
      const submission = parseSubmission(form, lookupAddSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { list, name, cityId } = submission.value;
      const outcome = await addLookupValue(db, list, name, cityId, user);
      return outcome.ok ? done(LOOKUP_MESSAGES.added) : replyToSubmission(submission, placed(outcome));
    }
    case "lookup-rename": {
      const submission = parseSubmission(form, lookupRenameSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { list, id, name } = submission.value;
      const outcome = await renameLookupValue(db, list, id, name, user);
      return outcome.ok ? done(renamedText(outcome.offers)) : replyToSubmission(submission, placed(outcome));
    }
    case "lookup-visibility": {
      const submission = parseSubmission(form, lookupVisibilitySchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { value } = submission;
      const outcome = await setStatusVisibility(db, value.id, value.visibility, value.visibility === "recent" ? value.recentDays : undefined, user);
      return outcome.ok ? done(LOOKUP_MESSAGES.visibilitySaved) : replyToSubmission(submission, placed(outcome));
    }
    case "lookup-change": {
      const submission = parseSubmission(form, lookupChangeSchema);
      if (submission.status !== "success") return replyFormError(MESSAGES.badRequest, form, ECHO);
      const { list, id, change } = submission.value;
      switch (change) {
        case "hide":
        case "show": {
          const outcome = await setLookupHidden(db, list, id, change === "hide", user);
          return outcome.ok ? done(change === "hide" ? LOOKUP_MESSAGES.hidden : LOOKUP_MESSAGES.shown) : replyToSubmission(submission, placed(outcome));
        }
        case "delete": {
          const outcome = await deleteLookupValue(db, list, id, user);
          return outcome.ok ? done(LOOKUP_MESSAGES.deleted) : replyToSubmission(submission, placed(outcome));
        }
        case "up":
        case "down": {
          const outcome = await moveLookupValue(db, list, id, change, user);
          return outcome.ok ? done(LOOKUP_MESSAGES.moved) : replyToSubmission(submission, placed(outcome));
        }
      }
    }
  }
}
