import type { ComponentProps } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass, adminLabelClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { formatHourArabic } from "~/modules/settings/settings-schema.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { CLIENT_ASSIGNMENT_LABELS, clientRulesSchema, WEEKDAY_LABELS } from "../rules-schema.ts";

export interface ClientRulesView {
  assignmentMode: keyof typeof CLIENT_ASSIGNMENT_LABELS;
  cityOwners: Array<{ city: string; staffId: number }>;
  firstAnswerLimitHours: number;
  workDays: number[];
  workStartHour: number;
  workEndHour: number;
}

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);

/**
 * The manager's rules for clients (settings, «العملاء»): who new clients go to, the first-answer
 * limit in working hours, and the working week (Riyadh) the limit is counted in.
 */
export function ClientRulesForm({ rules, cities, staff }: { rules: ClientRulesView; cities: string[]; staff: Array<{ id: number; name: string }> }) {
  const fetcher = useFetcher<FormReply>();
  const owners = new Map(rules.cityOwners.map((row) => [row.city, row.staffId]));
  const [form, fields] = useAppForm({
    id: "settings-clients",
    schema: clientRulesSchema,
    lastResult: fetcher.data,
    defaultValue: {
      assignmentMode: rules.assignmentMode,
      firstAnswerLimitHours: formatDigitsArabic(rules.firstAnswerLimitHours),
      workStartHour: String(rules.workStartHour),
      workEndHour: String(rules.workEndHour),
      cityOwners: cities.map((city) => ({ city, staffId: owners.has(city) ? String(owners.get(city)) : "" })),
    },
  });
  useResetAfterSave(fetcher, form);
  const busy = fetcher.state !== "idle";
  const daysError = fields.workDays.errors?.[0];
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="clientRules" />
      <Field meta={fields.assignmentMode} label="إسناد العملاء الجدد" hint="يصل الموظفَ بريد بكل عميل يُسند إليه.">
        {(props) => (
          <select {...props} className={inputClass}>
            {Object.entries(CLIENT_ASSIGNMENT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.firstAnswerLimitHours} label="مهلة الرد الأول (بساعات العمل)" hint="يُبلَّغ المدير مرة واحدة عن كل عميل تجاوزت رسالته الأولى المهلة دون رد.">
        {(props) => <input {...props} inputMode="numeric" maxLength={3} className={inputClass} />}
      </Field>
      <fieldset className="grid gap-2 rounded-xl border border-stone-200 p-4 sm:col-span-2" aria-describedby={daysError ? fields.workDays.errorId : undefined}>
        <legend className="px-1 font-bold text-brand-900">أيام العمل وساعاته (بتوقيت الرياض)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAY_LABELS.map((label, day) => (
            <label key={`${fields.workDays.key}-${day}`} className="flex items-center gap-2 font-bold text-stone-800">
              <input type="checkbox" name={fields.workDays.name} value={String(day)} defaultChecked={rules.workDays.includes(day)} className="size-5 accent-brand-700" />
              {label}
            </label>
          ))}
        </div>
        {daysError ? (
          <p id={fields.workDays.errorId} className="text-sm font-bold text-red-700">
            {daysError}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field meta={fields.workStartHour} label="من الساعة">
            {(props) => <HourSelect props={props} />}
          </Field>
          <Field meta={fields.workEndHour} label="إلى الساعة">
            {(props) => <HourSelect props={props} />}
          </Field>
        </div>
      </fieldset>
      {cities.length ? (
        <fieldset className="grid gap-2 rounded-xl border border-stone-200 p-4 sm:col-span-2">
          <legend className="px-1 font-bold text-brand-900">الإسناد حسب المدينة</legend>
          <p className="text-sm text-stone-600">عند اختيار «حسب المدينة»: عميل المدينة لموظفها، وما لم يُحدَّد له موظف يذهب إلى المدير.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {cities.map((city, index) => (
              <label key={city} className={adminLabelClass}>
                {city}
                <input type="hidden" name={`cityOwners[${index}].city`} value={city} />
                <select name={`cityOwners[${index}].staffId`} defaultValue={owners.has(city) ? String(owners.get(city)) : ""} className={inputClass}>
                  <option value="">المدير</option>
                  {staff.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={busy} className={`${adminButtonClass} justify-self-start`}>
          حفظ قواعد العملاء
        </button>
      </div>
    </fetcher.Form>
  );
}

function HourSelect({ props }: { props: ComponentProps<"select"> }) {
  return (
    <select {...props} className={inputClass}>
      {HOURS.map((hour) => (
        <option key={hour} value={String(hour)}>
          {hour === 24 ? "منتصف الليل" : formatHourArabic(hour)}
        </option>
      ))}
    </select>
  );
}
