import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { Field } from "~/components/forms/field.tsx";
import { FormNotice } from "~/components/forms/form-notice.tsx";
import { codeInputProps, phoneInputProps } from "~/components/forms/input-props.ts";
import { ToastMessage } from "~/components/forms/toast.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { handleLoginPost, refuseLoginPost } from "~/modules/auth/login-action.server.ts";
import { pendingSignIn } from "~/modules/auth/login-codes.server.ts";
import { codeStepSchema, passwordSignInSchema, phoneStepSchema } from "~/modules/auth/login-schema.ts";
import { SIGN_IN_MESSAGES as M } from "~/modules/auth/messages.ts";
import { readSession } from "~/modules/auth/sessions.server.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { useProofOfWork } from "~/modules/form-guard/components/use-proof-of-work.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { normalizePhone } from "~/utils/format.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { readToast } from "~/utils/toast.server.ts";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  if (await readSession(db, readCookie(request, cookies.session))) throw redirect("/admin");
  const pending = await pendingSignIn(db, readCookie(request, cookies.signIn));
  // "Code sent", or "password changed" after a reset link.
  const { toast, headers } = readToast(request, env);
  return data({ step: pending ? ("code" as const) : ("phone" as const), phone: pending?.phone ?? null, toast }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const read = await readForm(request, context);
  if (!read.ok) return refuseLoginPost(read);
  const flowToken = readCookie(request, cookieSettings(services.env).signIn);
  return handleLoginPost(services, { form: read.form, flowToken, address: context.get(clientAddressContext) });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

export const meta: Route.MetaFunction = () => [{ title: `تسجيل الدخول | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

const inputClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-3 text-lg shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-600";
const buttonClass = "w-full rounded-xl bg-brand-700 px-5 py-3 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { step, phone, toast } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  // One action answers the three forms: the password form's reply goes to it, any other (a
  // refused body too) to the step on screen.
  const passwordReply = actionData?.initialValue?.intent === "password" ? actionData : undefined;
  const stepReply = passwordReply ? undefined : actionData;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 px-4 py-10">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <p className="text-center font-bold text-brand-700">{COMPANY_NAME}</p>
        <h1 className="mt-1 mb-6 text-center text-2xl font-bold text-brand-900">تسجيل الدخول إلى لوحة التحكم</h1>
        <ToastMessage toast={toast} />
        {step === "phone" ? (
          <>
            <PhoneStep reply={stepReply} busy={submitting === "send-code"} />
            <PasswordSignIn reply={passwordReply} busy={submitting === "password"} />
          </>
        ) : (
          <CodeStep phone={phone ?? ""} reply={stepReply} busy={submitting === "verify"} />
        )}
      </div>
    </main>
  );
}

/**
 * Both ways in carry the invisible bot check: it starts when the form is first focused, runs
 * while the person types and is awaited on submit, after the form's own check (Conform stops a
 * submit with a wrong field).
 */
function useSubmitWithProof(check: (event: FormEvent<HTMLFormElement>) => void) {
  const [solving, setSolving] = useState(false);
  const proofOfWork = useProofOfWork();
  const submit = useSubmit();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    check(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    setSolving(true);
    try {
      await proofOfWork.attach(formData);
    } finally {
      setSolving(false);
    }
    await submit(formData, { method: "post" });
    proofOfWork.renew();
  }

  return { solving, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event), onFocus: proofOfWork.begin };
}

/** The end of a sign-in form: the messages about the whole form, then its button, which says so while the form is sent. */
function FormEnd({ form, busy, label, busyLabel }: { form: { errorId: string; errors?: string[] | undefined }; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" disabled={busy} className={buttonClass}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

function PhoneStep({ reply, busy }: { reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useAppForm({ id: "phone-step", schema: phoneStepSchema, lastResult: reply });
  const [phone, setPhone] = useState(typeof fields.phone.initialValue === "string" ? fields.phone.initialValue : "");
  const { solving, onSubmit, onFocus } = useSubmitWithProof(form.onSubmit);
  const normalized = phone.trim() ? normalizePhone(phone) : "";
  const working = busy || solving;
  return (
    <Form method="post" id={form.id} noValidate onFocus={onFocus} onSubmit={onSubmit} className="grid gap-4">
      <input type="hidden" name="intent" value="send-code" />
      <Field meta={fields.phone} label="رقم الهاتف">
        {(props) => (
          <>
            <input
              {...props}
              {...phoneInputProps}
              onChange={(event) => setPhone(event.target.value)}
              aria-describedby={[props["aria-describedby"], "phone-help"].filter(Boolean).join(" ")}
              className={`${inputClass} text-end`}
            />
            <p id="phone-help" className="mt-2 min-h-6 text-sm text-stone-600" aria-live="polite">
              {normalized ? (
                <>
                  سيُرسل رمز التحقق إلى:{" "}
                  <bdi dir="ltr" className="font-bold text-ink">
                    {normalized}
                  </bdi>
                </>
              ) : null}
            </p>
          </>
        )}
      </Field>
      <FormEnd form={form} busy={working} label="إرسال رمز التحقق" busyLabel={M.sending} />
    </Form>
  );
}

function CodeStep({ phone, reply, busy }: { phone: string; reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useAppForm({ id: "code-step", schema: codeStepSchema, lastResult: reply });
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        أدخل الرمز المكوّن من 6 أرقام المرسل إلى{" "}
        <bdi dir="ltr" className="font-bold text-ink">
          {phone}
        </bdi>
      </p>
      <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4">
        <input type="hidden" name="intent" value="verify" />
        <Field meta={fields.code} label="رمز التحقق">
          {(props) => <input {...props} {...codeInputProps} maxLength={6} autoFocus className={`${inputClass} text-center text-2xl tracking-[0.5em]`} />}
        </Field>
        <FormEnd form={form} busy={busy} label="تحقق" busyLabel={M.verifying} />
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="change-number" />
        <button type="submit" className="w-full text-center font-bold text-brand-700 underline hover:text-brand-900">
          تغيير رقم الهاتف
        </button>
      </Form>
    </div>
  );
}

/** The other way in, besides the SMS code: username or e-mail and password. */
function PasswordSignIn({ reply, busy }: { reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useAppForm({ id: "password-sign-in", schema: passwordSignInSchema, lastResult: reply });
  const { solving, onSubmit, onFocus } = useSubmitWithProof(form.onSubmit);
  const working = busy || solving;
  return (
    <details open={reply?.status === "error"} className="mt-6 border-t border-stone-200 pt-4">
      <summary className="cursor-pointer font-bold text-brand-700">الدخول باسم المستخدم وكلمة المرور</summary>
      <Form method="post" id={form.id} noValidate onFocus={onFocus} onSubmit={onSubmit} className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="password" />
        <Field meta={fields.identifier} label="اسم المستخدم أو البريد الإلكتروني">
          {(props) => <input {...props} autoComplete="username" dir="ltr" className={`${inputClass} text-end`} />}
        </Field>
        <Field meta={fields.password} label="كلمة المرور">
          {(props) => <input {...props} type="password" autoComplete="current-password" className={inputClass} />}
        </Field>
        <FormEnd form={form} busy={working} label="تسجيل الدخول" busyLabel="جاري تسجيل الدخول..." />
        <Link to="/reset-password" className="text-center font-bold text-brand-700 underline">
          نسيت كلمة المرور؟
        </Link>
      </Form>
    </details>
  );
}
