import { useFetcher } from "react-router";
import type { $ZodType, input } from "zod/v4/core";
import { adminDangerButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass, type FieldMeta } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import type { FormReply } from "~/utils/form-submission.ts";

/** A term's first and last day (Riyadh calendar days, both inclusive), as the management contract and the lease forms ask for them. */
export function TermDatesFields({ fields, endHint }: { fields: Record<"startsOn" | "endsOn", FieldMeta>; endHint?: string }) {
  return (
    <>
      <Field meta={fields.startsOn} label={<Required>تاريخ البداية</Required>}>
        {(props) => <input {...props} type="date" className={inputClass} />}
      </Field>
      <Field meta={fields.endsOn} label={<Required>تاريخ النهاية</Required>} hint={endHint}>
        {(props) => <input {...props} type="date" className={inputClass} />}
      </Field>
    </>
  );
}

/**
 * A term (a management contract, a lease) ended before its end: its last day, asked once more
 * with `question` before it is sent. `day`: the schema's field for that day; `recordId`: the
 * record, sent as `id` where the page holds more than one.
 */
export function EndEarlyForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>({
  formId,
  schema,
  day,
  intent,
  question,
  recordId,
}: {
  formId: string;
  schema: Schema;
  day: keyof input<Schema> & string;
  intent: string;
  question: string;
  recordId?: number;
}) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: formId, schema, lastResult: fetcher.data });
  return (
    <fetcher.Form
      method="post"
      id={form.id}
      noValidate
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
        else form.onSubmit(event);
      }}
      className="grid gap-3 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={intent} />
      {recordId === undefined ? null : <input type="hidden" name="id" value={recordId} />}
      <Field meta={fields[day]} label={<Required>آخر يوم في العقد</Required>}>
        {(props) => <input {...props} type="date" className={inputClass} />}
      </Field>
      <div className="grid gap-3 self-end">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminDangerButtonClass} justify-self-start`}>
          إنهاء العقد مبكرًا
        </button>
      </div>
    </fetcher.Form>
  );
}
