import { useFetcher } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { FormNotice } from "~/components/forms/form-notice.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { NewPasswordFields } from "~/modules/auth/components/new-password-fields.tsx";
import { CodeRequest, IdentityField, type ReauthView } from "~/modules/auth/components/reauth.tsx";
import { reauthView } from "~/modules/auth/reauth.server.ts";
import { handleProfilePost, refuseProfilePost } from "~/modules/users/profile-action.server.ts";
import { profileEmailSchema, profilePasswordSchema } from "~/modules/users/profile-schema.ts";
import { roleTitle } from "~/modules/users/roles.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/profile";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireSectionUser(context, "profile");
  return {
    username: user.username,
    name: user.name,
    roleTitle: roleTitle(user.role),
    email: user.email,
    // A change needs the current password, or an SMS code for someone without one (issue 11).
    reauth: await reauthView(context.get(servicesContext), user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = requireSectionUser(context, "profile");
  const read = await readForm(request, context);
  if (!read.ok) return refuseProfilePost(read);
  const sessionToken = readCookie(request, cookieSettings(services.env).session);
  return handleProfilePost(services, user, read.form, { sessionToken, address: context.get(clientAddressContext) });
}

const buttonClass = `${adminButtonClass} justify-self-start`;

/** E-mail required, of e-mail type; its note says what it is for. */
function EmailForm({ email, reauth }: { email: string; reauth: ReauthView }) {
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
function PasswordForm({ reauth }: { reauth: ReauthView }) {
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

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { reauth } = loaderData;
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">الملف الشخصي</h1>
      <dl className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-stone-600">اسم المستخدم</dt>
          <dd className="font-bold text-ink">
            <bdi>{loaderData.username}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">الدور</dt>
          <dd className="font-bold text-ink">{loaderData.roleTitle}</dd>
        </div>
      </dl>
      <CodeRequest view={reauth} need="لتغيير البريد الإلكتروني أو تعيين كلمة مرور" />
      <Section id="email" title="البريد الإلكتروني">
        <EmailForm email={loaderData.email} reauth={reauth} />
      </Section>
      <Section id="password" title="تغيير كلمة المرور">
        <PasswordForm reauth={reauth} />
      </Section>
    </div>
  );
}
