import type { AppServices } from "~/context.ts";
import { IDENTITY_FIELDS } from "~/modules/auth/index.ts";
import { handleReauthCodeRequest, reauthenticate, replyToReauthRefusal, type ReauthRequest } from "~/modules/auth/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { handleLookupPost, isLookupIntent } from "~/modules/lookups/index.server.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { changesManagerContact, saveAdLicenceSettings, saveAvailabilitySettings, saveFirmDetails, saveMapSettings, saveNotificationSettings } from "./settings-admin.server.ts";
import {
  adLicenceSettingsSchema,
  availabilitySettingsSchema,
  firmDetailsSchema,
  mapSettingsSchema,
  notificationsFormSchema,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
} from "./settings-schema.ts";
import { getSettings } from "./settings.server.ts";

const PAGE = "/admin/settings";

/** What a refused post gives back is cut to the fields' limits. */
const ECHO = {
  hideFields: [...IDENTITY_FIELDS],
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
 * its confirmation, or its refusal in the section's form. Every save is in the audit log. Moving
 * the manager's e-mail or WhatsApp (where notices and reports go) needs re-authentication as the
 * profile does: the current password, or an SMS code ("send-code") for someone without one.
 */
export async function handleSettingsPost(services: AppServices, user: StaffProfile, form: FormData, request: ReauthRequest) {
  const { db, env } = services;
  const intent = form.get("intent");
  switch (intent) {
    case "send-code":
      return handleReauthCodeRequest(services, user, request, { purpose: "لتأكيد تغيير بريد المدير أو رقم واتساب المدير في لوحة تحكم", page: PAGE });
    case "notifications": {
      const submission = parseSubmission(form, notificationsFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { currentPassword, code, ...values } = submission.value;
      if (changesManagerContact(await getSettings(db), values)) {
        const confirmed = await reauthenticate(services, user, { currentPassword, code }, request);
        if (!confirmed.ok) return replyToReauthRefusal(submission, confirmed, ECHO);
      }
      await saveNotificationSettings(db, user, values);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.notificationsSaved }, env);
    }
    case "firm": {
      const submission = parseSubmission(form, firmDetailsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveFirmDetails(db, user, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.firmSaved }, env);
    }
    case "adLicence": {
      const submission = parseSubmission(form, adLicenceSettingsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveAdLicenceSettings(db, user, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.adLicenceSaved }, env);
    }
    case "availability": {
      const submission = parseSubmission(form, availabilitySettingsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveAvailabilitySettings(db, user, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.availabilitySaved }, env);
    }
    case "map": {
      const submission = parseSubmission(form, mapSettingsSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      await saveMapSettings(db, user, submission.value);
      return redirectWithToast(PAGE, { tone: "success", text: SETTINGS_MESSAGES.mapSaved }, env);
    }
    default:
      if (isLookupIntent(intent)) return handleLookupPost(services, user, intent, form, PAGE);
      return replyFormError(MESSAGES.badRequest, form, ECHO);
  }
}
