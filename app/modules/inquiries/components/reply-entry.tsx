import type { ReplyEntry } from "~/db/schema.ts";
import { formatDateTimeArabic } from "~/utils/format.ts";
import { REPLY_METHODS } from "../status.ts";

/**
 * One reply of an inquiry's history: how it went (e-mail, WhatsApp), who sent it and when, and its
 * text. The reply's delivery state (waiting, sent, failed with «إعادة الإرسال») belongs on this
 * line, beside the method.
 */
export function ReplyEntryItem({ entry }: { entry: ReplyEntry }) {
  return (
    <li className="rounded-xl border-s-4 border-brand-600 bg-brand-50/60 p-3 text-sm" data-testid="reply-entry">
      <p className="mb-1 text-stone-600">
        {REPLY_METHODS[entry.method] ?? entry.method} · <bdi>{entry.sentBy}</bdi> · <time dateTime={entry.timestamp}>{formatDateTimeArabic(entry.timestamp)}</time>
      </p>
      <p className="whitespace-pre-line">
        <bdi>{entry.message}</bdi>
      </p>
    </li>
  );
}
