import { useRef, useState, type ReactNode } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { codeInputProps, FormNotice, phoneInputProps } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { CheckIcon } from "~/components/ui/icons.tsx";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { useProofOfWork } from "~/modules/form-guard/index.ts";
import { photosText } from "~/utils/count-words.ts";
import { formatIdentifier, formatNumberArabic } from "~/utils/format.ts";
import { CATEGORY_LABELS, MAINTENANCE_CATEGORIES, MAINTENANCE_MESSAGES as M, MAINTENANCE_URGENCIES, REPORT_LIMITS, REPORT_PHOTOS, URGENCY_LABELS } from "../maintenance-labels.ts";
import type { ReportReply } from "../report-reply.ts";

const boxClass = "field";
const buttonClass = "rounded-xl bg-brand-700 px-5 py-3 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60";

/** A labelled field with its error under it, tied for screen readers. */
function Row({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `report-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-bold text-ink">
        {label}
      </label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The tenant's report: the mobile number and its code (sent by a fetcher, with the invisible bot
 * check, so what is typed below and the chosen photos stay in place), then what is wrong. A
 * refused post gives back what was typed; the server checks everything.
 */
export function ReportForm({ pendingPhone, reply }: { pendingPhone: string | null; reply: ReportReply | undefined }) {
  const codeFetcher = useFetcher<ReportReply>();
  const navigation = useNavigation();
  const proofOfWork = useProofOfWork();
  const formRef = useRef<HTMLFormElement>(null);
  const [solving, setSolving] = useState(false);
  const [chosen, setChosen] = useState(0);
  const codeReply = codeFetcher.data;
  // The newest answer speaks: the code's after a code was asked, the report's after a report was sent.
  const last = codeFetcher.state === "idle" && codeReply && (!reply || navigation.state === "idle") ? codeReply : reply;
  const values = reply?.values ?? {};
  const errors = { ...reply?.fieldErrors, ...(last === codeReply ? codeReply?.fieldErrors : {}) };
  const sending = solving || codeFetcher.state !== "idle";
  const submitting = navigation.state === "submitting";

  async function sendCode() {
    const form = formRef.current;
    if (!form || sending) return;
    const body = new FormData();
    body.set("intent", "send-code");
    const phone = new FormData(form).get("phone");
    body.set("phone", typeof phone === "string" ? phone : "");
    setSolving(true);
    try {
      await proofOfWork.attach(body);
    } finally {
      setSolving(false);
    }
    await codeFetcher.submit(body, { method: "post", encType: "multipart/form-data" });
    proofOfWork.renew();
  }

  if (reply?.ok && reply.reportId) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-2xl bg-emerald-50 p-8 text-center text-emerald-900 ring-1 ring-emerald-200">
        <CheckIcon className="size-12 rounded-full bg-emerald-600 p-2.5 text-white" />
        <p className="text-xl font-bold">{M.received(formatIdentifier(reply.reportId))}</p>
        <p className="max-w-md leading-7">أرسلنا رقم البلاغ إلى جوالك، وسيتواصل معك فريق الصيانة قريبًا.</p>
      </div>
    );
  }

  const codeSent = Boolean(pendingPhone) || (last === codeReply && codeReply?.codeSent);
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onFocus={proofOfWork.begin}
      onSubmit={(event) => {
        // «إرسال رمز التحقق» is the form sent with that button (its submitter), not a click of its own: a
        // send made before the page's JavaScript ran is replayed that way (decision 025), and then
        // asks for the code through the fetcher, with the bot check, like a send made after.
        if (event.nativeEvent.submitter?.getAttribute("value") !== "send-code") return;
        event.preventDefault();
        void sendCode();
      }}
      className="relative grid gap-5"
    >
      <HoneypotField />
      <fieldset className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900">{formatNumberArabic(1)}. تأكيد رقم الجوال</legend>
        <Row name="phone" label="رقم الجوال" error={errors.phone}>
          {(props) => <input {...props} {...phoneInputProps} className={`${boxClass} text-end`} defaultValue={values.phone ?? ""} maxLength={REPORT_LIMITS.phone} />}
        </Row>
        <button type="submit" name="intent" value="send-code" formNoValidate className={`${buttonClass} bg-brand-800`} disabled={sending}>
          {sending ? "جاري إرسال الرمز..." : codeSent ? "إعادة إرسال الرمز" : "إرسال رمز التحقق"}
        </button>
        <div aria-live="polite" className="min-h-6 text-sm text-stone-700">
          {last === codeReply && codeReply?.formError ? <p className="font-bold text-red-700">{codeReply.formError}</p> : null}
          {codeSent && !(last === codeReply && codeReply?.formError) ? (
            <p>
              {M.codeSent}
              {pendingPhone ? (
                <>
                  {" "}
                  (<IdentifierText value={pendingPhone} />)
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <Row name="code" label="رمز التحقق" error={errors.code}>
          {(props) => <input {...props} {...codeInputProps} maxLength={6} className={`${boxClass} text-center text-xl tracking-[0.4em]`} />}
        </Row>
      </fieldset>
      <fieldset className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900">{formatNumberArabic(2)}. المشكلة</legend>
        <Row name="category" label="نوع المشكلة" error={errors.category}>
          {(props) => (
            <select {...props} className={boxClass} defaultValue={values.category ?? ""}>
              <option value="">اختر نوع المشكلة</option>
              {MAINTENANCE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          )}
        </Row>
        <fieldset className="grid gap-1.5" aria-describedby={errors.urgency ? "report-urgency-error" : undefined}>
          <legend className="font-bold text-ink">درجة الاستعجال</legend>
          <div className="flex flex-wrap gap-3">
            {MAINTENANCE_URGENCIES.map((urgency) => (
              <label key={urgency} className="flex items-center gap-2 rounded-xl px-3 py-2 ring-1 ring-stone-300 has-checked:bg-brand-50 has-checked:ring-brand-600">
                <input type="radio" name="urgency" value={urgency} defaultChecked={(values.urgency || "normal") === urgency} />
                {URGENCY_LABELS[urgency]}
              </label>
            ))}
          </div>
          {errors.urgency ? (
            <p id="report-urgency-error" className="text-sm font-bold text-red-700">
              {errors.urgency}
            </p>
          ) : null}
        </fieldset>
        <Row name="description" label="وصف المشكلة" error={errors.description}>
          {(props) => <textarea {...props} rows={4} maxLength={REPORT_LIMITS.description} className={boxClass} defaultValue={values.description ?? ""} />}
        </Row>
        <div className="grid gap-1.5">
          <span id="report-photos-label" className="font-bold text-ink">
            صور المشكلة (اختياري)
          </span>
          <label
            htmlFor="report-photos"
            className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50/50 p-5 text-center text-brand-900 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <span className="font-bold">{chosen ? `اخترت ${photosText(chosen)}` : "اختر صور المشكلة"}</span>
            <span id="report-photos-hint" className="text-sm text-stone-600">
              حتى {photosText(REPORT_PHOTOS.max)}، بحد أقصى {formatNumberArabic(REPORT_PHOTOS.maxMegabytes)} ميجابايت لكل صورة
            </span>
            <input
              id="report-photos"
              name={REPORT_PHOTOS.field}
              type="file"
              multiple
              accept={REPORT_PHOTOS.accept}
              aria-labelledby="report-photos-label"
              aria-describedby={["report-photos-hint", errors[REPORT_PHOTOS.field] ? "report-photos-error" : null].filter(Boolean).join(" ")}
              aria-invalid={errors[REPORT_PHOTOS.field] ? true : undefined}
              onChange={(event) => setChosen(event.target.files?.length ?? 0)}
              className="sr-only"
            />
          </label>
          {errors[REPORT_PHOTOS.field] ? (
            <p id="report-photos-error" className="text-sm font-bold text-red-700">
              {errors[REPORT_PHOTOS.field]}
            </p>
          ) : null}
        </div>
      </fieldset>
      <FormNotice errors={reply?.formError && last === reply ? [reply.formError] : undefined} />
      <button type="submit" name="intent" value="report" className={buttonClass} disabled={submitting}>
        {submitting ? "جاري الإرسال..." : "إرسال البلاغ"}
      </button>
    </Form>
  );
}
