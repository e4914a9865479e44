import { Form, Link, useNavigation } from "react-router";
import { FormNotice } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { servicesContext } from "~/context.ts";
import { NewPasswordFields } from "~/modules/auth/components/new-password-fields.tsx";
import { RESET_MESSAGES } from "~/modules/auth/messages.ts";
import { handleResetPassword, refuseResetPost } from "~/modules/auth/password-reset-action.server.ts";
import { isResetTokenUsable } from "~/modules/auth/password-reset.server.ts";
import { resetPasswordSchema } from "~/modules/auth/reset-schema.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formErrorsOf } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/reset-password";

export async function loader({ params, context }: Route.LoaderArgs) {
  return { usable: await isResetTokenUsable(context.get(servicesContext), params.token) };
}

/** After the change: back to the login page with the confirmation, signed out (no automatic sign-in). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return refuseResetPost(read);
  return handleResetPassword(context.get(servicesContext), { form: read.form, token: params.token });
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

const inputClass = "w-full rounded-xl border border-stone-300 px-3 py-3 shadow-sm aria-invalid:border-red-600";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useAppForm({ id: "reset-password", schema: resetPasswordSchema, lastResult: actionData });
  const invalid = !loaderData.usable || formErrorsOf(actionData).includes(RESET_MESSAGES.invalidLink);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 px-4 py-10">
      <div className="grid w-full max-w-md gap-4 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">اختيار كلمة مرور جديدة</h1>
        {invalid ? (
          <>
            <FormNotice errors={[RESET_MESSAGES.invalidLink]} />
            <Link to="/reset-password" className="text-center font-bold text-brand-700 underline">
              طلب رابط جديد
            </Link>
          </>
        ) : (
          <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3">
            <NewPasswordFields fields={fields} className={inputClass} />
            <FormNotice id={form.errorId} errors={form.errors} />
            <button type="submit" disabled={busy} className="rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
              حفظ كلمة المرور
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
