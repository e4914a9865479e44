import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { formatDateArabic, formatNumberArabic } from "~/utils/format.ts";
import type { DashboardTask } from "../task-card.ts";

/** The accountant's and the staff's dashboard: their own open tasks; the accountant's links to finance. */
export function MyTasks({ kind, tasks }: { kind: "accountant" | "staff"; tasks: DashboardTask[] }) {
  return (
    <Section id="my-tasks" title={`مهامي المعلّقة (${formatNumberArabic(tasks.length)})`}>
      {tasks.length === 0 ? (
        <p className="text-stone-600">لا توجد مهام معلّقة لك حاليًا.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <bdi className="font-bold text-ink">{task.title}</bdi>
              <span className="flex items-center gap-2 text-sm text-stone-600">
                {task.late ? <span className="rounded-full bg-red-100 px-2 py-0.5 font-bold text-red-800">متأخرة</span> : null}
                {task.status} · {formatDateArabic(task.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {kind === "accountant" ? (
        <Link to="/admin/finance" className="mt-4 inline-block font-bold text-brand-700 underline">
          الانتقال إلى المالية
        </Link>
      ) : null}
    </Section>
  );
}
