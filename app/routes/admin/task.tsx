import { Link } from "react-router";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { ConfirmAvailabilityButton } from "~/modules/availability/index.ts";
import { confirmTaskOffer } from "~/modules/availability/index.server.ts";
import { TaskHistory } from "~/modules/tasks/components/task-history.tsx";
import { TaskItem } from "~/modules/tasks/components/task-item.tsx";
import { TaskNotFoundBoundary } from "~/modules/tasks/components/task-not-found.tsx";
import { handleTaskPost, refuseTaskPost, TASKS_PAGE } from "~/modules/tasks/task-action.server.ts";
import { loadTaskPage } from "~/modules/tasks/task-pages.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { useLiveRevalidate } from "~/utils/use-live-revalidate.ts";
import type { Route } from "./+types/task";

/** One task, whole, with its history; unknown, or not the viewer's to see: 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tasks");
  const { db } = context.get(servicesContext);
  const page = await loadTaskPage(db, user, params.id);
  // A confirm task (decision 046) is done from here in one tap, by whoever may confirm offers.
  const confirm = user.role !== "accountant" ? await confirmTaskOffer(db, page.task.id) : null;
  return { ...page, confirm };
}

/** The card's status menu and the manager's decision, as on the board; back to this page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "tasks");
  const read = await readForm(request, context);
  if (!read.ok) return refuseTaskPost(read);
  const page = /^\d{1,9}$/.test(params.id) ? `${TASKS_PAGE}/${params.id}` : TASKS_PAGE;
  return handleTaskPost(context.get(servicesContext), user, read.form, page);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.task.title} | المهام` : "المهام | لوحة التحكم" }];

export default function TaskPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate("/admin/tasks/events", "tasks");
  const { task, history, links, today, confirm } = loaderData;
  return (
    <div className="grid gap-5">
      <Link to="/admin/tasks" className="justify-self-start font-bold text-brand-800 underline">
        العودة إلى المهام
      </Link>
      <TaskItem task={task} links={links} today={today} pageReply={actionData} standalone />
      {confirm && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="task-confirm-availability">
          <p className="text-stone-700">
            هل ما زال العرض <bdi className="font-bold">{confirm.title}</bdi> متاحًا؟
          </p>
          <ConfirmAvailabilityButton offerId={confirm.id} title={confirm.title} />
        </div>
      )}
      <TaskHistory entries={history} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TaskNotFoundBoundary error={error} />;
}
