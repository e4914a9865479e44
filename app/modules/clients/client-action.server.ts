import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { addClientNote, addClientPhone, changeClientEmail, changeClientStage, reassignClient, removeClientPhone } from "./clients-admin.server.ts";
import { CLIENT_LIMITS, CLIENT_MESSAGES, emailFormSchema, noteFormSchema, ownerFormSchema, phoneFormSchema, phoneRemoveFormSchema, stageFormSchema } from "./client-schema.ts";
import type { ClientStage } from "./stages.ts";

const ECHO = { echoLimits: { note: CLIENT_LIMITS.note, reason: CLIENT_LIMITS.reason, phone: CLIENT_LIMITS.phone, email: CLIENT_LIMITS.email } };

export function refuseClientPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * The client page's forms (the route checked the section): the stage, a note, a phone added or
 * removed, the e-mail, and the manager's reassignment. Each is checked by its schema, then by its rule on the server; a refusal
 * comes back to its form with what was typed, a save to the page with its confirmation.
 */
export async function handleClientPost(services: Pick<AppServices, "db" | "env">, user: StaffProfile, clientId: number, form: FormData) {
  const page = `/admin/clients/${clientId}`;
  const done = (text: string) => redirectWithToast(page, { tone: "success", text }, services.env);
  switch (form.get("intent")) {
    case "stage": {
      const submission = parseSubmission(form, stageFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const { stage, from, reason } = submission.value;
      const refused = await changeClientStage(services.db, user, clientId, { stage: stage as ClientStage, from: from as ClientStage, reason });
      return refused ? replyFormError(refused, form, ECHO) : done(CLIENT_MESSAGES.stageSaved);
    }
    case "note": {
      const submission = parseSubmission(form, noteFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const refused = await addClientNote(services.db, user, clientId, submission.value.note);
      return refused ? replyFormError(refused, form, ECHO) : done(CLIENT_MESSAGES.noteSaved);
    }
    case "phone": {
      const submission = parseSubmission(form, phoneFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const refused = await addClientPhone(services.db, user, clientId, submission.value.phone);
      return refused ? replyFormError(refused, form, { ...ECHO, field: "phone" }) : done(CLIENT_MESSAGES.phoneSaved);
    }
    case "phone-remove": {
      const submission = parseSubmission(form, phoneRemoveFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const refused = await removeClientPhone(services.db, user, clientId, submission.value.phone);
      return refused ? replyFormError(refused, form, ECHO) : done(CLIENT_MESSAGES.phoneRemoved);
    }
    case "email": {
      const submission = parseSubmission(form, emailFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const refused = await changeClientEmail(services.db, user, clientId, submission.value.email);
      return refused ? replyFormError(refused, form, { ...ECHO, field: "email" }) : done(CLIENT_MESSAGES.emailSaved);
    }
    case "owner": {
      if (user.role !== "manager") return replyFormError(CLIENT_MESSAGES.ownerManagerOnly, form, { ...ECHO, status: 403 });
      const submission = parseSubmission(form, ownerFormSchema);
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const refused = await reassignClient(services.db, user, clientId, submission.value.ownerId);
      return refused ? replyFormError(refused, form, ECHO) : done(CLIENT_MESSAGES.ownerSaved);
    }
    default:
      return replyFormError("تعذّر فهم الطلب. يرجى تحديث الصفحة ثم إعادة المحاولة.", form, ECHO);
  }
}
