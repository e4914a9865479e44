import type { ReplyEntry } from "~/db/schema.ts";
import type { EmailDelivery } from "~/modules/messaging/mail-delivery.ts";
import { EmailDeliveryState } from "~/modules/messaging/components/email-delivery-state.tsx";
import { formatDateTimeArabic } from "~/utils/format.ts";
import { REPLY_METHODS } from "../status.ts";

/**
 * One reply of an inquiry's history: how it went (e-mail, WhatsApp), who sent it and when, its
 * text, and for an e-mail its delivery (on its way, sent, not sent with «إعادة الإرسال»).
 */
export function ReplyEntryItem({ entry, inquiryId }: { entry: ReplyEntry & { delivery?: EmailDelivery }; inquiryId: number }) {
  return (
    <li className="rounded-xl border-s-4 border-brand-600 bg-brand-50/60 p-3 text-sm" data-testid="reply-entry">
      <p className="mb-1 text-stone-600">
        {REPLY_METHODS[entry.method] ?? entry.method} · <bdi>{entry.sentBy}</bdi> · <time dateTime={entry.timestamp}>{formatDateTimeArabic(entry.timestamp)}</time>
      </p>
      <p className="whitespace-pre-line">
        <bdi>{entry.message}</bdi>
      </p>
      {entry.delivery ? (
        <div className="mt-2">
          <EmailDeliveryState delivery={entry.delivery} resendFields={{ intent: "resend", id: inquiryId, emailId: entry.delivery.id }} />
        </div>
      ) : null}
    </li>
  );
}
