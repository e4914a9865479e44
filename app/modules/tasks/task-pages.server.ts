import { data } from "react-router";
import type { Db } from "~/db/client.server.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import { canOpenSection } from "~/modules/users/permissions.ts";
import { roleTitle } from "~/modules/users/roles.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { listStaff } from "~/modules/users/users.server.ts";
import type { TaskPerson } from "./task-card.ts";
import { describeTaskHistory } from "./task-history.ts";
import { riyadhToday } from "./task-schema.ts";
import type { TaskLinks } from "./task-view.ts";
import { getTask, listBoard, parseTaskFilters } from "./tasks.server.ts";

/** Where a card may link to for this viewer: the inquiry's card and the offer's form only for those allowed those sections. */
function linksFor(viewer: StaffProfile): TaskLinks {
  return { inquiries: canOpenSection(viewer.role, "inquiries"), offers: canOpenSection(viewer.role, "offers") };
}

/**
 * The board's data: the viewer's tasks (all for the manager) under the address's filters, and for
 * the manager the assignee filter's people (everyone who may hold a task, managers too: the
 * accountant's requests are assigned to one), of whom the active non-managers are the new task's assignees.
 */
export async function loadTaskBoard(db: Db, viewer: StaffProfile, url: URL) {
  const filters = parseTaskFilters(url.searchParams);
  const manager = viewer.role === "manager";
  const [board, staff] = await Promise.all([listBoard(db, viewer, filters), manager ? listStaff(db) : []]);
  return {
    ...board,
    filters,
    role: viewer.role,
    today: riyadhToday(),
    /** The dashboard's «إنشاء مهمة جديدة» opens the form. */
    openNew: manager && url.searchParams.get("new") === "1",
    /** Everyone who may hold a task (the filter's people); the new task's assignees are drawn from them (assigneesOf), not sent twice. */
    people: staff.map((person) => ({ id: person.id, name: person.name, role: person.role, roleTitle: roleTitle(person.role), active: person.active })),
  };
}

/** One task's page: the card and its history; a task that does not exist, or is not the viewer's to see, is the 404 page. */
export async function loadTaskPage(db: Db, viewer: StaffProfile, id: string) {
  const task = /^\d{1,9}$/.test(id) ? await getTask(db, viewer, Number(id)) : null;
  if (!task) throw data(null, { status: 404 });
  const people = new Map([task.assignee, task.creator].filter((person): person is TaskPerson => person != null).map((person) => [person.id, person.name]));
  return { task, history: describeTaskHistory(await auditTrail(db, "task", task.id), people), links: linksFor(viewer), today: riyadhToday() };
}
