import { useFetcher } from "react-router";
import { adminButtonClass, adminLabelClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { FormNotice, inputClass } from "~/components/forms/field.tsx";
import type { FormReply } from "~/utils/form-submission.ts";
import { STATEMENT_MESSAGES } from "../statement-view.ts";
import { MonthSelect } from "./month-select.tsx";

/** The posts of a reply: the field's messages and the whole form's. */
function errorsOf(reply: unknown, field: string): { field: string[]; form: string[] } {
  const error = (reply as FormReply | undefined)?.status === "error" ? ((reply as FormReply).error ?? {}) : {};
  return { field: error[field] ?? [], form: error[""] ?? [] };
}

/** Under a one-line form: the field's first message (tied to the field by `fieldErrorId`), then the whole form's. */
function ReplyErrors({ errors, fieldErrorId }: { errors: { field: string[]; form: string[] }; fieldErrorId: string }) {
  return (
    <>
      {errors.field.length ? (
        <p id={fieldErrorId} className="basis-full text-sm font-bold text-red-700">
          {errors.field[0]}
        </p>
      ) : null}
      {errors.form.length ? (
        <div className="basis-full">
          <FormNotice errors={errors.form} />
        </div>
      ) : null}
    </>
  );
}

/**
 * «تسجيل الدفع للمالك» (`payout`: the firm's transfer to the owner) or «تسجيل سداد المالك» (`settle`:
 * the owner's transfer to the firm of what a statement left them owing), with the transfer's
 * reference: posted to /admin/statements, once (a second is refused there); a refusal shows under
 * the field and keeps what was typed.
 */
export function PayoutForm({ statementId, back, label, intent = "payout" }: { statementId: number; back: string; label: string; intent?: "payout" | "settle" }) {
  const fetcher = useFetcher();
  const errors = errorsOf(fetcher.data, "reference");
  const inputId = `${intent}-reference-${statementId}`;
  const action = intent === "settle" ? STATEMENT_MESSAGES.settle : STATEMENT_MESSAGES.payout;
  return (
    <fetcher.Form method="post" action="/admin/statements" className="flex flex-wrap items-end gap-2" aria-label={`${action}: ${label}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="statementId" value={statementId} />
      <input type="hidden" name="back" value={back} />
      <label className={adminLabelClass} htmlFor={inputId}>
        {STATEMENT_MESSAGES.payoutReference}
        <input
          id={inputId}
          name="reference"
          dir="ltr"
          maxLength={60}
          autoComplete="off"
          className={`${inputClass} w-44 text-end`}
          aria-invalid={errors.field.length ? true : undefined}
          aria-describedby={errors.field.length ? `${inputId}-error` : undefined}
        />
      </label>
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminSecondaryButtonClass} whitespace-nowrap`}>
        {action}
      </button>
      <ReplyErrors errors={errors} fieldErrorId={`${inputId}-error`} />
    </fetcher.Form>
  );
}

/** The manager's «إصدار الكشف الآن» for an owner and a month (once per owner and month, as the daily job). */
export function IssueForm({ ownerId, defaultMonth, currentMonth, back }: { ownerId: number; defaultMonth: string; currentMonth: string; back: string }) {
  const fetcher = useFetcher();
  const errors = errorsOf(fetcher.data, "month");
  return (
    <fetcher.Form method="post" action="/admin/statements" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="issue" />
      <input type="hidden" name="ownerId" value={ownerId} />
      <input type="hidden" name="back" value={back} />
      <MonthSelect chosen={defaultMonth} current={currentMonth} describedBy={errors.field.length ? `issue-month-error-${ownerId}` : undefined} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={adminButtonClass}>
        {fetcher.state !== "idle" ? "جارٍ الإصدار…" : STATEMENT_MESSAGES.issueNow}
      </button>
      <ReplyErrors errors={errors} fieldErrorId={`issue-month-error-${ownerId}`} />
    </fetcher.Form>
  );
}
