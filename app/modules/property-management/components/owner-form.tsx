import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, ltrNumberInputClass, phoneInputProps } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { ibanForReading } from "../identity-numbers.ts";
import { ownerSchema, type OwnerKind } from "../pm-schema.ts";
import { PartyFields } from "./party-fields.tsx";

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
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      {owner ? <input type="hidden" name="intent" value="owner" /> : null}
      <PartyFields formId={form.id} fields={fields} kindLegend="نوع المالك" savedKind={owner?.kind} readOnly={readOnly}>
        <Field meta={fields.phone1} label={<Required>رقم الهاتف</Required>}>
          {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
        </Field>
        <Field meta={fields.phone2} label="هاتف آخر (اختياري)">
          {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
        </Field>
        <Field meta={fields.phone3} label="هاتف ثالث (اختياري)">
          {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
        </Field>
      </PartyFields>
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
