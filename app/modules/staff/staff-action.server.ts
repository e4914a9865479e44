import type { Submission } from "@conform-to/dom";
import type { $ZodType } from "zod/v4/core";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { IDENTITY_FIELDS } from "~/modules/auth/index.ts";
import { handleReauthCodeRequest, hasPassword, reauthenticate, replyToReauthRefusal, type ReauthRequest } from "~/modules/auth/index.server.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { addStaff, changeRole, findOtherStaff, setStaffActive, type StaffRefusal } from "./staff-admin.server.ts";
import { staffActiveSchema, staffAddSchema, staffRoleSchema, STAFF_LIMITS, STAFF_MESSAGES } from "./staff-schema.ts";
import type { StaffProfile } from "~/modules/users/index.ts";

const PAGE = "/admin/settings/staff";

/** Passwords and codes are never given back; the typed fields are cut to their limits. */
const ECHO = {
  hideFields: [...IDENTITY_FIELDS],
  echoLimits: { name: FIELD_LIMITS.personName, username: STAFF_LIMITS.username, phone: FIELD_LIMITS.phone, email: FIELD_LIMITS.email },
};

/** A staff page post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseStaffPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/** A rule's refusal: under the field it names, or above the form. */
const placed = (refusal: StaffRefusal) => ({
  ...ECHO,
  ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] }),
  status: refusal.status,
});

/** After a rule ran: back to the page with the confirmation, or its refusal in the form. */
function answer(services: AppServices, submission: Submission<unknown, string[], unknown>, outcome: { ok: true } | StaffRefusal, text: string) {
  return outcome.ok ? redirectWithToast(PAGE, { tone: "success", text }, services.env) : replyToSubmission(submission, placed(outcome));
}

/** A change to another person's account (role, active): the form read with its schema and the person it names, or the reply that refuses it. */
async function readChange<Schema extends $ZodType<{ id: number }>>(db: Db, manager: StaffProfile, form: FormData, schema: Schema) {
  const submission = parseSubmission(form, schema);
  if (submission.status !== "success") return { ok: false, reply: replyToSubmission(submission, ECHO) } as const;
  const found = await findOtherStaff(db, manager, submission.value.id);
  if (!found.ok) return { ok: false, reply: replyToSubmission(submission, placed(found)) } as const;
  return { ok: true, submission, target: found.target } as const;
}

/**
 * The manager's staff page (the settings section): add someone, change a role, deactivate or
 * reactivate. Adding someone and making someone a manager need the manager's current password
 * (or an SMS code for one without, asked with "send-code"), like the profile's changes: a stolen
 * session must not bring in an attacker's phone or a second manager. The manager cannot lock
 * themselves or the firm out. A change comes back to the page with its confirmation.
 */
export async function handleStaffPost(services: AppServices, manager: StaffProfile, form: FormData, request: ReauthRequest) {
  const { db } = services;
  switch (form.get("intent")) {
    case "send-code":
      return handleReauthCodeRequest(services, manager, request, { purpose: "لتأكيد إضافة موظف أو تعيين مدير عام في لوحة تحكم", page: PAGE });

    case "add": {
      const submission = parseSubmission(form, staffAddSchema(await hasPassword(services, manager)));
      if (submission.status !== "success") return replyToSubmission(submission, ECHO);
      const confirmed = await reauthenticate(services, manager, submission.value, request);
      if (!confirmed.ok) return replyToReauthRefusal(submission, confirmed, ECHO);
      const { name, username, phone, email, role } = submission.value;
      return answer(services, submission, await addStaff(db, manager, { name, username, phone, email, role }), STAFF_MESSAGES.added);
    }

    case "role": {
      const read = await readChange(db, manager, form, staffRoleSchema);
      if (!read.ok) return read.reply;
      const { submission, target } = read;
      if (submission.value.role === "manager" && target.role !== "manager") {
        const confirmed = await reauthenticate(services, manager, submission.value, request);
        if (!confirmed.ok) return replyToReauthRefusal(submission, confirmed, ECHO);
      }
      return answer(services, submission, await changeRole(db, manager, target, submission.value.role), STAFF_MESSAGES.updated);
    }

    case "active": {
      const read = await readChange(db, manager, form, staffActiveSchema);
      if (!read.ok) return read.reply;
      return answer(services, read.submission, await setStaffActive(db, manager, read.target, read.submission.value.active), STAFF_MESSAGES.updated);
    }

    default:
      return replyFormError(MESSAGES.badRequest, form, ECHO);
  }
}
