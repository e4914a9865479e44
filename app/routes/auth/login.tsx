import { data, redirect, useNavigation } from "react-router";
import { ToastMessage } from "~/components/forms/toast.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { CodeStep, PasswordSignIn, PhoneStep } from "~/modules/auth/components/login-forms.tsx";
import { handleLoginPost, refuseLoginPost } from "~/modules/auth/login-action.server.ts";
import { pendingSignIn, nextCodeWait } from "~/modules/auth/login-codes.server.ts";
import { readSession } from "~/modules/auth/sessions.server.ts";
import { homePathOf } from "~/modules/users/roles.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { readToast } from "~/utils/toast.server.ts";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  const signedIn = await readSession(db, readCookie(request, cookies.session));
  if (signedIn) throw redirect(homePathOf(signedIn.role));
  const pending = await pendingSignIn(db, readCookie(request, cookies.signIn));
  // "Code sent", or "password changed" after a reset link.
  const { toast, headers } = await readToast(request, env);
  const resend = pending ? await nextCodeWait(db, pending.phone) : { sentAt: 0, seconds: 0 };
  return data({ step: pending ? ("code" as const) : ("phone" as const), phone: pending?.phone ?? null, resend, toast }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const read = await readForm(request, context);
  if (!read.ok) return refuseLoginPost(read);
  const flowToken = readCookie(request, cookieSettings(services.env).signIn);
  return handleLoginPost(services, { form: read.form, flowToken, address: context.get(clientAddressContext) });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  // No referrer leaves the site; within it the forms' posts carry their Origin (with no-referrer a
  // browser without JavaScript posts «Origin: null», which the action's origin check refuses).
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

export const meta: Route.MetaFunction = () => [{ title: `تسجيل الدخول | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { step, phone, resend, toast } = loaderData;
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
          <CodeStep phone={phone ?? ""} reply={stepReply} busy={submitting === "verify"} resend={resend} resending={submitting === "resend-code"} />
        )}
      </div>
    </main>
  );
}
