import { useEffect, useId, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "react-router";
import { CheckIcon } from "~/components/ui/icons.tsx";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { useProofOfWork } from "~/modules/form-guard/components/use-proof-of-work.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { InquiryFieldErrors } from "../schema.ts";

/** SPEC.md §4: the success panel shows for 5 s, then the form returns cleared. */
export const SUCCESS_PANEL_MS = 5000;

export type InquiryActionResult =
  | { intent: "inquiry"; ok: true; inquiryId: number }
  | { intent: "inquiry"; ok: false; errors: InquiryFieldErrors; values: Record<string, string> };

const inputClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-600";

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
  const fetcher = useFetcher<InquiryActionResult>();
  const pageResult = useActionData<InquiryActionResult>(); // without JavaScript the page itself posts
  const result = fetcher.data ?? (pageResult?.intent === "inquiry" ? pageResult : undefined);
  const [shownSuccess, setShownSuccess] = useState<number | null>(() => (result?.ok ? result.inquiryId : null));
  const [formKey, setFormKey] = useState(0);
  const id = useId();

  const successId = result?.ok ? result.inquiryId : null;
  useEffect(() => {
    if (successId == null) return;
    setShownSuccess(successId);
    const timer = setTimeout(() => {
      setShownSuccess(null);
      setFormKey((k) => k + 1); // a fresh, empty form
    }, SUCCESS_PANEL_MS);
    return () => clearTimeout(timer);
  }, [successId]);

  const proofOfWork = useProofOfWork();
  const [solving, setSolving] = useState(false);
  const busy = solving || fetcher.state !== "idle";

  // The proof of work is solved while the visitor types, and awaited here if it is not ready yet.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formData = new FormData(event.currentTarget);
    setSolving(true);
    try {
      formData.set("altcha", await proofOfWork.start());
    } catch {
      // No payload: the server answers with the bot-check message and keeps what was typed.
    } finally {
      setSolving(false);
    }
    await fetcher.submit(formData, { method: "post" });
    proofOfWork.renew(); // a challenge counts once
  }

  const errors = result && !result.ok ? result.errors : {};
  const values = result && !result.ok ? result.values : {};

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-stone-200">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {shownSuccess != null ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-xl bg-emerald-50 p-6 text-center text-emerald-900">
          <CheckIcon className="size-10 rounded-full bg-emerald-600 p-2 text-white" />
          <p className="font-bold">{MESSAGES.inquirySent}</p>
        </div>
      ) : (
        <fetcher.Form
          key={formKey}
          method="post"
          className="relative grid gap-3"
          noValidate
          onFocus={() => void proofOfWork.start().catch(() => undefined)}
          onSubmit={submit}
        >
          <input type="hidden" name="intent" value="inquiry" />
          <HoneypotField />
          {propertyId ? <input type="hidden" name="propertyId" value={propertyId} /> : null}
          {propertyTitle ? <input type="hidden" name="propertyTitle" value={propertyTitle} /> : null}
          <Field id={`${id}-name`} label="الاسم" error={errors.name}>
            <input id={`${id}-name`} name="name" autoComplete="name" maxLength={100} defaultValue={values.name} className={inputClass} />
          </Field>
          <Field id={`${id}-phone`} label={MESSAGES.phoneLabelRequired} error={errors.phone}>
            <input
              id={`${id}-phone`}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder="05xxxxxxxx"
              required
              maxLength={30}
              defaultValue={values.phone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
              className={`${inputClass} text-end`}
            />
          </Field>
          <Field id={`${id}-email`} label="البريد الإلكتروني (اختياري)" error={errors.email}>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              maxLength={200}
              defaultValue={values.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              className={`${inputClass} text-end`}
            />
          </Field>
          <Field id={`${id}-message`} label="رسالتك (اختياري)" error={errors.message}>
            <textarea id={`${id}-message`} name="message" rows={4} maxLength={3000} defaultValue={values.message} className={inputClass} />
          </Field>
          {errors.form ? (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-bold text-red-800">
              {errors.form}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className="mt-1 rounded-xl bg-brand-700 px-5 py-3 font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60">
            {busy ? "جاري الإرسال..." : submitLabel}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-bold text-stone-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
