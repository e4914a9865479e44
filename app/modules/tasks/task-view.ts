import { formatCountArabic } from "~/utils/format.ts";
import { isTaskOpen, type TaskStatus } from "./status.ts";
import type { TaskFilters } from "./task-card.ts";

/** Where a task's card may link for this viewer: the inquiry's card (inbox) and the offer's form, each only for those allowed that section. */
export interface TaskLinks {
  inquiries: boolean;
  offers: boolean;
}

/** A person the board names in its menus: the new task's assignees, the assignee filter. */
export interface TaskPersonChoice {
  id: number;
  name: string;
  roleTitle: string;
}

/** "٥٣ مهمة", "مهمتان", "٣ مهام": the count with the word as Arabic agrees it with the number. */
export function taskCountText(count: number): string {
  return formatCountArabic(count, { zero: "لا توجد مهام", one: "مهمة واحدة", two: "مهمتان", few: "مهام", many: "مهمة" });
}

/** A due date passed (before today, Riyadh) on a task still open: shown in red. */
export function isOverdue(task: { status: TaskStatus; dueDate: string | null }, today: string): boolean {
  return task.dueDate != null && task.dueDate < today && isTaskOpen(task.status);
}

/** The board's address for these filters (and page): what the filter form would send, so paging keeps the filters. */
export function boardHref(filters: TaskFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.assignee != null) params.set("assignee", String(filters.assignee));
  if (filters.open) params.set("open", "1");
  if (filters.late) params.set("late", "1");
  if (filters.q) params.set("q", filters.q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/tasks?${query}` : "/admin/tasks";
}

/**
 * The new task's assignees among the board's people: active staff and accountants (never a
 * manager), by name, as listAssignees gives them and createTask checks again.
 */
export function assigneesOf(people: ReadonlyArray<TaskPersonChoice & { role: string; active: boolean }>): TaskPersonChoice[] {
  return people
    .filter((person) => person.active && person.role !== "manager")
    .sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1))
    .map(({ id, name, roleTitle }) => ({ id, name, roleTitle }));
}
