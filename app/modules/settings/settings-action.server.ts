import type { AppServices } from "~/context.ts";
import { handleLookupPost, isLookupIntent } from "~/modules/lookups/lookups-action.server.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { saveAdLicenceSettings, saveFirmDetails, saveMapSettings, saveNotificationSettings } from "./settings-admin.server.ts";
import { adLicenceSettingsSchema, firmDetailsSchema, mapSettingsSchema, notificationsSchema, SETTINGS_LIMITS, SETTINGS_MESSAGES } from "./settings-schema.ts";

const PAGE = "/admin/settings";

/** What a refused post gives back is cut to the fields' limits. */
const ECHO = {
  echoLimits: {
    managerEmail: FIELD_LIMITS.email,
    companyEmail: FIELD_LIMITS.email,
    managerWhatsapp: SETTINGS_LIMITS.whatsapp,
    companyWhatsapp: SETTINGS_LIMITS.whatsapp,
    companyPhone: SETTINGS_LIMITS.phone,
    companyAddress: SETTINGS_LIMITS.address,
    workingHours: SETTINGS_LIMITS.workingHours,
    licenceVerificationTemplate: SETTINGS_LIMITS.link,
    mapTileUrl: SETTINGS_LIMITS.link,
  },
};

/** A settings post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseSettingsPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * The manager's settings page (the route checked the role): each section saves on its own —
 * notifications, the firm's public details, the ad licence rule, the maps' tiles, the lookup lists — and comes back to the page with
 * its confirmation, or its refusal in the section's form.
 */
export async function handleSettingsPost(services: AppServices, form: FormData) {
  const { db, env } = services;
  const intent = form.get("intent");
  switch (intent) {
    case "notifications": {
      const submission = parseSubmission(form, notificationsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveNotificationSettings(db, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.notificationsSaved }, env);
    }
    case "firm": {
      const submission = parseSubmission(form, firmDetailsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveFirmDetails(db, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.firmSaved }, env);
    }
    case "adLicence": {
      const submission = parseSubmission(form, adLicenceSettingsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveAdLicenceSettings(db, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.adLicenceSaved }, env);
    }
    case "map": {
      const submission = parseSubmission(form, mapSettingsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveMapSettings(db, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.mapSaved }, env);
    }
    default:
      if (isLookupIntent(intent)) return handleLookupPost(services, intent, form, PAGE);
      return replyFormError(MESSAGES.badRequest, form, ECHO);
  }
}
