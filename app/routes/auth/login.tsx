import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { pendingSignIn, CODE_RULES } from "~/modules/auth/login-codes.server.ts";
import { RESET_MESSAGES, SIGN_IN_MESSAGES as M } from "~/modules/auth/messages.ts";
import { newToken, readSession, SESSION_LIMITS } from "~/modules/auth/sessions.server.ts";
import { signInWithPassword } from "~/modules/auth/password-sign-in.server.ts";
import { sendSignInCode, verifySignInCode } from "~/modules/auth/sign-in.server.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { useProofOfWork } from "~/modules/form-guard/components/use-proof-of-work.ts";
import { normalizePhone } from "~/utils/format.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/login";
import { Notice } from "~/components/ui/notice.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  if (await readSession(db, readCookie(request, cookies.session))) throw redirect("/admin");
  const pending = await pendingSignIn(db, readCookie(request, cookies.signIn));
  const resetDone = new URL(request.url).searchParams.get("reset") === "done";
  return { step: pending ? ("code" as const) : ("phone" as const), phone: pending?.phone ?? null, notice: resetDone ? RESET_MESSAGES.done : null };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string; phone?: string; intent?: "password"; identifier?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const cookies = cookieSettings(services.env);
  const address = context.get(clientAddressContext);
  const read = await readForm(request, context);
  if (!read.ok) {
    // Shown by the form that was sent: the password form, or the step on screen.
    const intent = read.form.get("intent") === "password" ? ("password" as const) : undefined;
    return data<ActionResult>({ ok: false, error: read.message, intent }, { status: read.status });
  }
  const form = read.form;
  const intent = form.get("intent");
  const flowToken = readCookie(request, cookies.signIn);

  if (intent === "change-number") {
    throw redirect("/login", { headers: { "Set-Cookie": cookies.clear(cookies.signIn) } });
  }
  const proof = form.get("altcha");
  if (intent === "password") {
    const identifier = String(form.get("identifier") ?? "").slice(0, 200);
    const result = await signInWithPassword(services, {
      identifier,
      password: String(form.get("password") ?? ""),
      proof: typeof proof === "string" ? proof : undefined,
      address,
    });
    if (!result.ok) {
      return data<ActionResult>({ ok: false, error: result.error, intent: "password", identifier }, { status: result.status, headers: retryAfter(result) });
    }
    throw redirect("/admin", { headers: { "Set-Cookie": cookies.serialize(cookies.session, result.sessionToken, SESSION_LIMITS.absoluteMs / 1000) } });
  }
  if (intent === "verify") {
    const result = await verifySignInCode(services, { code: String(form.get("code") ?? ""), flowToken, address });
    if (!result.ok) {
      const headers = new Headers(retryAfter(result));
      if (result.backToPhone) headers.append("Set-Cookie", cookies.clear(cookies.signIn));
      return data<ActionResult>({ ok: false, error: result.error }, { status: result.status, headers });
    }
    const headers = new Headers();
    headers.append("Set-Cookie", cookies.serialize(cookies.session, result.sessionToken, SESSION_LIMITS.absoluteMs / 1000));
    headers.append("Set-Cookie", cookies.clear(cookies.signIn));
    throw redirect("/admin", { headers });
  }
  // Step 1: send the code. The browser keeps one sign-in token; the code is bound to it.
  const phone = String(form.get("phone") ?? "");
  const token = flowToken && flowToken.length <= 100 ? flowToken : newToken();
  const result = await sendSignInCode(services, { phone, proof: typeof proof === "string" ? proof : undefined, flowToken: token, address });
  if (!result.ok) return data<ActionResult>({ ok: false, error: result.error, phone: phone.slice(0, 40) }, { status: result.status, headers: retryAfter(result) });
  return data<ActionResult>(
    { ok: true, message: M.sent },
    { headers: { "Set-Cookie": cookies.serialize(cookies.signIn, token, CODE_RULES.perNumber.windowMs / 1000) } },
  );
}

/** A refusal by a limit tells the client when to come back. */
function retryAfter(refusal: { retryAfterSeconds?: number }): Record<string, string> {
  return refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

export const meta: Route.MetaFunction = () => [{ title: `تسجيل الدخول | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

const inputClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-3 text-lg shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-600";
const buttonClass = "w-full rounded-xl bg-brand-700 px-5 py-3 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { step, phone, notice } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const passwordError = actionData && !actionData.ok && actionData.intent === "password" ? actionData : undefined;
  const error = actionData && !actionData.ok && !passwordError ? actionData.error : undefined;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 px-4 py-10">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <p className="text-center font-bold text-brand-700">{COMPANY_NAME}</p>
        <h1 className="mt-1 mb-6 text-center text-2xl font-bold text-brand-900">تسجيل الدخول إلى لوحة التحكم</h1>
        {notice ? (
          <div className="mb-4">
            <Notice tone="success">{notice}</Notice>
          </div>
        ) : null}
        {step === "phone" ? (
          <>
            <PhoneStep error={error} defaultPhone={actionData && !actionData.ok ? actionData.phone : undefined} busy={submitting === "send-code"} />
            <PasswordSignIn error={passwordError?.error} identifier={passwordError?.identifier} busy={submitting === "password"} />
          </>
        ) : (
          <CodeStep phone={phone ?? ""} error={error} sent={actionData?.ok ? actionData.message : undefined} busy={submitting === "verify"} />
        )}
      </div>
    </main>
  );
}

/**
 * Both ways in carry the invisible bot check: it starts when the form is first focused, runs
 * while the person types and is awaited on submit.
 */
function useSubmitWithProof() {
  const [solving, setSolving] = useState(false);
  const proofOfWork = useProofOfWork();
  const submit = useSubmit();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    setSolving(true);
    try {
      formData.set("altcha", await proofOfWork.start());
    } catch {
      // The server answers with the bot-check message.
    } finally {
      setSolving(false);
    }
    await submit(formData, { method: "post" });
    proofOfWork.renew();
  }

  return { solving, onSubmit, onFocus: () => void proofOfWork.start().catch(() => undefined) };
}

function PhoneStep({ error, defaultPhone, busy }: { error?: string; defaultPhone?: string; busy: boolean }) {
  const [phone, setPhone] = useState(defaultPhone ?? "");
  const { solving, onSubmit, onFocus } = useSubmitWithProof();
  const normalized = phone.trim() ? normalizePhone(phone) : "";

  const working = busy || solving;
  return (
    <Form method="post" noValidate onFocus={onFocus} onSubmit={onSubmit} className="grid gap-4">
      <input type="hidden" name="intent" value="send-code" />
      <div>
        <label htmlFor="phone" className="mb-1 block font-bold text-stone-700">
          رقم الهاتف
        </label>
        <input
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder="05xxxxxxxx"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="phone-help"
          className={`${inputClass} text-end`}
        />
        <p id="phone-help" className="mt-2 min-h-6 text-sm text-stone-600" aria-live="polite">
          {normalized ? (
            <>
              سيُرسل رمز التحقق إلى: <bdi dir="ltr" className="font-bold text-ink">{normalized}</bdi>
            </>
          ) : null}
        </p>
      </div>
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : null}
      <button type="submit" disabled={working} className={buttonClass}>
        {working ? M.sending : "إرسال رمز التحقق"}
      </button>
    </Form>
  );
}

function CodeStep({ phone, error, sent, busy }: { phone: string; error?: string; sent?: string; busy: boolean }) {
  return (
    <div className="grid gap-4">
      {sent ? (
        <Notice tone="success">{sent}</Notice>
      ) : null}
      <p className="text-stone-700">
        أدخل الرمز المكوّن من 6 أرقام المرسل إلى <bdi dir="ltr" className="font-bold text-ink">{phone}</bdi>
      </p>
      <Form method="post" noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="verify" />
        <div>
          <label htmlFor="code" className="mb-1 block font-bold text-stone-700">
            رمز التحقق
          </label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={6}
            autoFocus
            aria-invalid={error ? true : undefined}
            className={`${inputClass} text-center text-2xl tracking-[0.5em]`}
          />
        </div>
        {error ? (
          <Notice tone="error">{error}</Notice>
        ) : null}
        <button type="submit" disabled={busy} className={buttonClass}>
          {busy ? M.verifying : "تحقق"}
        </button>
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

/** The other way in (SPEC.md §7): username or e-mail and password. */
function PasswordSignIn({ error, identifier, busy }: { error?: string; identifier?: string; busy: boolean }) {
  const { solving, onSubmit, onFocus } = useSubmitWithProof();
  const working = busy || solving;
  return (
    <details open={Boolean(error)} className="mt-6 border-t border-stone-200 pt-4">
      <summary className="cursor-pointer font-bold text-brand-700">الدخول باسم المستخدم وكلمة المرور</summary>
      <Form method="post" onFocus={onFocus} onSubmit={onSubmit} className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="password" />
        <label htmlFor="identifier" className="font-bold text-stone-700">
          اسم المستخدم أو البريد الإلكتروني
        </label>
        <input id="identifier" name="identifier" autoComplete="username" dir="ltr" defaultValue={identifier} required className={`${inputClass} text-end`} />
        <label htmlFor="password" className="font-bold text-stone-700">
          كلمة المرور
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
        {error ? (
          <Notice tone="error">{error}</Notice>
        ) : null}
        <button type="submit" disabled={working} className={buttonClass}>
          {working ? "جاري تسجيل الدخول..." : "تسجيل الدخول"}
        </button>
        <Link to="/reset-password" className="text-center font-bold text-brand-700 underline">
          نسيت كلمة المرور؟
        </Link>
      </Form>
    </details>
  );
}
