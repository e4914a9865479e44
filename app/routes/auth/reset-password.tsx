import { data, Form, Link, redirect, useNavigation } from "react-router";
import { servicesContext } from "~/context.ts";
import { RESET_MESSAGES } from "~/modules/auth/messages.ts";
import { isResetTokenUsable, resetPassword } from "~/modules/auth/password-reset.server.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/reset-password";
import { Notice } from "~/components/ui/notice.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  return { usable: await isResetTokenUsable(context.get(servicesContext), params.token) };
}

/** After the change: back to the login page, signed out (no automatic sign-in). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return data({ ok: false as const, error: read.message, invalidLink: false }, { status: read.status });
  const form = read.form;
  const result = await resetPassword(context.get(servicesContext), {
    token: params.token,
    password: String(form.get("password") ?? ""),
    confirmation: String(form.get("confirmation") ?? ""),
  });
  if (result.ok) throw redirect("/login?reset=done");
  return data(result, { status: 400 });
}

// The token is in the address: it must not leak to another site through the Referer header.
export function headers() {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: `كلمة مرور جديدة | ${COMPANY_NAME}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const invalid = !loaderData.usable || actionData?.invalidLink;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 px-4 py-10">
      <div className="grid w-full max-w-md gap-4 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">اختيار كلمة مرور جديدة</h1>
        {invalid ? (
          <>
            <Notice tone="error">{RESET_MESSAGES.invalidLink}</Notice>
            <Link to="/reset-password" className="text-center font-bold text-brand-700 underline">
              طلب رابط جديد
            </Link>
          </>
        ) : (
          <Form method="post" className="grid gap-3">
            <label htmlFor="password" className="font-bold text-stone-700">
              كلمة المرور الجديدة
            </label>
            <input id="password" name="password" type="password" autoComplete="new-password" required minLength={6} className="w-full rounded-xl border border-stone-300 px-3 py-3 shadow-sm" />
            <label htmlFor="confirmation" className="font-bold text-stone-700">
              تأكيد كلمة المرور
            </label>
            <input id="confirmation" name="confirmation" type="password" autoComplete="new-password" required minLength={6} className="w-full rounded-xl border border-stone-300 px-3 py-3 shadow-sm" />
            {actionData && !actionData.ok ? (
              <Notice tone="error">{actionData.error}</Notice>
            ) : null}
            <button type="submit" disabled={busy} className="rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
              حفظ كلمة المرور
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
