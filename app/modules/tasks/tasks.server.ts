import { and, count, desc, eq, inArray, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { images, inquiries, offers, staffUsers, tasks } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { privateImageColumns } from "~/modules/images/private-images.server.ts";
import { publishOfficeChange } from "~/modules/live-updates/event-hub.server.ts";
import { queueStaffNotice, type StaffNotice } from "~/modules/notifications/staff-notifications.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { CLOSED_TASK_STATUSES, isLate, isTaskStatus, statusChoices, TASK_LATE_AFTER_MS, TASK_STATUSES, taskStatusLabel, type TaskStatus } from "./status.ts";
import type { BoardCard, BoardColumn, DashboardTask, TaskCard, TaskFilters } from "./task-card.ts";
import { TASK_LIMITS, TASK_MESSAGES } from "./task-messages.ts";

export type Task = typeof tasks.$inferSelect;
export type { TaskCard, TaskFilters };

/** A rule's refusal: its message, and the form field it belongs under (if any). */
export type TaskRefusal = { ok: false; error: string; field?: string; status: number };
const refuse = (error: string, status = 400, field?: string): TaskRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });

export const TASK_PAGE_SIZE = 50;

const isOpen = notInArray(tasks.status, [...CLOSED_TASK_STATUSES]);

/** Who sees a task: the manager every one, the others those assigned to them (SPEC §6). */
function visibleTo(viewer: StaffProfile): SQL | undefined {
  return viewer.role === "manager" ? undefined : eq(tasks.assignedTo, viewer.id);
}

export function parseTaskFilters(params: URLSearchParams): TaskFilters {
  const status = params.get("status") ?? "";
  const assignee = params.get("assignee") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page") ?? "1");
  return {
    ...(isTaskStatus(status) ? { status } : {}),
    ...(/^\d{1,9}$/.test(assignee) ? { assignee: Number(assignee) } : {}),
    ...(params.get("open") === "1" ? { open: true } : {}),
    ...(params.get("late") === "1" ? { late: true } : {}),
    ...(q ? { q } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

const assignee = alias(staffUsers, "assignee");
const creator = alias(staffUsers, "creator");

/** The board's columns: the task with the names and titles it points to. */
function selectCards(db: Db | Tx) {
  return db
    .select({
      task: tasks,
      assigneeName: assignee.name,
      creatorName: creator.name,
      inquiryName: inquiries.name,
      offerTitle: offers.title,
      receipt: privateImageColumns,
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(inquiries, eq(inquiries.id, tasks.relatedInquiryId))
    .leftJoin(offers, eq(offers.id, tasks.relatedPropertyId))
    .leftJoin(images, eq(images.id, tasks.receiptImageId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>["execute"]>>[number];

function toCard(viewer: StaffProfile, row: CardRow, now: number): TaskCard {
  const { task } = row;
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    assignee: task.assignedTo != null && row.assigneeName != null ? { id: task.assignedTo, name: row.assigneeName } : null,
    creator: task.createdBy != null && row.creatorName != null ? { id: task.createdBy, name: row.creatorName } : null,
    inquiry: task.relatedInquiryId != null && row.inquiryName != null ? { id: task.relatedInquiryId, name: row.inquiryName } : null,
    offer: task.relatedPropertyId != null && row.offerTitle != null ? { id: task.relatedPropertyId, title: row.offerTitle } : null,
    amount: task.amount,
    transactionType: task.transactionType,
    receipt: row.receipt,
    notes: task.notes,
    dueDate: task.dueDate,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    late: isLate(task, now),
    statusChoices: statusChoices(viewer.role, task),
    canDecide: viewer.role === "manager" && task.status === "Awaiting Approval",
  };
}

/** The filters as SQL: what the viewer may see, narrowed by the address (the assignee only for the manager). */
function filterConditions(viewer: StaffProfile, filters: Omit<TaskFilters, "page">, now: number): SQL | undefined {
  const conditions = [visibleTo(viewer)];
  if (filters.status) conditions.push(eq(tasks.status, filters.status));
  if (filters.assignee != null && viewer.role === "manager") conditions.push(eq(tasks.assignedTo, filters.assignee));
  if (filters.open || filters.late) conditions.push(isOpen);
  if (filters.late) conditions.push(lt(tasks.createdAt, new Date(now - TASK_LATE_AFTER_MS)));
  if (filters.q) conditions.push(sql`${tasks.titleFolded} like ar_fold(${containsPattern(filters.q)})`);
  return and(...conditions);
}

/** A list of tasks (the finance page's requests): the viewer's (all for the manager), filtered, newest first, 50 a page, with the total. */
export async function listTasks(db: Db, viewer: StaffProfile, filters: TaskFilters, now = Date.now()) {
  const where = filterConditions(viewer, filters, now);
  const [rows, [total]] = await Promise.all([
    selectCards(db)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(TASK_PAGE_SIZE)
      .offset((filters.page - 1) * TASK_PAGE_SIZE),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  const n = total?.n ?? 0;
  return { tasks: rows.map((row) => toCard(viewer, row, now)), total: n, page: filters.page, pageCount: Math.max(1, Math.ceil(n / TASK_PAGE_SIZE)) };
}

/** How many cards a column of the board shows (the newest); the column's heading counts them all and links to the rest. */
export const BOARD_COLUMN_SIZE = 4;
/** One status's column alone (its «عرض الكل»): cards a page, within the board's page budget (issue 29: ≤ 80 KB). */
const BOARD_PAGE_SIZE = 30;

/** What a board card shows: the task's own columns and its assignee's name, nothing joined for the task's page alone. */
function selectBoardCards(db: Db) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      assigneeName: assignee.name,
      amount: tasks.amount,
      transactionType: tasks.transactionType,
      dueDate: tasks.dueDate,
      createdAt: tasks.createdAt,
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo));
}

/**
 * The board (issue 29): a column per status with how many tasks it holds (one grouped count) and
 * its newest cards, each column read by its own index range (status, created_at) in one union;
 * narrowed to one status, that column alone, 30 a page. Filters apply to every column.
 */
export async function listBoard(db: Db, viewer: StaffProfile, filters: TaskFilters, now = Date.now()) {
  const where = filterConditions(viewer, { ...filters, status: undefined }, now);
  const statuses: readonly TaskStatus[] = filters.status ? [filters.status] : TASK_STATUSES;
  const size = filters.status ? BOARD_PAGE_SIZE : BOARD_COLUMN_SIZE;
  const offset = filters.status ? (filters.page - 1) * BOARD_PAGE_SIZE : 0;
  const columnQuery = (status: TaskStatus) =>
    selectBoardCards(db)
      .where(and(where, eq(tasks.status, status)))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(size)
      .offset(offset);
  const [first, second, ...rest] = statuses.map(columnQuery);
  const [rows, counted] = await Promise.all([
    second ? unionAll(first!, second, ...rest) : first!,
    db.select({ status: tasks.status, n: count() }).from(tasks).where(where).groupBy(tasks.status),
  ]);
  const counts = new Map(counted.map((row) => [row.status, row.n]));
  const columns: BoardColumn[] = statuses.map((status) => ({ status, count: counts.get(status) ?? 0, cards: [] }));
  const byStatus = new Map(columns.map((column) => [column.status, column]));
  for (const row of rows) {
    const card: BoardCard = {
      id: row.id,
      title: row.title,
      status: row.status,
      assigneeName: row.assigneeName,
      amount: row.amount,
      transactionType: row.transactionType,
      dueDate: row.dueDate,
      createdAt: row.createdAt.toISOString(),
      late: isLate(row, now),
    };
    byStatus.get(row.status)?.cards.push(card);
  }
  // A union's rows come in no promised order: each column newest first, as its query read them.
  for (const column of columns) column.cards.sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
  const total = columns.reduce((sum, column) => sum + column.count, 0);
  return { columns, total, page: filters.status ? filters.page : 1, pageCount: filters.status ? Math.max(1, Math.ceil(total / BOARD_PAGE_SIZE)) : 1 };
}

/** One task, if the viewer may see it. */
export async function getTask(db: Db, viewer: StaffProfile, id: number, now = Date.now()): Promise<TaskCard | null> {
  const [row] = await selectCards(db).where(and(eq(tasks.id, id), visibleTo(viewer)));
  return row ? toCard(viewer, row, now) : null;
}

/** Who can be given a task: active staff and accountants (never managers), by name. */
export async function listAssignees(db: Db): Promise<Array<{ id: number; name: string; role: "accountant" | "staff" }>> {
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name, role: staffUsers.role })
    .from(staffUsers)
    .where(and(eq(staffUsers.active, true), inArray(staffUsers.role, ["accountant", "staff"])))
    .orderBy(staffUsers.name, staffUsers.id);
  return rows as Array<{ id: number; name: string; role: "accountant" | "staff" }>;
}

/** The manager's dashboard count: every open task. */
export async function countOpenTasks(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tasks).where(isOpen);
  return row?.n ?? 0;
}

/** The manager's dashboard: requests waiting for a decision. */
export async function countAwaitingApproval(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tasks).where(eq(tasks.status, "Awaiting Approval"));
  return row?.n ?? 0;
}

/** How many open tasks a member has (their dashboard shows the newest of them, and this total). */
export async function countOpenTasksFor(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.assignedTo, userId), isOpen));
  return row?.n ?? 0;
}

/** A member's own open tasks, newest first (accountant and staff dashboards). */
async function listOpenTasksFor(db: Db, userId: number, limit = 20): Promise<Task[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.assignedTo, userId), isOpen))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit);
}

/** A member's dashboard: their newest open tasks (at most `limit`) and how many they have in all, so nothing is cut off unsaid. */
export async function dashboardTasksFor(db: Db, userId: number, now = Date.now(), limit = 20): Promise<{ tasks: DashboardTask[]; total: number }> {
  const [rows, total] = await Promise.all([listOpenTasksFor(db, userId, limit), countOpenTasksFor(db, userId)]);
  return {
    tasks: rows.map((t) => ({ id: t.id, title: t.title, status: taskStatusLabel(t.status), createdAt: t.createdAt.toISOString(), late: isLate(t, now) })),
    total,
  };
}

/** The tasks of each inquiry, for the inbox's cards (oldest first). */
export async function tasksOfInquiries(db: Db, inquiryIds: number[]) {
  if (!inquiryIds.length) return new Map<number, Array<{ id: number; title: string; status: TaskStatus; assignedTo: number | null }>>();
  const rows = await db
    .select({ inquiryId: tasks.relatedInquiryId, id: tasks.id, title: tasks.title, status: tasks.status, assignedTo: tasks.assignedTo })
    .from(tasks)
    .where(inArray(tasks.relatedInquiryId, inquiryIds))
    .orderBy(tasks.createdAt, tasks.id);
  const byInquiry = new Map<number, Array<{ id: number; title: string; status: TaskStatus; assignedTo: number | null }>>();
  for (const { inquiryId, ...task } of rows) {
    if (inquiryId == null) continue;
    byInquiry.set(inquiryId, [...(byInquiry.get(inquiryId) ?? []), task]);
  }
  return byInquiry;
}

export interface NewTask {
  title: string;
  description: string;
  assignedTo: number;
  relatedPropertyId?: number | null;
  dueDate?: string | null;
}

/**
 * The manager creates a task (Pending) for an active staff member or accountant, optionally
 * about an offer, with a due date; in one transaction with its audit entry, the live notice and the
 * assignee's e-mail (queued: decision 032).
 */
export async function createTask(db: Db, manager: StaffProfile, input: NewTask): Promise<{ ok: true; task: { id: number }; notice: StaffNotice } | TaskRefusal> {
  if (manager.role !== "manager") return refuse(TASK_MESSAGES.managerOnly, 403);
  return db.transaction(async (tx) => {
    // The assignee's row is locked so a deactivation cannot slip in between the check and the insert.
    const [person] = await tx
      .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, role: staffUsers.role, active: staffUsers.active })
      .from(staffUsers)
      .where(eq(staffUsers.id, input.assignedTo))
      .for("share");
    if (!person || !person.active || person.role === "manager") return refuse(TASK_MESSAGES.assigneeInvalid, 400, "assignedTo");
    if (input.relatedPropertyId != null) {
      const [offer] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, input.relatedPropertyId)).for("share");
      if (!offer) return refuse(TASK_MESSAGES.offerNotFound, 400, "relatedPropertyId");
    }
    const [task] = await tx
      .insert(tasks)
      .values({
        title: input.title.slice(0, TASK_LIMITS.title),
        description: input.description.slice(0, TASK_LIMITS.description),
        assignedTo: person.id,
        createdBy: manager.id,
        status: "Pending",
        relatedPropertyId: input.relatedPropertyId ?? null,
        dueDate: input.dueDate ?? null,
      })
      .returning({ id: tasks.id });
    await recordAudit(tx, manager, "task", task!.id, "task-created", { assignedTo: person.id });
    await publishOfficeChange(tx, { topic: "tasks", id: task!.id });
    const notice: StaffNotice = {
      taskId: task!.id,
      to: { name: person.name, email: person.email },
      subject: `مهمة جديدة: ${input.title}`,
      lines: [`أسند إليك ${manager.name} مهمة جديدة: «${input.title}».`, input.description, ...(input.dueDate ? [`تاريخ الاستحقاق: ${input.dueDate}`] : [])],
    };
    await queueStaffNotice(tx, "task-notice", notice);
    return { ok: true as const, task: task!, notice };
  });
}

/**
 * A status change from the board's menu (SPEC §4), decided under the task's row lock so two
 * people changing it at once are judged one after the other: the viewer must see the task, and
 * the new status must be one of `statusChoices` for it now (never out of Awaiting Approval).
 */
export async function changeTaskStatus(db: Db, actor: StaffProfile, id: number, to: TaskStatus): Promise<{ ok: true } | TaskRefusal> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), visibleTo(actor)))
      .for("update");
    if (!task) return refuse(TASK_MESSAGES.notFound, 404);
    if (task.status === "Awaiting Approval") return refuse(TASK_MESSAGES.awaitingApproval, 409);
    // The menu shows the current status; sent as it is (or set by someone else meanwhile), nothing changes.
    if (task.status === to) return refuse(TASK_MESSAGES.statusUnchanged, 409, "status");
    if (!statusChoices(actor.role, task).includes(to)) return refuse(TASK_MESSAGES.statusNotAllowed, 400, "status");
    await tx.update(tasks).set({ status: to, updatedAt: new Date() }).where(eq(tasks.id, id));
    await recordAudit(tx, actor, "task", id, "status-change", { from: task.status, to });
    await publishOfficeChange(tx, { topic: "tasks", id });
    return { ok: true as const };
  });
}

/**
 * A task the firm's own scheduled work gives someone (no person created it), in the caller's
 * transaction: it exists only if that commits. The availability confirm tasks (decision 046).
 */
export async function addScheduledTask(tx: Tx, input: NewTask): Promise<{ id: number }> {
  const [task] = await tx
    .insert(tasks)
    .values({
      title: input.title.slice(0, TASK_LIMITS.title),
      description: input.description.slice(0, TASK_LIMITS.description),
      assignedTo: input.assignedTo,
      status: "Pending",
      relatedPropertyId: input.relatedPropertyId ?? null,
      dueDate: input.dueDate ?? null,
    })
    .returning({ id: tasks.id });
  await publishOfficeChange(tx, { topic: "tasks", id: task!.id });
  return task!;
}

/**
 * Completes the tasks among `ids` that are still open, in the caller's transaction, each with its
 * status-change audit entry as the board's menu leaves: the work they asked for was done elsewhere
 * (an offer confirmed available, decision 046). Returns the tasks it completed.
 */
export async function completeOpenTasks(tx: Tx, actor: Pick<StaffProfile, "id" | "name">, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const closed = await tx
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(and(inArray(tasks.id, ids), notInArray(tasks.status, [...CLOSED_TASK_STATUSES, "Awaiting Approval", "Rejected"])))
    .for("update");
  for (const task of closed) {
    await tx.update(tasks).set({ status: "Completed", updatedAt: new Date() }).where(eq(tasks.id, task.id));
    await recordAudit(tx, actor, "task", task.id, "status-change", { from: task.status, to: "Completed" });
    await publishOfficeChange(tx, { topic: "tasks", id: task.id });
  }
  return closed.map((task) => task.id);
}
