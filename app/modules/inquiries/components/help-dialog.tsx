import { useEffect, useEffectEvent } from "react";
import { useFetcher } from "react-router";
import { AdminDialog } from "~/components/admin/dialog.tsx";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, FormNotice } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import type { InboxCard } from "../inbox-card.ts";
import { inboxHelpSchema } from "../inbox-schema.ts";
import { inquirerName, INQUIRY_MESSAGES } from "../status.ts";

/** The help dialog closes 2 s after a success. */
const HELP_DIALOG_CLOSE_MS = 2000;

/** "Request help" from the accountant about an inquiry: title and details (both required), a task for the accountant. */
export function HelpDialog({ inquiry, onClose }: { inquiry: InboxCard; onClose: () => void }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: `help-${inquiry.id}`, schema: inboxHelpSchema, lastResult: fetcher.data });
  const sent = fetcher.state === "idle" && fetcher.data?.status === "success";
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(close, HELP_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  return (
    <AdminDialog title="طلب مساعدة من المحاسب" onClose={onClose}>
      <p className="mb-4 text-sm text-stone-600">
        بخصوص استفسار <bdi>{inquirerName(inquiry.name)}</bdi>
      </p>
      <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
        <input type="hidden" name="intent" value="help" />
        <input type="hidden" name="id" value={inquiry.id} />
        <Field meta={fields.title} label="عنوان الطلب">
          {(props) => <input {...props} className={inputClass} aria-required />}
        </Field>
        <Field meta={fields.details} label="التفاصيل">
          {(props) => <textarea {...props} rows={4} className={inputClass} aria-required />}
        </Field>
        <FormNotice id={form.errorId} errors={form.errors} success={sent ? INQUIRY_MESSAGES.helpSent : null} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={adminSecondaryButtonClass} onClick={onClose}>
            إلغاء
          </button>
          <button type="submit" className={adminButtonClass} disabled={fetcher.state !== "idle" || sent}>
            إرسال الطلب
          </button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}
