import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { ARREARS_CHANNELS, type ArrearsChannel } from "~/db/column-types.ts";
import { formatDigitsArabic, formatNumberArabic } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { ARREARS_CHANNEL_LABELS, pmRulesSchema } from "../rules-schema.ts";

export interface PmRulesView {
  renewalNoticeDays: number;
  arrearsReminderDays: number[];
  arrearsChannel: ArrearsChannel;
  statementDay: number;
}

const STATEMENT_DAYS = Array.from({ length: 28 }, (_, i) => String(i + 1));
const STATEMENT_DAY_LABELS = Object.fromEntries(STATEMENT_DAYS.map((day) => [day, formatNumberArabic(Number(day))])) as Record<string, string>;

/** The manager's property-management rules (settings, «إدارة الأملاك»): renewal notice, arrears reminders and their channel, the statements' day. */
export function PmRulesForm({ rules }: { rules: PmRulesView }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({
    id: "settings-pm",
    schema: pmRulesSchema,
    lastResult: fetcher.data,
    defaultValue: {
      renewalNoticeDays: formatDigitsArabic(rules.renewalNoticeDays),
      arrearsReminderDays: formatDigitsArabic(rules.arrearsReminderDays.join(", ")),
      arrearsChannel: rules.arrearsChannel,
      statementDay: String(rules.statementDay),
    },
  });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="pmRules" />
      <Field meta={fields.renewalNoticeDays} label="إشعار التجديد قبل نهاية العقد (بالأيام)" hint="يُبلَّغ الموظفون والمستأجر مرة واحدة لكل عقد.">
        {(props) => <input {...props} inputMode="numeric" maxLength={3} className={inputClass} />}
      </Field>
      <Field
        meta={fields.arrearsReminderDays}
        label="تذكير المستأجر بالمتأخرات بعد (أيام التأخير)"
        hint="أعداد تصاعدية، ستة على الأكثر، مثل ٣، ١٠، ٣٠: تذكير واحد عند كل منها لكل قسط."
      >
        {(props) => <input {...props} inputMode="numeric" maxLength={40} className={inputClass} />}
      </Field>
      <Field meta={fields.arrearsChannel} label="قناة التذكير">
        {(props) => (
          <select {...props} className={inputClass}>
            <Options values={ARREARS_CHANNELS} labels={ARREARS_CHANNEL_LABELS} />
          </select>
        )}
      </Field>
      <Field meta={fields.statementDay} label="يوم إصدار كشوف الملاك من كل شهر" hint="يُصدر فيه كشف الشهر السابق ويُرسل إلى كل مالك.">
        {(props) => (
          <select {...props} className={inputClass}>
            <Options values={STATEMENT_DAYS} labels={STATEMENT_DAY_LABELS} />
          </select>
        )}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          حفظ إعدادات إدارة الأملاك
        </button>
      </div>
    </fetcher.Form>
  );
}
