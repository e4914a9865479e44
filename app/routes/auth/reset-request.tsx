import { data, Form, Link, useNavigation } from "react-router";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { requestPasswordReset } from "~/modules/auth/password-reset.server.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/reset-request";
import { Notice } from "~/components/ui/notice.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return data({ ok: false as const, error: read.message, status: read.status }, { status: read.status });
  const form = read.form;
  const result = await requestPasswordReset(context.get(servicesContext), { email: String(form.get("email") ?? ""), address: context.get(clientAddressContext) });
  return result.ok ? result : data(result, { status: result.status });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [{ title: `إعادة تعيين كلمة المرور | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

export default function ResetRequest({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 px-4 py-10">
      <div className="grid w-full max-w-md gap-4 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">إعادة تعيين كلمة المرور</h1>
        {actionData?.ok ? (
          <Notice tone="success">{actionData.message}</Notice>
        ) : (
          <Form method="post" className="grid gap-3">
            <p className="text-stone-700">اكتب بريدك الإلكتروني المسجل في لوحة التحكم، وسنرسل إليك رابطًا لاختيار كلمة مرور جديدة.</p>
            <label htmlFor="email" className="font-bold text-stone-700">
              البريد الإلكتروني
            </label>
            <input id="email" name="email" type="email" autoComplete="email" dir="ltr" required className="w-full rounded-xl border border-stone-300 px-3 py-3 text-end shadow-sm" />
            {actionData && !actionData.ok ? (
              <Notice tone="error">{actionData.error}</Notice>
            ) : null}
            <button type="submit" disabled={busy} className="rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
              إرسال رابط إعادة التعيين
            </button>
          </Form>
        )}
        <Link to="/login" className="text-center font-bold text-brand-700 underline">
          العودة إلى تسجيل الدخول
        </Link>
      </div>
    </main>
  );
}
