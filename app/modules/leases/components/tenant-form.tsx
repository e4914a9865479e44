import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, phoneInputProps } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { PartyFields, type OwnerKind } from "~/modules/property-management/index.ts";
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
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <PartyFields formId={form.id} fields={fields} kindLegend="نوع المستأجر" savedKind={tenant?.kind} readOnly={readOnly}>
        <Field meta={fields.phone} label={<Required>رقم الجوال</Required>} hint="تصله رسائل التذكير بالإيجار وبتجديد العقد">
          {(props) => <input {...props} {...phoneInputProps} readOnly={readOnly} autoComplete="off" />}
        </Field>
      </PartyFields>
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
