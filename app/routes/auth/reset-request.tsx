import { Form, Link, useNavigation } from "react-router";
import { Field, FormNotice } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { RESET_MESSAGES } from "~/modules/auth/messages.ts";
import { handleResetRequest, refuseResetPost } from "~/modules/auth/password-reset-action.server.ts";
import { resetRequestSchema } from "~/modules/auth/reset-schema.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/reset-request";

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return refuseResetPost(read);
  return handleResetRequest(context.get(servicesContext), { form: read.form, address: context.get(clientAddressContext) });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [{ title: `إعادة تعيين كلمة المرور | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

const inputClass = "w-full rounded-xl border border-stone-300 px-3 py-3 text-end shadow-sm aria-invalid:border-red-600";

export default function ResetRequest({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useAppForm({ id: "reset-request", schema: resetRequestSchema, lastResult: actionData });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 px-4 py-10">
      <div className="grid w-full max-w-md gap-4 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">إعادة تعيين كلمة المرور</h1>
        {actionData?.status === "success" ? (
          <FormNotice success={RESET_MESSAGES.requested} />
        ) : (
          <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3">
            <p className="text-stone-700">اكتب بريدك الإلكتروني المسجل في لوحة التحكم، وسنرسل إليك رابطًا لاختيار كلمة مرور جديدة.</p>
            <Field meta={fields.email} label="البريد الإلكتروني">
              {(props) => <input {...props} type="email" autoComplete="email" dir="ltr" className={inputClass} />}
            </Field>
            <FormNotice id={form.errorId} errors={form.errors} />
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
