import { useFetcher } from "react-router";
import { adminButtonClass, adminDangerButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, emailInputProps, inputClass, phoneInputProps } from "~/components/forms/field.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatIdentifier } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { CLIENT_LIMITS, emailFormSchema, noteFormSchema, ownerFormSchema, phoneFormSchema, stageFormSchema } from "../client-schema.ts";
import { CLIENT_STAGE_LABELS, CLIENT_STAGES, type ClientStage } from "../stages.ts";

/**
 * The stage, with the stage the person saw posted along (`from`): a colleague's change in between
 * is not overwritten, the server says so. «لم يتم» needs its reason.
 */
export function StageForm({ stage, reason }: { stage: ClientStage; reason: string }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "client-stage", schema: stageFormSchema, lastResult: fetcher.data, defaultValue: { stage, from: stage, reason } });
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="stage" />
      <input type="hidden" name="from" value={stage} />
      <Field meta={fields.stage} label="المرحلة">
        {(props) => (
          <select {...props} className={inputClass}>
            {CLIENT_STAGES.map((value) => (
              <option key={value} value={value}>
                {CLIENT_STAGE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.reason} label="سبب عدم الإتمام" hint="مطلوب عند اختيار «لم يتم».">
        {(props) => <textarea {...props} rows={2} maxLength={CLIENT_LIMITS.reason} className={inputClass} />}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" className={`${adminButtonClass} justify-self-start`} disabled={fetcher.state !== "idle"}>
        حفظ المرحلة
      </button>
    </fetcher.Form>
  );
}

export function NoteForm() {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "client-note", schema: noteFormSchema, lastResult: fetcher.data });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="note" />
      <Field meta={fields.note} label="ملاحظة جديدة">
        {(props) => <textarea {...props} rows={3} maxLength={CLIENT_LIMITS.note} className={inputClass} />}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" className={`${adminButtonClass} justify-self-start`} disabled={fetcher.state !== "idle"}>
        إضافة الملاحظة
      </button>
    </fetcher.Form>
  );
}

export function PhoneForm() {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "client-phone", schema: phoneFormSchema, lastResult: fetcher.data });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="phone" />
      <Field meta={fields.phone} label="رقم آخر للعميل">
        {(props) => <input {...props} {...phoneInputProps} maxLength={CLIENT_LIMITS.phone} />}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" className={`${adminButtonClass} justify-self-start`} disabled={fetcher.state !== "idle"}>
        إضافة الرقم
      </button>
    </fetcher.Form>
  );
}

/**
 * The client's phones, each with «حذف» while they have more than one (the server refuses the last
 * too: the client is recognised by their phone). The button posts the number as stored (E.164).
 */
export function PhoneList({ phones }: { phones: Array<{ value: string; reading: string }> }) {
  const fetcher = useFetcher<FormReply>();
  const refused = fetcher.state === "idle" ? fetcher.data?.error?.[""] : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-2" aria-label="أرقام العميل الحالية">
      <input type="hidden" name="intent" value="phone-remove" />
      <ul className="grid gap-2" data-testid="client-phone-list">
        {phones.map((phone) => (
          <li key={phone.value} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-50 px-3 py-2">
            <IdentifierText value={phone.reading} />
            {phones.length > 1 ? (
              <button
                type="submit"
                name="phone"
                value={phone.value}
                className={adminDangerButtonClass}
                disabled={fetcher.state !== "idle"}
                aria-label={`حذف الرقم ${formatIdentifier(phone.reading)}`}
              >
                حذف
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <FormNotice errors={refused ?? undefined} />
    </fetcher.Form>
  );
}

/** The client's e-mail: set, changed or cleared (optional; checked as an address). */
export function EmailForm({ email }: { email: string }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "client-email", schema: emailFormSchema, lastResult: fetcher.data, defaultValue: { email } });
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="email" />
      <Field meta={fields.email} label="البريد الإلكتروني (اختياري)">
        {(props) => <input {...props} {...emailInputProps} autoComplete="off" maxLength={CLIENT_LIMITS.email} />}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" className={`${adminButtonClass} justify-self-start`} disabled={fetcher.state !== "idle"}>
        حفظ البريد الإلكتروني
      </button>
    </fetcher.Form>
  );
}

/** The manager gives the client to another staff member. */
export function OwnerForm({ ownerId, staff }: { ownerId: number | null; staff: Array<{ id: number; name: string }> }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "client-owner", schema: ownerFormSchema, lastResult: fetcher.data, defaultValue: { ownerId: ownerId == null ? "" : String(ownerId) } });
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="owner" />
      <Field meta={fields.ownerId} label="المسؤول عن العميل">
        {(props) => (
          <select {...props} className={inputClass}>
            <option value="">اختر موظفًا</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" className={`${adminButtonClass} justify-self-start`} disabled={fetcher.state !== "idle"}>
        إسناد
      </button>
    </fetcher.Form>
  );
}
