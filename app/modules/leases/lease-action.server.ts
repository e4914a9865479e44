import type { Submission } from "@conform-to/dom";
import type { $ZodType } from "zod/v4/core";
import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { idField, PM_MESSAGES } from "~/modules/property-management/index.ts";
import { canEditLeases, freezeSchema, LEASE_MESSAGES, leaseSchema, tenantSchema, terminateSchema } from "./lease-schema.ts";
import { addRentFreeze, createLease, createTenant, removeRentFreeze, terminateLease, updateTenant, type LeaseRefusal } from "./leases.server.ts";

type AnySubmission = Submission<unknown, string[], unknown>;

/** A rule's refusal: under the field it names, or above the form; what was typed given back. */
function refused(submission: AnySubmission, refusal: LeaseRefusal) {
  return replyToSubmission(submission, {
    ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] }),
    status: refusal.status,
  });
}

/** The accountant reads tenants and leases; a change they post is refused here, whatever the page showed (decision 051). */
function refuseReader(user: StaffProfile, form: FormData) {
  return canEditLeases(user.role) ? null : replyFormError(PM_MESSAGES.readOnly, form, { status: 403 });
}

function read<Schema extends $ZodType>(form: FormData, schema: Schema) {
  const submission = parseSubmission(form, schema);
  return submission.status === "success" ? ({ ok: true, submission, value: submission.value } as const) : ({ ok: false, reply: replyToSubmission(submission) } as const);
}

/** POST /admin/tenants/new: a new tenant, then their page. */
export async function handleTenantNew(services: AppServices, user: StaffProfile, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  const parsed = read(form, tenantSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await createTenant(services.db, user, parsed.value);
  if (!outcome.ok) return refused(parsed.submission, outcome);
  return redirectWithToast(`/admin/tenants/${outcome.id}`, { tone: "success", text: LEASE_MESSAGES.tenantAdded }, services.env);
}

/** POST /admin/tenants/:id: the tenant's details saved. */
export async function handleTenantPost(services: AppServices, user: StaffProfile, tenantId: number, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  const parsed = read(form, tenantSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await updateTenant(services.db, user, tenantId, parsed.value);
  if (!outcome.ok) return refused(parsed.submission, outcome);
  return redirectWithToast(`/admin/tenants/${tenantId}`, { tone: "success", text: LEASE_MESSAGES.tenantSaved }, services.env);
}

/** POST /admin/leases/new: a new lease (or a renewal), then its page. */
export async function handleLeaseNew(services: AppServices, user: StaffProfile, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  const parsed = read(form, leaseSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await createLease(services.db, user, parsed.value);
  if (!outcome.ok) return refused(parsed.submission, outcome);
  const text = parsed.value.renews ? LEASE_MESSAGES.leaseRenewed : LEASE_MESSAGES.leaseAdded;
  return redirectWithToast(`/admin/leases/${outcome.id}`, { tone: "success", text }, services.env);
}

/** POST /admin/leases/:id: the lease ended early. */
export async function handleLeasePost(services: AppServices, user: StaffProfile, leaseId: number, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  if (form.get("intent") !== "terminate") return replyFormError(MESSAGES.badRequest, form);
  const parsed = read(form, terminateSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await terminateLease(services.db, user, leaseId, parsed.value.terminatedOn);
  if (!outcome.ok) return refused(parsed.submission, outcome);
  return redirectWithToast(`/admin/leases/${leaseId}`, { tone: "success", text: LEASE_MESSAGES.leaseTerminated }, services.env);
}

/** The settings page's intents of the rent freezes (the manager's only). */
export const FREEZE_INTENTS = { add: "rentFreeze-add", remove: "rentFreeze-remove" } as const;

/** POST /admin/settings, a rent freeze added or removed: the manager only, checked here too. */
export async function handleFreezePost(services: AppServices, user: StaffProfile, form: FormData) {
  if (user.role !== "manager") return replyFormError(LEASE_MESSAGES.freezeManagerOnly, form, { status: 403 });
  const back = (text: string) => redirectWithToast("/admin/settings#rent-freezes-title", { tone: "success", text }, services.env);
  if (form.get("intent") === FREEZE_INTENTS.remove) {
    const id = idField().safeParse(form.get("id"));
    if (!id.success) return replyFormError(PM_MESSAGES.notFound, form, { status: 404 });
    const outcome = await removeRentFreeze(services.db, user, id.data);
    return outcome.ok ? back(LEASE_MESSAGES.freezeRemoved) : replyFormError(outcome.error, form, { status: outcome.status });
  }
  const parsed = read(form, freezeSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await addRentFreeze(services.db, user, parsed.value);
  return outcome.ok ? back(LEASE_MESSAGES.freezeAdded) : refused(parsed.submission, outcome);
}
