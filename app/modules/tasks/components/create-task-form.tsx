import { Required } from "~/components/forms/required.tsx";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { OfferPicker } from "~/modules/offers/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { taskCreateSchema } from "../task-schema.ts";
import type { TaskPersonChoice } from "../task-view.ts";

/** Where the task form's offer picker asks for offers (routes/admin/task-offers.ts, the manager's only). */
const TASK_OFFERS_URL = "/admin/tasks/offers";

/** The intent a page's reply answers (a post made without JavaScript comes back as the page's action data). */
export function replyIntent(reply: FormReply | undefined): unknown {
  return (reply?.initialValue as Record<string, unknown> | null | undefined)?.intent;
}

/**
 * The manager's new task (SPEC §5: title, description and assignee required), folded under its
 * heading until opened; the dashboard's «إنشاء مهمة جديدة» (`?new=1`) opens it with the cursor
 * in the title. Optional: the related offer (searched as the manager types) and a due date from
 * today on. Saved, the board comes back with the confirmation and the form is cleared.
 */
export function CreateTaskForm({ assignees, openNew, today, pageReply }: { assignees: TaskPersonChoice[]; openNew: boolean; today: string; pageReply: FormReply | undefined }) {
  const fetcher = useFetcher<FormReply>();
  const lastResult = fetcher.data ?? (replyIntent(pageReply) === "create" ? pageReply : undefined);
  const [form, fields] = useAppForm({ id: "task-create", schema: taskCreateSchema, lastResult });
  useResetAfterSave(fetcher, form);
  const titleId = fields.title.id;
  useEffect(() => {
    if (openNew) document.getElementById(titleId)?.focus();
  }, [openNew, titleId]);
  const refused = lastResult?.status === "error";
  return (
    <section aria-labelledby="new-task-heading" className={adminCardClass}>
      <details open={openNew || refused} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg [&::-webkit-details-marker]:hidden">
          <h2 id="new-task-heading" className="text-lg font-bold text-brand-900">
            إنشاء مهمة جديدة
          </h2>
          <span aria-hidden className="text-2xl leading-none font-bold text-brand-700 group-open:rotate-45 motion-safe:transition-transform">
            +
          </span>
        </summary>
        <fetcher.Form method="post" action="/admin/tasks" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <Field meta={fields.title} label={<Required>عنوان المهمة</Required>} className="sm:col-span-2">
            {(props) => <input {...props} autoComplete="off" className={inputClass} />}
          </Field>
          <Field meta={fields.description} label={<Required>الوصف</Required>} className="sm:col-span-2">
            {(props) => <textarea {...props} rows={3} className={inputClass} />}
          </Field>
          <Field meta={fields.assignedTo} label={<Required>الموظف المسؤول</Required>}>
            {(props) => (
              <select {...props} className={inputClass}>
                <option value="">اختر الموظف</option>
                {assignees.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name} — {person.roleTitle}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field meta={fields.dueDate} label="تاريخ الاستحقاق (اختياري)">
            {(props) => <input {...props} type="date" min={today} className={inputClass} />}
          </Field>
          <Field meta={fields.relatedPropertyId} label="العرض المرتبط (اختياري)" hint="ابحث بعنوان العرض أو اكتب رقمه" className="sm:col-span-2">
            {(props) => <OfferPicker control={props} form={form} url={TASK_OFFERS_URL} />}
          </Field>
          <div className="grid gap-3 sm:col-span-2">
            <FormNotice id={form.errorId} errors={form.errors} />
            <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
              إنشاء المهمة
            </button>
          </div>
        </fetcher.Form>
      </details>
    </section>
  );
}
