import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, FormNotice } from "~/components/forms/field.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { NewPasswordFields } from "~/modules/auth/index.ts";
import { IdentityField, type ReauthView } from "~/modules/auth/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { profileEmailSchema, profilePasswordSchema } from "../profile-schema.ts";

const buttonClass = `${adminButtonClass} justify-self-start`;

/** E-mail required, of e-mail type; its note says what it is for. */
export function EmailForm({ email, reauth }: { email: string; reauth: ReauthView }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "profile-email", schema: profileEmailSchema(reauth.hasPassword), lastResult: fetcher.data, defaultValue: { email } });
  // Saved: the new address stays in the field; the password or code that confirmed it does not.
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3">
      <input type="hidden" name="intent" value="email" />
      <Field meta={fields.email} label="البريد الإلكتروني" hint="يُستخدم هذا البريد لإرسال الإشعارات والتقارير إليك.">
        {(props) => <input {...props} type="email" dir="ltr" className={`${inputClass} text-end`} />}
      </Field>
      <IdentityField fields={fields} hasPassword={reauth.hasPassword} />
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass}>
        حفظ البريد الإلكتروني
      </button>
    </fetcher.Form>
  );
}

/** New password and confirmation, at least 6 characters; the fields clear after success. */
export function PasswordForm({ reauth }: { reauth: ReauthView }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "profile-password", schema: profilePasswordSchema(reauth.hasPassword), lastResult: fetcher.data });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3">
      <input type="hidden" name="intent" value="password" />
      <IdentityField fields={fields} hasPassword={reauth.hasPassword} />
      <NewPasswordFields fields={fields} />
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass}>
        تغيير كلمة المرور
      </button>
    </fetcher.Form>
  );
}
