import { Section } from "~/components/admin/section.tsx";
import { formatDateTimeArabic } from "~/utils/format.ts";
import type { TaskHistoryEntry } from "../task-history.ts";

/** A task's history from the audit log, oldest first: what was done, by whom, when, and what it changed. */
export function TaskHistory({ entries }: { entries: TaskHistoryEntry[] }) {
  return (
    <Section id="task-history" title="سجل المهمة">
      {entries.length ? (
        <ol className="grid gap-2">
          {entries.map((entry, index) => (
            <li key={index} className="rounded-xl border-s-4 border-brand-600 bg-brand-50/60 p-3 text-sm" data-testid="task-history-entry">
              <p>
                <span className="font-bold">{entry.label}</span> · <bdi>{entry.actorName}</bdi> · <time dateTime={entry.at}>{formatDateTimeArabic(entry.at)}</time>
              </p>
              {entry.detail ? (
                <p className="mt-1 whitespace-pre-line text-stone-700">
                  <bdi>{entry.detail}</bdi>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-stone-600">لا توجد إجراءات مسجلة على هذه المهمة.</p>
      )}
    </Section>
  );
}
