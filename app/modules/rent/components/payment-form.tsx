import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
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
      <Field meta={fields[RENT_RECEIPT.field]} label="صورة الإيصال (اختيارية)" hint="JPEG أو PNG أو WebP، حتى ١٠ ميجابايت">
        {({ defaultValue: _unused, ...props }) => <input {...props} type="file" accept={RENT_RECEIPT.accept} className="text-sm" />}
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
