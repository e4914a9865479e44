import { Section } from "~/components/admin/section.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { CodeRequest } from "~/modules/auth/components/reauth.tsx";
import { reauthView } from "~/modules/auth/reauth.server.ts";
import { EmailForm, PasswordForm } from "~/modules/staff/components/profile-forms.tsx";
import { handleProfilePost, refuseProfilePost } from "~/modules/staff/profile-action.server.ts";
import { roleTitle } from "~/modules/users/roles.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/profile";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "profile");
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
  const user = await requireSectionUser(context, "profile");
  const read = await readForm(request, context);
  if (!read.ok) return refuseProfilePost(read);
  const sessionToken = readCookie(request, cookieSettings(services.env).session);
  return handleProfilePost(services, user, read.form, { sessionToken, address: context.get(clientAddressContext) });
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
