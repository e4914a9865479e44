import type { AppServices } from "~/context.ts";
import { listCityNames } from "~/modules/lookups/lookups.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { CLIENT_MESSAGES } from "./client-schema.ts";
import { CLIENT_RULES_MESSAGES, clientRulesSchema } from "./rules-schema.ts";
import { getClientRules, listAssignableStaff, saveClientRules } from "./rules.server.ts";

/** The settings page's «العملاء» section: its post (the route checked the manager) and what its form shows. */
export async function handleClientRulesPost(services: Pick<AppServices, "db" | "env">, user: StaffProfile, form: FormData) {
  if (user.role !== "manager") return replyFormError(CLIENT_MESSAGES.ownerManagerOnly, form, { status: 403 });
  const submission = parseSubmission(form, clientRulesSchema);
  if (submission.status !== "success") return replyToSubmission(submission);
  const staff = new Set((await listAssignableStaff(services.db)).map((member) => member.id));
  if (submission.value.cityOwners.some((row) => row.staffId !== undefined && !staff.has(row.staffId))) return replyFormError(CLIENT_MESSAGES.ownerUnknown, form);
  await saveClientRules(services.db, user, submission.value);
  return redirectWithToast("/admin/settings", { tone: "success", text: CLIENT_RULES_MESSAGES.saved }, services.env);
}

export async function clientRulesView(db: AppServices["db"]) {
  const [rules, cities, staff] = await Promise.all([getClientRules(db), listCityNames(db), listAssignableStaff(db)]);
  return {
    rules: {
      assignmentMode: rules.assignmentMode,
      cityOwners: rules.cityOwners,
      firstAnswerLimitHours: rules.firstAnswerLimitHours,
      workDays: rules.workDays,
      workStartHour: rules.workStartHour,
      workEndHour: rules.workEndHour,
    },
    cities,
    staff: staff.map(({ id, name }) => ({ id, name })),
  };
}
