import { adminButtonClass, adminInputClass } from "~/components/admin/styles.ts";
import { useEffect, useRef, useState, type Ref } from "react";
import { data, useFetcher } from "react-router";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { requireStaffUser } from "~/modules/auth/admin-guard.server.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { CODE_RULES } from "~/modules/auth/login-codes.server.ts";
import { maskPhone } from "~/modules/auth/sign-in.server.ts";
import { handleProfilePost, hasPassword, type ProfileResult } from "~/modules/users/profile.server.ts";
import { roleTitle } from "~/modules/users/roles.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/profile";
import { Notice } from "~/components/ui/notice.tsx";

/** SPEC.md §9: profile messages show for 3 seconds. */
const MESSAGE_MS = 3000;

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireStaffUser(context);
  return {
    username: user.username,
    name: user.name,
    roleTitle: roleTitle(user.role),
    email: user.email,
    // A change needs the current password, or an SMS code for someone without one (issue 11).
    hasPassword: await hasPassword(context.get(servicesContext), user),
    maskedPhone: maskPhone(user.phone),
    codeMinutes: CODE_RULES.validMs / 60_000,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = requireStaffUser(context);
  const read = await readForm(request, context);
  if (!read.ok) {
    const intent = (["email", "password", "send-code"] as const).find((name) => name === read.form.get("intent")) ?? "email";
    return data<ProfileResult>({ intent, ok: false, error: read.message }, { status: read.status });
  }
  const form = read.form;
  return handleProfilePost(services, user, form, readCookie(request, cookieSettings(services.env).session), context.get(clientAddressContext));
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

/**
 * What confirms a change: the current password, or for someone without one the SMS code asked
 * for above the forms (issue 11). Each form has its own field, as each change spends its own try.
 */
function IdentityField({ form, hasPassword, inputRef }: { form: "email" | "password"; hasPassword: boolean; inputRef?: Ref<HTMLInputElement> }) {
  const labelClass = "text-sm font-bold text-stone-700";
  return hasPassword ? (
    <>
      <label htmlFor={`${form}-current-password`} className={labelClass}>
        كلمة المرور الحالية
      </label>
      <input ref={inputRef} id={`${form}-current-password`} name="currentPassword" type="password" autoComplete="current-password" required className={inputClass} />
    </>
  ) : (
    <>
      <label htmlFor={`${form}-code`} className={labelClass}>
        رمز التحقق
      </label>
      <input
        ref={inputRef}
        id={`${form}-code`}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        required
        maxLength={20}
        aria-describedby="verify-note"
        className={`${inputClass} text-end`}
      />
    </>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const codeForm = useFetcher<ProfileResult>();
  const emailForm = useFetcher<ProfileResult>();
  const passwordForm = useFetcher<ProfileResult>();
  const codeResult = useBriefResult(codeForm.data);
  const emailResult = useBriefResult(emailForm.data);
  const passwordResult = useBriefResult(passwordForm.data);
  const passwordRef = useRef<HTMLFormElement>(null);
  const emailIdentityRef = useRef<HTMLInputElement>(null);

  // SPEC.md §5: the password fields clear after success.
  useEffect(() => {
    if (passwordForm.data?.ok) passwordRef.current?.reset();
  }, [passwordForm.data]);
  // The password or code that confirmed the e-mail is not left in the page.
  useEffect(() => {
    if (emailForm.data?.ok && emailIdentityRef.current) emailIdentityRef.current.value = "";
  }, [emailForm.data]);

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

      {!loaderData.hasPassword && (
        <section aria-labelledby="verify-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 id="verify-title" className="mb-3 text-lg font-bold text-brand-900">
            تأكيد الهوية
          </h2>
          <codeForm.Form method="post" noValidate className="grid gap-3">
            <input type="hidden" name="intent" value="send-code" />
            <p id="verify-note" className="text-sm leading-6 text-stone-600">
              لا توجد كلمة مرور لحسابك، لذلك يلزم رمز تحقق لتغيير البريد الإلكتروني أو تعيين كلمة مرور. اطلب الرمز فيصلك برسالة نصية على جوالك{" "}
              <bdi dir="ltr">{loaderData.maskedPhone}</bdi>، ثم أدخله في النموذج. الرمز صالح {loaderData.codeMinutes} دقائق ولمرة واحدة.
            </p>
            <Message result={codeResult} />
            <button type="submit" disabled={codeForm.state !== "idle"} className={`${buttonClass} justify-self-start`}>
              أرسل لي رمز التحقق
            </button>
          </codeForm.Form>
        </section>
      )}

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
          <IdentityField form="email" hasPassword={loaderData.hasPassword} inputRef={emailIdentityRef} />
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
          <IdentityField form="password" hasPassword={loaderData.hasPassword} />
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
