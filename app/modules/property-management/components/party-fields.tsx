import type { ReactNode } from "react";
import { emailInputProps, Field, inputClass, ltrNumberInputClass, type FieldMeta } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { OWNER_KIND_LABELS, OWNER_KINDS, type OwnerKind } from "../pm-schema.ts";

/** The fields every party form has (`partyShape` in pm-schema.ts): what it is, its name, its number, its e-mail. */
type PartyFieldMetas = Record<"kind" | "name" | "identityNumber" | "email", FieldMeta & { value?: unknown }>;

/**
 * A person or an establishment, as the owner and tenant forms ask for it: the kind (radio), the
 * name, the national id or iqama (a person) or the CR number (an establishment), then the form's
 * own phone fields (`children`), then the optional e-mail. The labels follow the kind chosen.
 */
export function PartyFields({
  formId,
  fields,
  kindLegend,
  savedKind,
  readOnly,
  children,
}: {
  formId: string;
  fields: PartyFieldMetas;
  /** «نوع المالك», «نوع المستأجر». */
  kindLegend: string;
  savedKind: OwnerKind | undefined;
  readOnly: boolean;
  children: ReactNode;
}) {
  const kind = (fields.kind.value ?? savedKind ?? "person") as OwnerKind;
  const person = kind === "person";
  return (
    <>
      <fieldset className="sm:col-span-2" disabled={readOnly}>
        <legend className="mb-1 text-sm font-bold text-stone-700">
          <Required>{kindLegend}</Required>
        </legend>
        <div className="flex flex-wrap gap-4">
          {OWNER_KINDS.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name={fields.kind.name} value={value} defaultChecked={(fields.kind.initialValue ?? "person") === value} form={formId} />
              {OWNER_KIND_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field meta={fields.name} label={<Required>{person ? "الاسم الكامل" : "اسم المنشأة"}</Required>}>
        {(props) => <input {...props} readOnly={readOnly} autoComplete="off" className={inputClass} />}
      </Field>
      <Field
        meta={fields.identityNumber}
        label={<Required>{person ? "رقم الهوية أو الإقامة" : "رقم السجل التجاري"}</Required>}
        hint={person ? "١٠ أرقام تبدأ بـ ١ للهوية أو ٢ للإقامة" : "١٠ أرقام"}
      >
        {(props) => <input {...props} readOnly={readOnly} inputMode="numeric" dir="ltr" autoComplete="off" className={ltrNumberInputClass} />}
      </Field>
      {children}
      <Field meta={fields.email} label="البريد الإلكتروني (اختياري)">
        {(props) => <input {...props} {...emailInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
    </>
  );
}
