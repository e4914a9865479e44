import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher } from "react-router";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, type FieldMeta } from "~/components/forms/field.tsx";
import type { useAppForm } from "~/components/forms/use-app-form.ts";
import { ADVERTISER_CAPACITIES, ADVERTISER_CAPACITY_LABELS, RENT_PERIOD_LABELS, RENT_PERIODS } from "~/modules/ad-licences/index.ts";
import { AD_LICENCE_LIMITS, LICENCE_CHECK_PATH, type LicenceCheckAnswer, type RegaLicence } from "~/modules/ad-licences/index.ts";
import type { offerFormSchema } from "../offer-form-schema.ts";
import { Required } from "~/components/forms/required.tsx";
import { Section, TextField } from "./offer-form-parts.tsx";

type OfferFields = ReturnType<typeof useAppForm<typeof offerFormSchema>>[1];

const BUILDING_CODE_LABELS = { yes: "نعم، مطابق", no: "غير مطابق", unknown: "غير معروف" } as const;

/**
 * A yes/no disclosure: two radio buttons under the question, and the details box when the answer
 * is yes (kept, but neither shown nor sent, while the answer is no).
 */
function YesNoQuestion({ meta, details, question, detailsLabel }: { meta: FieldMeta; details: FieldMeta; question: string; detailsLabel: string }) {
  const [yes, setYes] = useState(meta.initialValue === "yes");
  return (
    <div className="grid gap-3 sm:col-span-2">
      <fieldset key={meta.key}>
        <legend className="mb-2 text-sm font-bold text-stone-700">{question}</legend>
        <div className="flex gap-6">
          {(["yes", "no"] as const).map((answer) => (
            <label key={answer} className="flex items-center gap-2 font-bold text-stone-700">
              <input
                type="radio"
                name={meta.name}
                value={answer}
                defaultChecked={(meta.initialValue === "yes" ? "yes" : "no") === answer}
                onChange={() => setYes(answer === "yes")}
                className="size-5 accent-brand-700"
              />
              {answer === "yes" ? "نعم" : "لا"}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!yes} hidden={!yes} className="min-w-0">
        <TextField meta={details} label={detailsLabel} required multiline rows={2} maxLength={AD_LICENCE_LIMITS.details} />
      </fieldset>
    </div>
  );
}

/**
 * The offer form's «بيانات ترخيص الإعلان» (decision 017): the REGA ad licence, the advertiser's
 * capacity, the deed and national address, and the disclosures an ad must carry. `required` marks
 * what publishing needs now (the settings' rule and a for-sale or for-rent status); the server
 * decides (saveOffer).
 */
export function AdLicenceSection({
  meta,
  required,
  ruleOn,
  regaOn = false,
  onRegaAnswer,
}: {
  meta: OfferFields["adLicence"];
  required: boolean;
  ruleOn: boolean;
  regaOn?: boolean;
  /** REGA confirmed the licence: the form takes its dates and details. */
  onRegaAnswer?: (licence: RegaLicence) => void;
}) {
  const licence = meta.getFieldset();
  const disclosures = licence.disclosures.getFieldset();
  return (
    <Section title="بيانات ترخيص الإعلان">
      <p className="text-sm leading-7 text-stone-700 sm:col-span-2">
        {ruleOn
          ? "ترخيص إعلان ساري من الهيئة العامة للعقار شرط لنشر أي عرض للبيع أو للإيجار. يظهر رقمه وتاريخ انتهائه ورمز التحقق منه في صفحة العرض."
          : "يظهر رقم الترخيص وتاريخ انتهائه ورمز التحقق منه في صفحة العرض. اشتراطه للنشر معطّل الآن في الإعدادات."}
      </p>
      <TextField meta={licence.number} label="رقم ترخيص الإعلان" required={required} inputMode="numeric" dir="ltr" maxLength={AD_LICENCE_LIMITS.number + 4} />
      {regaOn && onRegaAnswer ? <RegaCheck numberName={licence.number.name} onAnswer={onRegaAnswer} /> : null}
      <Field meta={licence.capacity} label="صفة المعلن">
        {(props) => (
          <select {...props} className={inputClass}>
            <option value="">اختر الصفة</option>
            {ADVERTISER_CAPACITIES.map((capacity) => (
              <option key={capacity} value={capacity}>
                {ADVERTISER_CAPACITY_LABELS[capacity]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField meta={licence.issuedOn} label="تاريخ إصدار الترخيص" type="date" required={required} />
      <TextField meta={licence.expiresOn} label="تاريخ انتهاء الترخيص" type="date" required={required} />
      <TextField meta={licence.deedNumber} label="رقم الصك (اختياري)" inputMode="numeric" dir="ltr" maxLength={AD_LICENCE_LIMITS.deedNumber + 4} />
      <TextField
        meta={licence.nationalAddress}
        label="العنوان الوطني المختصر (اختياري)"
        hint="أربعة أحرف إنجليزية ثم أربعة أرقام، مثل RRRD2929"
        dir="ltr"
        placeholder="RRRD2929"
        autoCapitalize="characters"
        maxLength={12}
      />
      <fieldset className="min-w-0 border-t border-stone-200 pt-4 sm:col-span-2">
        <legend className="pe-2 text-base font-bold text-brand-900">الإفصاحات</legend>
        <div className="mt-3 grid min-w-0 gap-5 sm:grid-cols-2">
          <YesNoQuestion meta={disclosures.disputes} details={disclosures.disputesDetails} question="هل توجد نزاعات قائمة على العقار؟" detailsLabel="تفاصيل النزاعات" />
          <YesNoQuestion
            meta={disclosures.mortgage}
            details={disclosures.mortgageDetails}
            question="هل العقار مرهون أو عليه قيد يمنع التصرف فيه؟"
            detailsLabel="تفاصيل الرهن أو القيد"
          />
          <YesNoQuestion
            meta={disclosures.unrecordedRights}
            details={disclosures.unrecordedRightsDetails}
            question="هل على العقار حقوق أو التزامات غير مذكورة في الصك؟"
            detailsLabel="تفاصيل الحقوق والالتزامات"
          />
          <TextField
            meta={disclosures.guarantees}
            label="الضمانات"
            hint="مثل: ضمان هيكلي عشر سنوات. اتركه فارغًا إن لم توجد ضمانات."
            multiline
            rows={2}
            maxLength={AD_LICENCE_LIMITS.guarantees}
          />
          <Field meta={disclosures.buildingCode} label="مطابقة كود البناء السعودي">
            {(props) => (
              <select {...props} className={inputClass}>
                {(["yes", "no", "unknown"] as const).map((answer) => (
                  <option key={answer} value={answer}>
                    {BUILDING_CODE_LABELS[answer]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
    </Section>
  );
}

/** The rent period of a rent offer (required then; the field is not there for other statuses). */
export function RentPeriodField({ meta }: { meta: FieldMeta }) {
  return (
    <Field meta={meta} label={<Required>فترة الإيجار</Required>}>
      {(props) => (
        <select {...props} className={inputClass} aria-required>
          <option value="">اختر الفترة</option>
          {RENT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {RENT_PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * «تحقق من الترخيص» (decision 047): asks REGA about the number typed, says REGA's answer beside the
 * button and hands a confirmed licence's data to the form. The save asks REGA again on the server.
 */
function RegaCheck({ numberName, onAnswer }: { numberName: string; onAnswer: (licence: RegaLicence) => void }) {
  const fetcher = useFetcher<LicenceCheckAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const checking = fetcher.state !== "idle";
  // Once per answer (a new answer is a new object), with the form's latest handler.
  const onConfirmed = useEffectEvent(onAnswer);
  useEffect(() => {
    if (answer?.ok) onConfirmed(answer.licence);
  }, [answer]);
  return (
    // On a phone REGA's answer goes under the button, the width of the form; beside it from sm up.
    <div className="grid gap-2 sm:col-span-2 sm:flex sm:items-center sm:gap-3">
      <button
        type="button"
        className={`${adminSecondaryButtonClass} justify-self-start`}
        disabled={checking}
        onClick={(event) => {
          const field = event.currentTarget.form?.elements.namedItem(numberName);
          const number = field instanceof HTMLInputElement ? field.value : "";
          void fetcher.submit({ number }, { method: "post", action: LICENCE_CHECK_PATH });
        }}
      >
        {checking ? "جارٍ التحقق…" : "تحقق من الترخيص"}
      </button>
      <p role="status" aria-live="polite" className={`min-w-0 text-sm leading-6 font-bold sm:flex-1 ${answer?.ok ? "text-green-800" : "text-red-700"}`} data-testid="rega-answer">
        {answer?.message ?? ""}
      </p>
    </div>
  );
}
