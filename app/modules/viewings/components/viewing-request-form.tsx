import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Field, FormNotice, emailInputProps, inputClass, phoneInputProps } from "~/components/forms/field.tsx";
import { usePublicForm } from "~/components/forms/use-public-form.ts";
import { CheckIcon } from "~/components/ui/icons.tsx";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { useProtectedFetcherForm } from "~/modules/form-guard/components/use-proof-of-work.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { VIEWING_MESSAGES } from "../viewing-labels.ts";
import { VIEWING_REQUEST_LIMITS } from "../viewing-request-schema.ts";

const FIELDS = ["name", "phone", "email", "slot"] as const;
const loadSchema = () => import("../viewing-request-schema.ts").then((module) => module.viewingRequestSchema);

type SlotDay = { day: string; label: string; slots: Array<{ value: string; label: string }> };

/**
 * The visitor's request for a viewing: a day, then one of its times (the firm's open slots, loaded
 * now: they change by the hour and the page itself is cached), name, phone and an optional e-mail,
 * with the inquiry form's checks (honeypot, proof of work, the schema before the post).
 */
export default function ViewingRequestForm({ offerId }: { offerId: number }) {
  const [days, setDays] = useState<SlotDay[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [dayIndex, setDayIndex] = useState(0);
  useEffect(() => {
    let live = true;
    fetch(`/offer/${offerId}/viewing`, { headers: { accept: "application/json" }, cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<{ days: SlotDay[] }>) : Promise.reject(new Error(String(response.status)))))
      .then((answer) => live && setDays(answer.days))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [offerId]);

  const fetcher = useFetcher<FormReply>();
  const reply = fetcher.data;
  const id = useId();
  const { form, fields } = usePublicForm({ id, names: FIELDS, lastResult: reply, loadSchema });
  const { busy, formProps } = useProtectedFetcherForm(form, fetcher, `/offer/${offerId}`);

  if (reply?.status === "success") {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-xl bg-emerald-50 p-6 text-center text-emerald-900">
        <CheckIcon className="size-10 rounded-full bg-emerald-600 p-2 text-white" />
        <p className="font-bold">{VIEWING_MESSAGES.requestSent}</p>
      </div>
    );
  }
  if (failed)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 font-bold text-red-800">
        {MESSAGES.sendFailed}
      </p>
    );
  if (!days) return <p role="status">جارٍ تحميل المواعيد…</p>;
  if (!days.length) return <p className="text-stone-700">لا توجد مواعيد متاحة للمعاينة خلال الأسبوعين القادمين، يرجى التواصل معنا.</p>;
  const day = days[Math.min(dayIndex, days.length - 1)]!;
  const slotError = fields.slot.errors?.[0];
  return (
    <fetcher.Form {...formProps} action={`/offer/${offerId}`} className="relative grid gap-3">
      <HoneypotField />
      <input type="hidden" name="intent" value="viewing" />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-bold text-stone-700">اليوم</legend>
        <div className="flex gap-2 overflow-x-auto pb-1">
          {days.map((option, index) => (
            <button
              key={option.day}
              type="button"
              aria-pressed={option.day === day.day}
              onClick={() => setDayIndex(index)}
              className={`shrink-0 rounded-xl px-3 py-2 text-sm font-bold ring-1 ${option.day === day.day ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-brand-800 ring-stone-300 hover:bg-sand-100"}`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2" aria-describedby={slotError ? fields.slot.errorId : undefined}>
        <legend className="mb-1 text-sm font-bold text-stone-700">الوقت (بتوقيت الرياض)</legend>
        <div className="flex flex-wrap gap-2" key={day.day}>
          {day.slots.map((slot) => (
            <label
              key={slot.value}
              className="cursor-pointer rounded-xl bg-white px-3 py-2 text-sm font-bold ring-1 ring-stone-300 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700"
            >
              <input type="radio" name="slot" value={slot.value} className="sr-only" required />
              {slot.label}
            </label>
          ))}
        </div>
        {slotError ? (
          <p id={fields.slot.errorId} className="text-sm font-bold text-red-700">
            {slotError}
          </p>
        ) : null}
      </fieldset>
      <Field meta={fields.name} label="الاسم (مطلوب)">
        {(props) => <input {...props} autoComplete="name" required maxLength={VIEWING_REQUEST_LIMITS.name} className={inputClass} />}
      </Field>
      <Field meta={fields.phone} label={MESSAGES.phoneLabelRequired}>
        {(props) => <input {...props} {...phoneInputProps} required maxLength={VIEWING_REQUEST_LIMITS.phone} />}
      </Field>
      <Field meta={fields.email} label="البريد الإلكتروني (اختياري، لنرسل لك الموعد في ملف تقويم)">
        {(props) => <input {...props} {...emailInputProps} maxLength={VIEWING_REQUEST_LIMITS.email} />}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" disabled={busy} className="mt-1 rounded-xl bg-brand-700 px-5 py-3 font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60">
        {busy ? "جارٍ الإرسال…" : "إرسال طلب المعاينة"}
      </button>
    </fetcher.Form>
  );
}
