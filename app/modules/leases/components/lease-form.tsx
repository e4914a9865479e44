import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass, ltrNumberInputClass } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { EndEarlyForm, TermDatesFields } from "~/modules/property-management/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { LEASE_SCHEDULES, leaseSchema, SCHEDULE_LABELS, terminateSchema, type LeaseSchedule } from "../lease-schema.ts";

/** Halalas as the form shows them to be typed again: «45000» or «45000.50» (ASCII: the field is LTR, digits as typed). */
const riyalsForTyping = (halalas: number) => (halalas % 100 ? (halalas / 100).toFixed(2) : String(halalas / 100));

export interface LeaseFormDefaults {
  renews: number;
  startsOn: string;
  endsOn: string;
  yearlyRentHalalas: number;
  depositHalalas: number;
  schedule: LeaseSchedule;
}

/**
 * A new lease of a unit, or the renewal of one (prefilled: the day after its end, a year on, the
 * same rent). The tenant is chosen from the tenants the page's search found.
 */
export function LeaseForm({
  unitId,
  tenants,
  tenantId,
  defaults,
}: {
  unitId: number;
  tenants: Array<{ id: number; name: string; identityNumber: string }>;
  tenantId: number | null;
  defaults: LeaseFormDefaults | null;
}) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({
    id: "lease-new",
    schema: leaseSchema,
    lastResult: fetcher.data,
    defaultValue: {
      unitId: String(unitId),
      tenantId: tenantId ? String(tenantId) : "",
      schedule: defaults?.schedule ?? "monthly",
      ...(defaults
        ? {
            renews: String(defaults.renews),
            startsOn: defaults.startsOn,
            endsOn: defaults.endsOn,
            yearlyRent: riyalsForTyping(defaults.yearlyRentHalalas),
            deposit: defaults.depositHalalas ? riyalsForTyping(defaults.depositHalalas) : "",
          }
        : {}),
    },
  });
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name={fields.unitId.name} value={unitId} />
      {defaults ? <input type="hidden" name={fields.renews.name} value={defaults.renews} /> : null}
      <Field meta={fields.tenantId} label={<Required>المستأجر</Required>} className="sm:col-span-2">
        {(props) => (
          <select {...props} className={inputClass} disabled={Boolean(defaults)}>
            <option value="">اختر المستأجر</option>
            {tenants.map((tenant) => (
              <option key={tenant.id} value={String(tenant.id)}>
                {tenant.name} ({formatDigitsArabic(tenant.identityNumber)})
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* A disabled select sends nothing: the renewal's tenant goes as a hidden field. */}
      {defaults && tenantId ? <input type="hidden" name={fields.tenantId.name} value={tenantId} /> : null}
      <Field meta={fields.ejarNumber} label={<Required>رقم العقد في منصة إيجار</Required>} hint="أرقام فقط، كما في العقد الموثق">
        {(props) => <input {...props} inputMode="numeric" dir="ltr" autoComplete="off" className={ltrNumberInputClass} />}
      </Field>
      <Field meta={fields.schedule} label={<Required>دورية السداد</Required>}>
        {(props) => (
          <select {...props} className={inputClass}>
            {LEASE_SCHEDULES.map((schedule) => (
              <option key={schedule} value={schedule}>
                {SCHEDULE_LABELS[schedule]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TermDatesFields fields={fields} endHint="آخر يوم في العقد" />
      <Field meta={fields.yearlyRent} label={<Required>الإيجار السنوي بالريال</Required>} hint="مثال: ٤٥٬٠٠٠">
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.deposit} label="مبلغ التأمين بالريال (اختياري)" hint="مثال: ٢٬٠٠٠">
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" className={inputClass} />}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          {defaults ? "تجديد العقد" : "إضافة العقد"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A lease ended early: its last day, confirmed. */
export function TerminateLeaseForm() {
  return <EndEarlyForm formId="lease-terminate" schema={terminateSchema} day="terminatedOn" intent="terminate" question="إنهاء عقد الإيجار قبل موعده؟" />;
}
