import { Required } from "~/components/forms/required.tsx";
import { useState } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { controlProps, Field, inputClass, FormNotice, phoneInputProps } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { useAppForm, useClearAfterSave, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { IdentityField, type ReauthView } from "~/modules/auth/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { ROLES, ROLE_TITLES } from "~/modules/users/index.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { STAFF_MESSAGES, staffActiveSchema, staffAddSchema, staffRoleSchema } from "../staff-schema.ts";

type Person = Pick<StaffProfile, "id" | "name" | "role" | "active">;

/** A row's role: a choice of the three and a save button; making someone a manager asks who is asking. */
export function RoleForm({ person, self, reauth }: { person: Person; self: boolean; reauth: ReauthView }) {
  const fetcher = useFetcher<FormReply>();
  // The saved role is the form's default: shown after a save or someone else's change, reset to after a save.
  const [form, fields] = useAppForm({ id: `staff-role-${person.id}`, schema: staffRoleSchema, lastResult: fetcher.data, defaultValue: { role: person.role } });
  const [chosen, setRole] = useState<string | null>(null);
  const role = chosen ?? person.role;
  useClearAfterSave(fetcher, () => {
    form.reset();
    setRole(null);
  });
  const confirming = (role === "manager" && person.role !== "manager") || Boolean(fields.currentPassword.errors ?? fields.code.errors);
  const select = controlProps(fields.role);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={person.id} />
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={select.id}>
          دور {person.name}
        </label>
        <select {...select} disabled={self} onChange={(event) => setRole(event.target.value)} className={inputClass}>
          <Options values={ROLES} labels={ROLE_TITLES} />
        </select>
        {self ? null : (
          <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg px-3 py-1 font-bold text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50">
            حفظ
          </button>
        )}
      </div>
      {fields.role.errors ? (
        <p id={fields.role.errorId} className="text-sm font-bold text-red-700">
          {fields.role.errors[0]}
        </p>
      ) : null}
      {confirming ? <IdentityField fields={fields} hasPassword={reauth.hasPassword} /> : null}
      <FormNotice id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

/** A row's status button: deactivating ends the person's sessions at once. */
export function ActiveForm({ person }: { person: Person }) {
  const fetcher = useFetcher<FormReply>();
  const [form] = useAppForm({ id: `staff-active-${person.id}`, schema: staffActiveSchema, lastResult: fetcher.data });
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-2">
      <input type="hidden" name="intent" value="active" />
      <input type="hidden" name="id" value={person.id} />
      <input type="hidden" name="active" value={person.active ? "false" : "true"} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={`${person.active ? "إيقاف" : "تفعيل"} ${person.name}`}
        className={`justify-self-start rounded-lg px-3 py-1 font-bold ring-1 ${person.active ? "text-red-700 ring-red-300 hover:bg-red-50" : "text-emerald-700 ring-emerald-300 hover:bg-emerald-50"}`}
      >
        {person.active ? "إيقاف" : "تفعيل"}
      </button>
      <FormNotice id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

/** A new staff member: name, username, phone, optional e-mail and role, confirmed by the manager's password or SMS code. */
export function AddForm({ reauth }: { reauth: ReauthView }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "staff-add", schema: staffAddSchema(reauth.hasPassword), lastResult: fetcher.data, defaultValue: { role: "staff" } });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="add" />
      <Field meta={fields.name} label={<Required>الاسم</Required>}>
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.username} label={<Required>اسم المستخدم</Required>} hint={STAFF_MESSAGES.usernameInvalid.replace("اسم المستخدم ", "")}>
        {(props) => <input {...props} dir="ltr" autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.phone} label={<Required>رقم الهاتف</Required>}>
        {(props) => <input {...props} {...phoneInputProps} autoComplete="off" />}
      </Field>
      <Field meta={fields.email} label="البريد الإلكتروني (اختياري)">
        {(props) => <input {...props} type="email" dir="ltr" className={`${inputClass} text-end`} />}
      </Field>
      <Field meta={fields.role} label={<Required>الدور</Required>}>
        {(props) => (
          <select {...props} className={inputClass}>
            <Options values={ROLES} labels={ROLE_TITLES} />
          </select>
        )}
      </Field>
      <IdentityField fields={fields} hasPassword={reauth.hasPassword} />
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          إضافة
        </button>
      </div>
    </fetcher.Form>
  );
}
