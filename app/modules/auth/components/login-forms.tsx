import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Field, FormNotice, codeInputProps, phoneInputProps } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { useProofOfWork } from "~/modules/form-guard/index.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { parsePhone } from "~/utils/phone.ts";
import { codeStepSchema, passwordSignInSchema, phoneStepSchema } from "../login-schema.ts";
import { SIGN_IN_MESSAGES as M } from "../messages.ts";
import { formatNumberArabic } from "~/utils/format.ts";

const inputClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-3 text-lg shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-600";
const buttonClass = "w-full rounded-xl bg-brand-700 px-5 py-3 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60";

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

export function PhoneStep({ reply, busy }: { reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useAppForm({ id: "phone-step", schema: phoneStepSchema, lastResult: reply });
  const [phone, setPhone] = useState(typeof fields.phone.initialValue === "string" ? fields.phone.initialValue : "");
  const { solving, onSubmit, onFocus } = useSubmitWithProof(form.onSubmit);
  // Shown once it is a number: the international form the code goes to (SPEC), by the one phone rule.
  const normalized = parsePhone(phone) ?? "";
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
                  سيُرسل رمز التحقق إلى: <IdentifierText value={normalized} className="font-bold text-ink" />
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

export function CodeStep({
  phone,
  reply,
  busy,
  resend,
  resending,
}: {
  phone: string;
  reply: FormReply | undefined;
  busy: boolean;
  resend: { sentAt: number; seconds: number };
  resending: boolean;
}) {
  // The resend's answer shows under its own button, not in the code's form.
  const resendReply = reply?.initialValue?.intent === "resend-code" ? reply : undefined;
  const [form, fields] = useAppForm({ id: "code-step", schema: codeStepSchema, lastResult: resendReply ? undefined : reply });
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        أدخل الرمز المكوّن من {formatNumberArabic(6)} أرقام المرسل إلى <IdentifierText value={phone} className="font-bold text-ink" />
      </p>
      <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4">
        <input type="hidden" name="intent" value="verify" />
        <Field meta={fields.code} label="رمز التحقق">
          {(props) => <input {...props} {...codeInputProps} maxLength={6} autoFocus className={`${inputClass} text-center text-2xl tracking-[0.5em]`} />}
        </Field>
        <FormEnd form={form} busy={busy} label="تحقق" busyLabel={M.verifying} />
      </Form>
      {/* Keyed by the code it follows: a new code starts a new countdown. */}
      <ResendCode key={resend.sentAt} seconds={resend.seconds} reply={resendReply} busy={resending} />
      <Form method="post">
        <input type="hidden" name="intent" value="change-number" />
        <button type="submit" className="w-full text-center font-bold text-brand-700 underline hover:text-brand-900">
          تغيير رقم الهاتف
        </button>
      </Form>
    </div>
  );
}

const subscribeNothing = () => () => {};

/**
 * «إعادة إرسال الرمز» with the 30 seconds counted down (Arabic-Indic digits, the word agreeing with
 * the number). The server holds the limit: before the time, a press is refused with how long is
 * left. Without JavaScript (and in the server's page) the button is never disabled, since nothing
 * would enable it again: it works once the time has passed, and the text says when that is.
 */
function ResendCode({ seconds, reply, busy }: { seconds: number; reply: FormReply | undefined; busy: boolean }) {
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const waiting = hydrated && left > 0;
  return (
    <Form method="post" className="grid gap-2 text-center">
      <input type="hidden" name="intent" value="resend-code" />
      <FormNotice errors={formErrorsOf(reply)} />
      <button
        type="submit"
        disabled={waiting || busy}
        aria-describedby="resend-wait"
        className="w-full rounded-xl px-5 py-2.5 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-500 disabled:ring-stone-200 disabled:hover:bg-transparent"
      >
        {busy ? M.resending : "إعادة إرسال الرمز"}
      </button>
      <p id="resend-wait" className="min-h-6 text-sm text-stone-600" data-testid="resend-wait">
        {left > 0 ? M.resendIn(left) : "لم يصلك الرمز؟ يمكنك طلب رمز جديد الآن"}
      </p>
    </Form>
  );
}

/** The other way in, besides the SMS code: username or e-mail and password. */
export function PasswordSignIn({ reply, busy }: { reply: FormReply | undefined; busy: boolean }) {
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
