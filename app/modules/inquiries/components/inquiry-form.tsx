import { useEffect, useId, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Field, inputClass, FormNotice, emailInputProps, phoneInputProps } from "~/components/forms/field.tsx";
import { usePublicForm } from "~/components/forms/use-public-form.ts";
import { CheckIcon } from "~/components/ui/icons.tsx";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { useProtectedFetcherForm } from "~/modules/form-guard/components/use-proof-of-work.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { INQUIRY_LIMITS } from "../inquiry-limits.ts";

/** The success panel shows for 5 s, then the form returns cleared. */
const SUCCESS_PANEL_MS = 5000;

const FIELDS = ["name", "phone", "email", "message"] as const;
/** The schema (and zod) load when the person first uses the form, not with the page. */
const loadSchema = () => import("../inquiry-schema.ts").then((module) => module.inquirySchema);

/**
 * The inquiry form (offer page side form, contact page). Posts to the route's action, so a
 * post before JavaScript loads still reaches the server (which then asks for the bot check).
 */
export function InquiryForm({
  propertyId,
  propertyTitle,
  title = "استفسر عن هذا العقار",
  submitLabel = "إرسال الاستفسار",
}: {
  propertyId?: number;
  propertyTitle?: string;
  title?: string;
  submitLabel?: string;
}) {
  const fetcher = useFetcher<FormReply>();
  const pageReply = useActionData<FormReply>(); // without JavaScript the page itself posts
  const reply = fetcher.data ?? pageReply;
  const id = useId();
  const { form, fields } = usePublicForm({ id, names: FIELDS, lastResult: reply, loadSchema });

  const success = reply?.status === "success" ? reply : null;
  const [panelClosed, setPanelClosed] = useState<FormReply | null>(null);
  const [formKey, setFormKey] = useState(0);
  const showSuccess = success !== null && success !== panelClosed;
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      setPanelClosed(success);
      setFormKey((k) => k + 1); // a fresh, empty form
    }, SUCCESS_PANEL_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const { busy, formProps } = useProtectedFetcherForm(form, fetcher);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-stone-200">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {showSuccess ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-xl bg-emerald-50 p-6 text-center text-emerald-900">
          <CheckIcon className="size-10 rounded-full bg-emerald-600 p-2 text-white" />
          <p className="font-bold">{MESSAGES.inquirySent}</p>
        </div>
      ) : (
        <fetcher.Form key={formKey} {...formProps} className="wa-clear relative grid gap-3">
          <HoneypotField />
          {propertyId ? <input type="hidden" name="propertyId" value={propertyId} /> : null}
          {propertyTitle ? <input type="hidden" name="propertyTitle" value={propertyTitle} /> : null}
          <Field meta={fields.name} label="الاسم">
            {(props) => <input {...props} autoComplete="name" maxLength={INQUIRY_LIMITS.name} className={inputClass} />}
          </Field>
          <Field meta={fields.phone} label={MESSAGES.phoneLabelRequired}>
            {(props) => <input {...props} {...phoneInputProps} required maxLength={INQUIRY_LIMITS.phone} />}
          </Field>
          <Field meta={fields.email} label="البريد الإلكتروني (اختياري)">
            {(props) => <input {...props} {...emailInputProps} maxLength={INQUIRY_LIMITS.email} />}
          </Field>
          <Field meta={fields.message} label="رسالتك (اختياري)">
            {(props) => <textarea {...props} rows={4} maxLength={INQUIRY_LIMITS.message} className={inputClass} />}
          </Field>
          <FormNotice id={form.errorId} errors={form.errors} />
          <button type="submit" disabled={busy} className="mt-1 rounded-xl bg-brand-700 px-5 py-3 font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60">
            {busy ? "جاري الإرسال..." : submitLabel}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
