import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { emailInputProps, Field, FormNotice, inputClass, ltrNumberInputClass, phoneInputProps } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { OWNER_KIND_LABELS, OWNER_KINDS, type OwnerKind } from "~/modules/property-management/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import { tenantSchema } from "../lease-schema.ts";

export interface TenantDefaults {
  kind: OwnerKind;
  name: string;
  identityNumber: string;
  phone: string;
  email: string;
}

/** A tenant's details, new or edited: a person (national id or iqama) or an establishment (CR), phone, e-mail. `readOnly`: the accountant's view. */
export function TenantForm({ tenant, readOnly = false }: { tenant?: TenantDefaults; readOnly?: boolean }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({
    id: tenant ? "tenant-edit" : "tenant-new",
    schema: tenantSchema,
    lastResult: fetcher.data,
    defaultValue: tenant ? { ...tenant, phone: formatPhoneForReading(tenant.phone) } : { kind: "person" },
  });
  useResetAfterSave(fetcher, form);
  const kind = (fields.kind.value ?? tenant?.kind ?? "person") as OwnerKind;
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <fieldset className="sm:col-span-2" disabled={readOnly}>
        <legend className="mb-1 text-sm font-bold text-stone-700">
          <Required>نوع المستأجر</Required>
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
      <Field meta={fields.phone} label={<Required>رقم الجوال</Required>} hint="تصله رسائل التذكير بالإيجار وبتجديد العقد">
        {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
      <Field meta={fields.email} label="البريد الإلكتروني (اختياري)">
        {(props) => <input {...props} {...emailInputProps} readOnly={readOnly} autoComplete="off" />}
      </Field>
      {readOnly ? null : (
        <div className="grid gap-3 sm:col-span-2">
          <FormNotice id={form.errorId} errors={form.errors} />
          <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
            {tenant ? "حفظ بيانات المستأجر" : "إضافة المستأجر"}
          </button>
        </div>
      )}
    </fetcher.Form>
  );
}
