import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { formatDateArabic, formatNumberArabic } from "~/utils/format.ts";
import type { DashboardTask } from "../task-card.ts";

/** The board with the open tasks only: where "all my tasks" leads. */
const OPEN_TASKS_URL = "/admin/tasks?open=1";

/**
 * The accountant's and the staff's dashboard: their own open tasks, newest first, each opening its
 * page, with how many there are in all and the way to the rest; the accountant's links to finance.
 */
export function MyTasks({ kind, tasks, total }: { kind: "accountant" | "staff"; tasks: DashboardTask[]; total: number }) {
  const more = total > tasks.length;
  return (
    <Section id="my-tasks" title={`مهامي المعلّقة (${formatNumberArabic(total)})`}>
      {tasks.length === 0 ? (
        <p className="text-stone-600">لا توجد مهام معلّقة لك حاليًا.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3" data-testid="my-task">
              <Link to={`/admin/tasks/${task.id}`} className="font-bold text-brand-800 underline underline-offset-4">
                <bdi>{task.title}</bdi>
              </Link>
              <span className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                {task.late ? <span className="rounded-full bg-red-100 px-2 py-0.5 font-bold text-red-800">متأخرة</span> : null}
                {task.status} · <time dateTime={task.createdAt}>{formatDateArabic(task.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      {more || kind === "accountant" ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
          {more ? (
            <p className="text-sm text-stone-600">
              تظهر هنا أحدث {formatNumberArabic(tasks.length)} منها.{" "}
              <Link to={OPEN_TASKS_URL} className="font-bold text-brand-700 underline">
                عرض كل المهام
              </Link>
            </p>
          ) : null}
          {kind === "accountant" ? (
            <Link to="/admin/finance" className="font-bold text-brand-700 underline">
              الانتقال إلى المالية
            </Link>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
