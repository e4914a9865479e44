import { Link } from "react-router";
import { formatDateTimeArabic } from "~/utils/format.ts";
import { describeClientEvent } from "../client-timeline.ts";

interface TimelineEntryView {
  id: number;
  kind: string;
  at: string;
  actorName: string | null;
  refId: number | null;
  details: Record<string, string | number | boolean | null>;
}

/** The client's timeline, newest first: each entry in Arabic, with a link to its inquiry, submission or task. */
export function ClientTimeline({ entries }: { entries: TimelineEntryView[] }) {
  if (!entries.length) return <p className="text-stone-600">لا يوجد نشاط بعد.</p>;
  return (
    <ol className="grid gap-3 border-s-2 border-brand-100 ps-4" aria-label="سجل العميل">
      {entries.map((entry) => {
        const { title, body, link } = describeClientEvent(entry);
        return (
          <li key={entry.id} className="grid gap-1" data-testid="timeline-entry" data-kind={entry.kind}>
            <p className="font-bold text-stone-900">{title}</p>
            {body ? <p className="whitespace-pre-line text-stone-700">{body}</p> : null}
            <p className="flex flex-wrap gap-x-3 text-sm text-stone-600">
              <time dateTime={entry.at}>{formatDateTimeArabic(entry.at)}</time>
              {link ? (
                <Link to={link.to} className="font-bold text-brand-800 underline underline-offset-4">
                  {link.label}
                </Link>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
