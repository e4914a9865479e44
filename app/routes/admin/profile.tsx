import { adminButtonClass, adminInputClass } from "~/components/admin/styles.ts";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { servicesContext } from "~/context.ts";
import { requireStaffUser } from "~/modules/auth/admin-guard.server.ts";
import { cookieSettings, readCookie } from "~/modules/auth/cookies.server.ts";
import { handleProfilePost, type ProfileResult } from "~/modules/users/profile.server.ts";
import { roleTitle } from "~/modules/users/roles.ts";
import type { Route } from "./+types/profile";
import { Notice } from "~/components/ui/notice.tsx";

/** SPEC.md §9: profile messages show for 3 seconds. */
const MESSAGE_MS = 3000;

export function loader({ context }: Route.LoaderArgs) {
  const user = requireStaffUser(context);
  return { username: user.username, name: user.name, roleTitle: roleTitle(user.role), email: user.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = requireStaffUser(context);
  const form = await request.formData();
  return handleProfilePost(services, user, form, readCookie(request, cookieSettings(services.env).session));
}

const inputClass = adminInputClass;
const buttonClass = adminButtonClass;

/** Shows a fetcher's latest answer for 3 seconds. */
function useBriefResult(result: ProfileResult | undefined) {
  const [shown, setShown] = useState<ProfileResult | undefined>(undefined);
  useEffect(() => {
    if (!result) return;
    setShown(result);
    const timer = setTimeout(() => setShown(undefined), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);
  return shown;
}

function Message({ result }: { result: ProfileResult | undefined }) {
  if (!result) return null;
  return <Notice tone={result.ok ? "success" : "error"}>{result.ok ? result.message : result.error}</Notice>;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const emailForm = useFetcher<ProfileResult>();
  const passwordForm = useFetcher<ProfileResult>();
  const emailResult = useBriefResult(emailForm.data);
  const passwordResult = useBriefResult(passwordForm.data);
  const passwordRef = useRef<HTMLFormElement>(null);

  // SPEC.md §5: the password fields clear after success.
  useEffect(() => {
    if (passwordForm.data?.ok) passwordRef.current?.reset();
  }, [passwordForm.data]);

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

      <section aria-labelledby="email-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 id="email-title" className="mb-3 text-lg font-bold text-brand-900">
          البريد الإلكتروني
        </h2>
        <emailForm.Form method="post" noValidate className="grid gap-3">
          <input type="hidden" name="intent" value="email" />
          <label htmlFor="email" className="text-sm font-bold text-stone-700">
            البريد الإلكتروني
          </label>
          <input id="email" name="email" type="email" dir="ltr" required defaultValue={loaderData.email} aria-describedby="email-note" className={`${inputClass} text-end`} />
          <p id="email-note" className="text-sm text-stone-600">
            يُستخدم هذا البريد لإرسال الإشعارات والتقارير إليك.
          </p>
          <Message result={emailResult} />
          <button type="submit" disabled={emailForm.state !== "idle"} className={`${buttonClass} justify-self-start`}>
            حفظ البريد الإلكتروني
          </button>
        </emailForm.Form>
      </section>

      <section aria-labelledby="password-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 id="password-title" className="mb-3 text-lg font-bold text-brand-900">
          تغيير كلمة المرور
        </h2>
        <passwordForm.Form ref={passwordRef} method="post" noValidate className="grid gap-3">
          <input type="hidden" name="intent" value="password" />
          <label htmlFor="password" className="text-sm font-bold text-stone-700">
            كلمة المرور الجديدة
          </label>
          <input id="password" name="password" type="password" autoComplete="new-password" required minLength={6} className={inputClass} />
          <label htmlFor="confirmation" className="text-sm font-bold text-stone-700">
            تأكيد كلمة المرور
          </label>
          <input id="confirmation" name="confirmation" type="password" autoComplete="new-password" required minLength={6} className={inputClass} />
          <Message result={passwordResult} />
          <button type="submit" disabled={passwordForm.state !== "idle"} className={`${buttonClass} justify-self-start`}>
            تغيير كلمة المرور
          </button>
        </passwordForm.Form>
      </section>
    </div>
  );
}
