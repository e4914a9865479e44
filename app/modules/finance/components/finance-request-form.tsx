import { Required } from "~/components/forms/required.tsx";
import { UploadProgress } from "~/components/forms/upload-progress.tsx";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { ToastMessage, useSuccessToast } from "~/components/forms/toast.tsx";
import { uploadWithProgress } from "~/components/forms/upload-with-progress.ts";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { formErrorReply, type FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { FINANCE_LIMITS, FINANCE_MESSAGES } from "../finance-messages.ts";
import { FINANCE_REQUEST_INTENT, financeRequestSchema, RECEIPT } from "../finance-request-schema.ts";
import { TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES } from "~/modules/tasks/index.ts";

type Phase = { name: "idle" } | { name: "uploading"; percent: number } | { name: "saving" };

/**
 * The accountant's finance request (SPEC §5): description and amount required, the type, optional
 * notes and receipt photo, and the approving manager when the firm has several. With JavaScript the
 * schema checks each field (the receipt's size and format before anything is sent) and the form is
 * sent with its upload's progress to /admin/finance/request; on success the form is cleared, shows
 * the confirmation, and the page loads its data again. Before JavaScript it posts to the page.
 */
export function FinanceRequestForm({ managers, lastResult }: { managers: Array<{ id: number; name: string }>; lastResult: FormReply | undefined }) {
  const [reply, setReply] = useState<FormReply | undefined>(lastResult);
  const [form, fields] = useAppForm({ id: "finance-request", schema: financeRequestSchema, lastResult: reply });
  // The confirmation is the form's own (3 s), not a redirect's cookie: see handleFinanceRequestUpload.
  const confirmation = useSuccessToast(reply, FINANCE_MESSAGES.requested);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const { revalidate } = useRevalidator();
  const busy = phase.name !== "idle";
  const receiptInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; url: string | null } | null>(null);
  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen]);

  /** A receipt chosen (shown, and checked at once: too large says so before anything is sent) or removed. */
  function choose(file: File | undefined) {
    if (!file && receiptInput.current) receiptInput.current.value = "";
    setChosen(file ? { name: file.name, url: file.type.startsWith("image/") ? URL.createObjectURL(file) : null } : null);
    form.validate({ name: RECEIPT.field });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (event.defaultPrevented) return; // a field is wrong: its message shows under it
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    setPhase({ name: "uploading", percent: 0 });
    const answer = await uploadWithProgress<FormReply>("/admin/finance/request", new FormData(element), {
      onProgress: (fraction) => setPhase(fraction >= 1 ? { name: "saving" } : { name: "uploading", percent: Math.round(fraction * 100) }),
    });
    if (answer?.status === "success") {
      element.reset(); // Conform hears the reset: the fields and their messages are cleared
      setChosen(null);
      setReply(answer);
      await revalidate(); // the new request in «طلباتي»
    } else {
      setReply(answer ?? formErrorReply(MESSAGES.sendFailed));
    }
    setPhase({ name: "idle" });
  }

  const type = fields.type;
  const typeInvalid = Boolean(type.errors?.length);
  return (
    <form method="post" encType="multipart/form-data" id={form.id} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={FINANCE_REQUEST_INTENT} />
      <Field meta={fields.description} label={<Required>الوصف</Required>} className="sm:col-span-2">
        {(props) => <input {...props} required maxLength={FINANCE_LIMITS.description} autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.amount} label={<Required>المبلغ (ريال سعودي)</Required>} hint="أكبر من صفر، بخانتين عشريتين على الأكثر (هللات).">
        {(props) => <input {...props} required inputMode="decimal" maxLength={30} autoComplete="off" placeholder={formatDigitsArabic("مثال: 1250.50")} className={inputClass} />}
      </Field>
      <fieldset key={type.key} aria-describedby={typeInvalid ? type.errorId : undefined}>
        <legend className="mb-1 text-sm font-bold text-stone-700">
          <Required>نوع المعاملة</Required>
        </legend>
        <div className="flex gap-3">
          {TRANSACTION_TYPES.map((value) => (
            <label
              key={value}
              className="flex flex-1 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white px-3 py-2.5 font-bold has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={type.name}
                value={value}
                required
                defaultChecked={type.initialValue === value}
                aria-invalid={typeInvalid || undefined}
                className="size-4 accent-brand-700"
              />
              {TRANSACTION_TYPE_LABELS[value]}
            </label>
          ))}
        </div>
        {typeInvalid ? (
          <p id={type.errorId} className="mt-1 text-sm font-bold text-red-700">
            {type.errors?.[0]}
          </p>
        ) : null}
      </fieldset>
      {managers.length > 1 ? (
        <Field meta={fields.managerId} label="المدير العام الذي يعتمد الطلب" className="sm:col-span-2">
          {(props) => (
            <select {...props} defaultValue={props.defaultValue ?? String(managers[0]!.id)} className={inputClass}>
              <Options values={managers.map((manager) => String(manager.id))} labels={Object.fromEntries(managers.map((manager) => [String(manager.id), manager.name]))} />
            </select>
          )}
        </Field>
      ) : null}
      <Field meta={fields.notes} label="ملاحظات (اختياري)" className="sm:col-span-2">
        {(props) => <textarea {...props} rows={3} maxLength={FINANCE_LIMITS.notes} className={inputClass} />}
      </Field>
      <Field meta={fields[RECEIPT.field]} label="صورة الإيصال (اختياري)" hint={formatDigitsArabic("صورة JPEG أو PNG أو WebP، حتى 10 ميجابايت.")} className="sm:col-span-2">
        {({ defaultValue: _none, ...props }) => (
          // The browser's own file button speaks the browser's language: ours says it in Arabic.
          <div className="flex flex-wrap items-center gap-3">
            <label className="cursor-pointer rounded-xl bg-white px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[[aria-invalid]]:ring-red-600">
              {chosen ? "تغيير الصورة" : "اختيار صورة"}
              <input {...props} ref={receiptInput} type="file" accept={RECEIPT.accept} onChange={(event) => choose(event.currentTarget.files?.[0])} className="sr-only" />
            </label>
            {chosen ? (
              <>
                {chosen.url ? <img src={chosen.url} alt="" width={64} height={64} className="size-16 rounded-lg object-cover ring-1 ring-stone-200" /> : null}
                <bdi className="max-w-[12rem] truncate text-sm text-stone-700">{chosen.name}</bdi>
                <button type="button" onClick={() => choose(undefined)} className="text-sm font-bold text-red-700 underline underline-offset-4">
                  إزالة الصورة
                </button>
              </>
            ) : (
              <span className="text-sm text-stone-600">لم تُختر صورة</span>
            )}
          </div>
        )}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        {phase.name !== "idle" ? (
          <UploadProgress percent={phase.name === "uploading" ? phase.percent : null} uploading="جارٍ إرسال الطلب..." afterUpload="جارٍ حفظ الطلب..." label="تقدّم إرسال الطلب" />
        ) : null}
        <FormNotice id={form.errorId} errors={form.errors} />
        <ToastMessage toast={confirmation} className="" />
        <button type="submit" disabled={busy} className={`${adminButtonClass} justify-self-start`}>
          {busy ? "جارٍ الإرسال..." : "إرسال طلب الاعتماد"}
        </button>
      </div>
    </form>
  );
}
