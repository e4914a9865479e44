import type { ShouldRevalidateFunctionArgs } from "react-router";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { CreateTaskForm } from "~/modules/tasks/components/create-task-form.tsx";
import { isFiltered, TaskFilterForm, TaskPager } from "~/modules/tasks/components/task-filters.tsx";
import { TaskBoard } from "~/modules/tasks/components/task-board.tsx";
import { handleTaskPost, refuseTaskPost } from "~/modules/tasks/task-action.server.ts";
import { loadTaskBoard } from "~/modules/tasks/task-pages.server.ts";
import { assigneesOf, boardHref, taskCountText } from "~/modules/tasks/task-view.ts";
import { parseTaskFilters } from "~/modules/tasks/tasks.server.ts";
import { adminCardClass } from "~/components/admin/styles.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { useLiveRevalidate } from "~/utils/use-live-revalidate.ts";
import type { Route } from "./+types/tasks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tasks");
  return loadTaskBoard(context.get(servicesContext).db, user, new URL(request.url));
}

/** A new task (manager), a card's status, a decision (manager): each checked again here and in the module, not only by the guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "tasks");
  const read = await readForm(request, context);
  if (!read.ok) return refuseTaskPost(read);
  // A change made on the board comes back to it with the same filters and page.
  const page = boardHref(parseTaskFilters(new URL(request.url).searchParams));
  return handleTaskPost(context.get(servicesContext), user, read.form, page);
}

/** A refused move (the task changed meanwhile) reloads the board, so the card stands where the server says; other refusals keep the page and what was typed. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.formData?.get("intent") === "status" ? true : keepPageAfterRefusal(args);
}

export const meta: Route.MetaFunction = () => [{ title: "المهام | لوحة التحكم" }];

export default function Tasks({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate("/admin/tasks/events", "tasks");
  const { columns, total, page, pageCount, filters, role, today, openNew, people } = loaderData;
  const manager = role === "manager";
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">المهام</h1>
        {total ? (
          <p className="font-bold text-stone-700" data-testid="task-count">
            {taskCountText(total)}
          </p>
        ) : null}
      </div>
      {manager ? <CreateTaskForm assignees={assigneesOf(people)} openNew={openNew} today={today} pageReply={actionData} /> : null}
      <TaskFilterForm filters={filters} people={manager ? people : null} />
      {total ? (
        <TaskBoard columns={columns} filters={filters} today={today} role={role} />
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>
          {isFiltered(filters) || page > 1 ? "لا توجد مهام مطابقة." : manager ? "لا توجد مهام بعد." : "لا توجد مهام مسندة إليك."}
        </p>
      )}
      <TaskPager filters={filters} page={page} pageCount={pageCount} />
    </div>
  );
}
