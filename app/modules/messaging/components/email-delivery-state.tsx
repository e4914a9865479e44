import { useFetcher } from "react-router";
import { FormNotice } from "~/components/forms/field.tsx";
import { formatDateTimeArabic } from "~/utils/format.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { DELIVERY_STATE_LABELS, MAIL_QUEUE_MESSAGES, type EmailDelivery } from "../mail-delivery.ts";

const TONES = {
  pending: "bg-amber-100 text-amber-950",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
} as const;

/**
 * A queued e-mail's delivery where staff act on what it reports (decision 032): «جارٍ الإرسال…»,
 * «أُرسل» with its time, or «تعذّر الإرسال» with «إعادة الإرسال», which posts `resendFields`
 * (hidden fields naming the e-mail, e.g. intent, id and emailId) to the page's own action.
 * Small, so any card can place it: the inbox's reply history today.
 */
export function EmailDeliveryState({ delivery, resendFields }: { delivery: EmailDelivery; resendFields: Record<string, string | number> }) {
  const resend = useFetcher<FormReply>();
  const resending = resend.state !== "idle";
  const state = resending ? "pending" : delivery.state;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="email-delivery" data-state={state}>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[state]}`}>
        {DELIVERY_STATE_LABELS[state]}
        {state === "sent" && delivery.sentAt ? (
          <>
            {" "}
            <time dateTime={delivery.sentAt} className="font-normal">
              {formatDateTimeArabic(delivery.sentAt)}
            </time>
          </>
        ) : null}
      </span>
      {delivery.state === "failed" && !resending ? (
        <resend.Form method="post">
          {Object.entries(resendFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="rounded-lg px-2.5 py-0.5 text-xs font-bold text-red-900 underline ring-1 ring-red-300 hover:bg-red-50">
            {MAIL_QUEUE_MESSAGES.resend}
          </button>
        </resend.Form>
      ) : null}
      <FormNotice errors={formErrorsOf(resend.data)} />
    </div>
  );
}
