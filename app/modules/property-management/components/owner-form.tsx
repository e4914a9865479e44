import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { emailInputProps, Field, FormNotice, inputClass, ltrNumberInputClass, phoneInputProps } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { ibanForReading } from "../identity-numbers.ts";
import { OWNER_KIND_LABELS, OWNER_KINDS, ownerSchema, type OwnerKind } from "../pm-schema.ts";

export interface OwnerDefaults {
  kind: OwnerKind;
  name: string;
  identityNumber: string;
  phones: string[];
  email: string;
  iban: string;
}

/**
 * An owner's details, new or edited: a person (national id or iqama) or an establishment (CR),
 * phones (one required, two more optional), e-mail and the IBAN (spaces and Arabic-Indic digits
 * accepted). `readOnly`: the accountant sees the details without a save button.
 */
export function OwnerForm({ owner, readOnly = false }: { owner?: OwnerDefaults; readOnly?: boolean }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({
    id: owner ? "owner-edit" : "owner-new",
    schema: ownerSchema,
    lastResult: fetcher.data,
    defaultValue: owner
      ? {
          kind: owner.kind,
          name: owner.name,
          identityNumber: owner.identityNumber,
          phone1: owner.phones[0] ?? "",
          phone2: owner.phones[1] ?? "",
          phone3: owner.phones[2] ?? "",
          email: owner.email,
          iban: ibanForReading(owner.iban),
        }
      : { kind: "person" },
  });
  useResetAfterSave(fetcher, form);
  const kind = (fields.kind.value ?? owner?.kind ?? "person") as OwnerKind;
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      {owner ? <input type="hidden" name="intent" value="owner" /> : null}
      <fieldset className="sm:col-span-2" disabled={readOnly}>
        <legend className="mb-1 text-sm font-bold text-stone-700">
          <Required>نوع المالك</Required>
        </legend>
        <div className="flex flex-wrap gap-4">
          {OWNER_KINDS.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name={fields.kind.name} value={value} defaultChecked={(fields.kind.initialValue ?? "person") === value} form={form.id} />
              {OWNER_KIND_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field meta={fields.name} label={<Required>{kind === "person" ? "الاسم الكامل" : "اسم المنشأة"}</Required>}>
        {(props) => <input {...props} readOnly={readOnly} autoComplete="off" className={inputClass} />}
      </Field>
      <Field
        meta={fields.identityNumber}
        label={<Required>{kind === "person" ? "رقم الهوية أو الإقامة" : "رقم السجل التجاري"}</Required>}
        hint={kind === "person" ? "١٠ أرقام تبدأ بـ ١ للهوية أو ٢ للإقامة" : "١٠ أرقام"}
      >
        {(props) => <input {...props} readOnly={readOnly} inputMode="numeric" dir="ltr" autoComplete="off" className={ltrNumberInputClass} />}
      </Field>
      <Field meta={fields.phone1} label={<Required>رقم الهاتف</Required>}>
        {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
      <Field meta={fields.phone2} label="هاتف آخر (اختياري)">
        {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
      <Field meta={fields.phone3} label="هاتف ثالث (اختياري)">
        {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
      <Field meta={fields.email} label="البريد الإلكتروني (اختياري)">
        {(props) => <input {...props} {...emailInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
      <Field
        meta={fields.iban}
        label={<Required>رقم الآيبان للحساب البنكي</Required>}
        hint="يبدأ بـ SA ويليه ٢٢ رقمًا، وتُقبل المسافات بين المجموعات، ويُعرف البنك من رقمه"
        className="sm:col-span-2"
      >
        {(props) => <input {...props} readOnly={readOnly} dir="ltr" autoComplete="off" spellCheck={false} className={ltrNumberInputClass} />}
      </Field>
      {readOnly ? null : (
        <div className="grid gap-3 sm:col-span-2">
          <FormNotice id={form.errorId} errors={form.errors} />
          <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
            {owner ? "حفظ بيانات المالك" : "إضافة المالك"}
          </button>
        </div>
      )}
    </fetcher.Form>
  );
}
