import { useFetcher } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, type FieldMeta, FormNotice, codeInputProps } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import type { FormReply } from "~/utils/form-submission.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { codeRequestSchema } from "../reauth-schema.ts";

/** What the loader gives a page that asks for re-authentication (reauthView). */
export interface ReauthView {
  hasPassword: boolean;
  maskedPhone: string;
  codeMinutes: number;
}

const NOTE_ID = "verify-note";

/**
 * What confirms a change: the current password, or for someone without one the SMS code asked
 * for in <CodeRequest>. Each form has its own field, as each change spends its own try.
 */
export function IdentityField({ fields, hasPassword }: { fields: { currentPassword: FieldMeta; code: FieldMeta }; hasPassword: boolean }) {
  return hasPassword ? (
    <Field meta={fields.currentPassword} label="كلمة المرور الحالية">
      {(props) => <input {...props} type="password" autoComplete="current-password" className={inputClass} />}
    </Field>
  ) : (
    <Field meta={fields.code} label="رمز التحقق">
      {(props) => (
        <input
          {...props}
          type="text"
          {...codeInputProps}
          maxLength={20}
          aria-describedby={[props["aria-describedby"], NOTE_ID].filter(Boolean).join(" ")}
          className={`${inputClass} text-end`}
        />
      )}
    </Field>
  );
}

/**
 * For someone without a password: the button that texts them a code for the forms below
 * (`need` says what the code is for). The confirmation comes back as the page's toast.
 */
export function CodeRequest({ view, need }: { view: ReauthView; need: string }) {
  const fetcher = useFetcher<FormReply>();
  const [form] = useAppForm({ id: "code-request", schema: codeRequestSchema, lastResult: fetcher.data });
  if (view.hasPassword) return null;
  return (
    <Section id="verify" title="تأكيد الهوية">
      <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3">
        <input type="hidden" name="intent" value="send-code" />
        <p id={NOTE_ID} className="text-sm leading-6 text-stone-600">
          لا توجد كلمة مرور لحسابك، لذلك يلزم رمز تحقق {need}. اطلب الرمز فيصلك برسالة نصية على جوالك <IdentifierText value={view.maskedPhone} />، ثم أدخله في النموذج. الرمز صالح{" "}
          {formatNumberArabic(view.codeMinutes)} دقائق ولمرة واحدة.
        </p>
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          أرسل لي رمز التحقق
        </button>
      </fetcher.Form>
    </Section>
  );
}
