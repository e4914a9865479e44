import { useState } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass, type ControlProps } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { PAYMENT_METHOD_LABELS } from "../rent-messages.ts";
import { paymentSchema, RENT_PAYMENT_METHODS, RENT_RECEIPT } from "../rent-schema.ts";

/**
 * «تسجيل دفعة»: amount, method, date, notes, an optional receipt photo, and the one-time key the
 * page made when it rendered (hidden): sent twice, the server records one payment.
 */
export function PaymentForm({ requestKey, today }: { requestKey: string; today: string }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "payment-new", schema: paymentSchema, lastResult: fetcher.data, defaultValue: { paidOn: today, method: "transfer" } });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" encType="multipart/form-data" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="requestKey" value={requestKey} />
      <Field meta={fields.amount} label={<Required>المبلغ بالريال</Required>} hint="مثال: ٤٬٥٠٠ أو ٤٥٠٠٫٥٠">
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.method} label={<Required>طريقة الدفع</Required>}>
        {(props) => (
          <select {...props} className={inputClass}>
            <Options values={RENT_PAYMENT_METHODS} labels={PAYMENT_METHOD_LABELS} />
          </select>
        )}
      </Field>
      <Field meta={fields.paidOn} label={<Required>تاريخ الدفع</Required>}>
        {(props) => <input {...props} type="date" max={today} className={inputClass} />}
      </Field>
      <Field meta={fields[RENT_RECEIPT.field]} label="صورة الإيصال (اختيارية)" hint="صورة JPEG أو PNG أو WebP، حتى ١٠ ميجابايت">
        {({ defaultValue: _unused, ...props }) => <ReceiptPicker {...props} />}
      </Field>
      <Field meta={fields.notes} label="ملاحظات" className="sm:col-span-2">
        {(props) => <textarea {...props} rows={2} className={inputClass} />}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          تسجيل دفعة
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The receipt's file input behind an Arabic button (the browser's own speaks the browser's language, as the finance request's); remounted, so emptied, when the form is reset. */
function ReceiptPicker(props: Omit<ControlProps, "defaultValue">) {
  const [chosen, setChosen] = useState("");
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="cursor-pointer rounded-xl bg-white px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[[aria-invalid]]:ring-red-600">
        {chosen ? "تغيير الصورة" : "اختيار صورة"}
        <input {...props} type="file" accept={RENT_RECEIPT.accept} onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? "")} className="sr-only" />
      </label>
      {chosen ? <bdi className="max-w-[12rem] truncate text-sm text-stone-700">{chosen}</bdi> : <span className="text-sm text-stone-600">لم تُختر صورة</span>}
    </div>
  );
}
