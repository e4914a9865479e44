import type { Submission } from "@conform-to/dom";
import type { $ZodType } from "zod/v4/core";
import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import {
  addContract,
  addUnit,
  createOwner,
  createProperty,
  removeUnit,
  updateContract,
  updateOwner,
  updateProperty,
  updateUnit,
  type PmRefusal,
} from "./property-management.server.ts";
import {
  canEditPropertyManagement,
  contractEditSchema,
  contractEndSchema,
  contractSchema,
  idField,
  ownerEditSchema,
  ownerSchema,
  PM_MESSAGES,
  propertyEditSchema,
  propertySchema,
  unitEditSchema,
  unitSchema,
} from "./pm-schema.ts";

type AnySubmission = Submission<unknown, string[], unknown>;

/** A rule's refusal: under the field it names, or above the form; what was typed given back. */
function refused(submission: AnySubmission, refusal: PmRefusal) {
  return replyToSubmission(submission, {
    ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] }),
    status: refusal.status,
  });
}

/** The accountant reads these pages; a change they post is refused here, whatever the page showed. */
function refuseReader(user: StaffProfile, form: FormData) {
  return canEditPropertyManagement(user.role) ? null : replyFormError(PM_MESSAGES.readOnly, form, { status: 403 });
}

/** Reads a form with its schema; the parsed value, or the reply that refuses it. */
function read<Schema extends $ZodType>(form: FormData, schema: Schema) {
  const submission = parseSubmission(form, schema);
  return submission.status === "success" ? ({ ok: true, submission, value: submission.value } as const) : ({ ok: false, reply: replyToSubmission(submission) } as const);
}

/** POST /admin/owners/new: a new owner, then their page. */
export async function handleOwnerNew(services: AppServices, user: StaffProfile, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  const parsed = read(form, ownerSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await createOwner(services.db, user, parsed.value);
  if (!outcome.ok) return refused(parsed.submission, outcome);
  return redirectWithToast(`/admin/owners/${outcome.id}`, { tone: "success", text: PM_MESSAGES.ownerAdded }, services.env);
}

/** POST /admin/owners/:id: the owner's details saved, or a property of theirs added (then its page). */
export async function handleOwnerPost(services: AppServices, user: StaffProfile, ownerId: number, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  const page = `/admin/owners/${ownerId}`;
  switch (form.get("intent")) {
    case "owner": {
      const parsed = read(form, ownerEditSchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await updateOwner(services.db, user, ownerId, parsed.value);
      if (!outcome.ok) return refused(parsed.submission, outcome);
      return redirectWithToast(page, { tone: "success", text: PM_MESSAGES.ownerSaved }, services.env);
    }
    case "property": {
      const parsed = read(form, propertySchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await createProperty(services.db, user, ownerId, parsed.value);
      if (!outcome.ok) return refused(parsed.submission, outcome);
      return redirectWithToast(`/admin/properties/${outcome.id}`, { tone: "success", text: PM_MESSAGES.propertyAdded }, services.env);
    }
    default:
      return replyFormError(MESSAGES.badRequest, form);
  }
}

/** POST /admin/properties/:id: a unit added, changed or removed, or a management contract added. */
export async function handlePropertyPost(services: AppServices, user: StaffProfile, propertyId: number, form: FormData) {
  const denied = refuseReader(user, form);
  if (denied) return denied;
  const { db, env } = services;
  const back = (text: string) => redirectWithToast(`/admin/properties/${propertyId}`, { tone: "success", text }, env);
  switch (form.get("intent")) {
    case "unit-add": {
      const parsed = read(form, unitSchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await addUnit(db, user, propertyId, parsed.value);
      return outcome.ok ? back(PM_MESSAGES.unitAdded) : refused(parsed.submission, outcome);
    }
    case "unit-edit": {
      const parsed = read(form, unitEditSchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await updateUnit(db, user, propertyId, parsed.value.id, parsed.value);
      return outcome.ok ? back(PM_MESSAGES.unitSaved) : refused(parsed.submission, outcome);
    }
    case "unit-remove": {
      const id = idField().safeParse(form.get("id"));
      if (!id.success) return replyFormError(PM_MESSAGES.notFound, form, { status: 404 });
      const outcome = await removeUnit(db, user, propertyId, id.data);
      return outcome.ok ? back(PM_MESSAGES.unitRemoved) : replyFormError(outcome.error, form, { status: outcome.status });
    }
    case "contract": {
      const parsed = read(form, contractSchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await addContract(db, user, propertyId, parsed.value);
      return outcome.ok ? back(PM_MESSAGES.contractAdded) : refused(parsed.submission, outcome);
    }
    // Editing (issue 33, tenants and leases part): the property's details, a contract's terms, a contract ended early.
    case "property-edit": {
      const parsed = read(form, propertyEditSchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await updateProperty(db, user, propertyId, parsed.value);
      return outcome.ok ? back(PM_MESSAGES.propertySaved) : refused(parsed.submission, outcome);
    }
    case "contract-edit": {
      const parsed = read(form, contractEditSchema);
      if (!parsed.ok) return parsed.reply;
      const { id, ...terms } = parsed.value;
      const outcome = await updateContract(db, user, propertyId, id, terms);
      return outcome.ok ? back(PM_MESSAGES.contractSaved) : refused(parsed.submission, outcome);
    }
    case "contract-end": {
      const parsed = read(form, contractEndSchema);
      if (!parsed.ok) return parsed.reply;
      const outcome = await updateContract(db, user, propertyId, parsed.value.id, { endsOn: parsed.value.endsOn });
      return outcome.ok ? back(PM_MESSAGES.contractEnded) : refused(parsed.submission, outcome);
    }
    default:
      return replyFormError(MESSAGES.badRequest, form);
  }
}
