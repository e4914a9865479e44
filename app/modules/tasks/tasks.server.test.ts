import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { staffUsers, tasks } from "~/db/schema.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, insertTask } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { isLate, statusChoices, TASK_STATUSES } from "./status.ts";
import { TASK_MESSAGES } from "./task-messages.ts";
import { assigneesOf } from "./task-view.ts";
import {
  changeTaskStatus,
  countAwaitingApproval,
  countOpenTasks,
  countOpenTasksFor,
  createTask,
  dashboardTasksFor,
  BOARD_COLUMN_SIZE,
  getTask,
  listAssignees,
  listBoard,
  listTasks,
  parseTaskFilters,
  TASK_PAGE_SIZE,
  tasksOfInquiries,
  type Task,
} from "./tasks.server.ts";

const db = useTestDatabase();

let manager: StaffProfile, employee: StaffProfile, colleague: StaffProfile, accountant: StaffProfile, retired: StaffProfile;
beforeAll(async () => {
  ({ manager, employee, colleague, accountant } = await createOffice(db()));
  retired = await createStaffUser(db(), { name: "قديم", username: "old", phone: "0551300005", role: "staff" });
  await db().update(staffUsers).set({ active: false }).where(eq(staffUsers.id, retired.id));
});

const task = (overrides: Partial<typeof tasks.$inferInsert> = {}) => insertTask(db(), { assignedTo: employee.id, createdBy: manager.id, ...overrides });

const newTask = (overrides: Partial<Parameters<typeof createTask>[2]> = {}) =>
  createTask(db(), manager, { title: "معاينة شقة العليا", description: "موعد مع العميل", assignedTo: employee.id, ...overrides });

describe("the status menu's rule (SPEC §4)", () => {
  const plain = { amount: null, transactionType: null };
  it("others never pick Awaiting Approval, and nobody moves a task out of it by the menu", () => {
    expect(statusChoices("staff", { status: "Pending", ...plain })).toEqual(TASK_STATUSES.filter((s) => s !== "Pending" && s !== "Awaiting Approval"));
    expect(statusChoices("accountant", { status: "Pending", amount: 5, transactionType: "expense" })).not.toContain("Awaiting Approval");
    for (const role of ["manager", "accountant", "staff"] as const) expect(statusChoices(role, { status: "Awaiting Approval", amount: 5, transactionType: "income" })).toEqual([]);
  });

  it("the manager may ask for approval only of a task with an amount and a type", () => {
    expect(statusChoices("manager", { status: "Pending", ...plain })).not.toContain("Awaiting Approval");
    expect(statusChoices("manager", { status: "Rejected", amount: 100, transactionType: "expense" })).toContain("Awaiting Approval");
  });

  it("late: older than 24 hours and still open", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(isLate({ status: "Pending", createdAt: "2026-11-22T11:59:00Z" }, now)).toBe(true);
    expect(isLate({ status: "Awaiting Info", createdAt: "2026-11-22T11:59:00Z" }, now)).toBe(true);
    expect(isLate({ status: "Pending", createdAt: "2026-11-22T12:01:00Z" }, now)).toBe(false);
    expect(isLate({ status: "Completed", createdAt: "2026-11-01T12:00:00Z" }, now)).toBe(false);
    expect(isLate({ status: "Cancelled", createdAt: "2026-11-01T12:00:00Z" }, now)).toBe(false);
  });
});

describe("creating tasks", () => {
  it("the manager creates a Pending task for an active employee, with its audit entry and the assignee's notice", async () => {
    const offer = await createOffer(db());
    const result = await newTask({ relatedPropertyId: offer.id, dueDate: "2026-12-01" });
    if (!result.ok) throw new Error(result.error);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, result.task.id));
    expect(row).toMatchObject({ status: "Pending", assignedTo: employee.id, createdBy: manager.id, relatedPropertyId: offer.id, dueDate: "2026-12-01" });
    expect((await auditTrail(db(), "task", result.task.id)).map((e) => [e.action, e.actorId])).toEqual([["task-created", manager.id]]);
    expect(result.notice).toMatchObject({ taskId: result.task.id, to: { name: "سارة", email: "sara@example.sa" }, subject: "مهمة جديدة: معاينة شقة العليا" });
  });

  it("only the manager creates tasks", async () => {
    for (const actor of [employee, accountant])
      expect(await createTask(db(), actor, { title: "x", description: "y", assignedTo: colleague.id })).toMatchObject({ ok: false, status: 403 });
  });

  it("assignees are active staff and accountants, never a manager; the offer must exist", async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks);
    for (const assignedTo of [manager.id, retired.id, 999_999])
      expect(await newTask({ assignedTo })).toMatchObject({ ok: false, field: "assignedTo", error: TASK_MESSAGES.assigneeInvalid });
    expect(await newTask({ relatedPropertyId: 999_999 })).toMatchObject({ ok: false, field: "relatedPropertyId" });
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(tasks),
    ).toEqual(before);
    expect(await newTask({ assignedTo: accountant.id })).toMatchObject({ ok: true });
    expect((await listAssignees(db())).map((p) => p.id).sort()).toEqual([employee.id, colleague.id, accountant.id].sort());
  });
});

describe("who sees which task", () => {
  it("the manager sees all; the others only those assigned to them", async () => {
    const mine = await task({ title: "لسارة" });
    const theirs = await task({ title: "لخالد", assignedTo: colleague.id });
    const all = await listTasks(db(), manager, { page: 1 });
    expect(all.tasks.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const own = await listTasks(db(), employee, { page: 1 });
    expect(own.tasks.every((t) => t.assignee?.id === employee.id)).toBe(true);
    expect(own.tasks.map((t) => t.id)).toContain(mine.id);
    expect(await getTask(db(), employee, theirs.id)).toBeNull();
    expect(await getTask(db(), colleague, theirs.id)).toMatchObject({ id: theirs.id, title: "لخالد" });
    expect(await getTask(db(), manager, theirs.id)).toMatchObject({ id: theirs.id });
    // An assignee filter is the manager's; for the others it cannot widen what they see.
    const widened = await listTasks(db(), employee, { assignee: colleague.id, page: 1 });
    expect(widened.tasks.map((t) => t.id)).not.toContain(theirs.id);
  });

  it("filters: status, assignee, late, a title search that folds Arabic letters; newest first", async () => {
    const old = await task({ title: "متابعة عقد شقة المروج", createdAt: new Date(Date.now() - 30 * 3600_000) });
    const oldDone = await task({ title: "منتهية قديمة", status: "Completed", createdAt: new Date(Date.now() - 30 * 3600_000) });
    const fresh = await task({ title: "شقة المروج الجديدة", assignedTo: colleague.id, status: "In Progress" });
    const late = await listTasks(db(), manager, { late: true, page: 1 });
    expect(late.tasks.map((t) => t.id)).toContain(old.id);
    expect(late.tasks.map((t) => t.id)).not.toContain(oldDone.id);
    expect(late.tasks.every((t) => t.late)).toBe(true);
    const search = await listTasks(db(), manager, { q: "شقه المروج", page: 1 });
    expect(search.tasks.map((t) => t.id)).toEqual([fresh.id, old.id]);
    const byStatus = await listTasks(db(), manager, { status: "In Progress", page: 1 });
    expect(byStatus.tasks.map((t) => t.id)).toEqual([fresh.id]);
    const byAssignee = await listTasks(db(), manager, { assignee: colleague.id, page: 1 });
    expect(byAssignee.tasks.every((t) => t.assignee?.id === colleague.id)).toBe(true);
    expect(await listTasks(db(), manager, { q: "100%_", page: 1 })).toMatchObject({ total: 0 });
  });

  it("pages of 50 with the true total: no silent cap", async () => {
    await db()
      .insert(tasks)
      .values(Array.from({ length: TASK_PAGE_SIZE + 3 }, (_, i) => ({ title: `دفعة ${i}`, assignedTo: colleague.id, createdBy: manager.id })));
    const first = await listTasks(db(), manager, { q: "دفعة", page: 1 });
    const second = await listTasks(db(), manager, { q: "دفعة", page: 2 });
    expect([first.tasks.length, second.tasks.length, first.total, first.pageCount]).toEqual([TASK_PAGE_SIZE, 3, TASK_PAGE_SIZE + 3, 2]);
    expect(new Set([...first.tasks, ...second.tasks].map((t) => t.id)).size).toBe(TASK_PAGE_SIZE + 3);
  });

  it("reads filters from the address, ignoring what is not one", () => {
    expect(parseTaskFilters(new URLSearchParams("status=Pending&assignee=3&late=1&q=%20عقد%20&page=2"))).toEqual({ status: "Pending", assignee: 3, late: true, q: "عقد", page: 2 });
    expect(parseTaskFilters(new URLSearchParams("open=1"))).toEqual({ open: true, page: 1 });
    expect(parseTaskFilters(new URLSearchParams("status=Done&assignee=-1&late=yes&open=true&page=0"))).toEqual({ page: 1 });
  });

  it("open: neither Completed nor Cancelled, the dashboards' count", async () => {
    const [pending, done, cancelled, rejected] = (await Promise.all(
      (["Pending", "Completed", "Cancelled", "Rejected"] as const).map((status) => task({ title: `مفتوحة؟ ${status}`, status })),
    )) as [Task, Task, Task, Task];
    const open = await listTasks(db(), manager, { open: true, q: "مفتوحة؟", page: 1 });
    expect(open.tasks.map((t) => t.id).sort()).toEqual([pending.id, rejected.id].sort());
    expect((await listTasks(db(), manager, { q: "مفتوحة؟", page: 1 })).tasks.map((t) => t.id)).toEqual(expect.arrayContaining([done.id, cancelled.id]));
    expect((await listTasks(db(), manager, { open: true, page: 1 })).total).toBe(await countOpenTasks(db()));
  });
});

describe("the board: a column per status", () => {
  it("counts every task of each status (one grouped count), shows the newest 8 of each, and keeps the filters in every column", async () => {
    const stamp = Date.now();
    const tag = `لوحة ${stamp}`;
    // 11 Pending (newest last), 2 In Progress (one of them the colleague's), 1 Completed, an old open one (late).
    await db()
      .insert(tasks)
      .values(
        Array.from({ length: 11 }, (_, i) => ({ title: `${tag} انتظار ${i}`, assignedTo: employee.id, createdBy: manager.id, createdAt: new Date(stamp - (20 - i) * 60_000) })),
      );
    const [progress] = await db()
      .insert(tasks)
      .values([
        { title: `${tag} تنفيذ`, assignedTo: employee.id, createdBy: manager.id, status: "In Progress" },
        { title: `${tag} تنفيذ زميل`, assignedTo: colleague.id, createdBy: manager.id, status: "In Progress" },
        { title: `${tag} مكتملة`, assignedTo: employee.id, createdBy: manager.id, status: "Completed" },
        { title: `${tag} قديمة`, assignedTo: employee.id, createdBy: manager.id, status: "Awaiting Info", createdAt: new Date(stamp - 30 * 3600_000) },
      ])
      .returning();
    const board = await listBoard(db(), manager, { q: tag, page: 1 });
    expect(board.columns.map((c) => c.status)).toEqual([...TASK_STATUSES]);
    const column = (status: string) => board.columns.find((c) => c.status === status)!;
    expect(board.columns.map((c) => c.count)).toEqual([11, 2, 1, 0, 1, 0, 0, 0]);
    expect(board.total).toBe(15);
    expect(column("Pending").cards).toHaveLength(BOARD_COLUMN_SIZE);
    expect(column("Pending").cards.map((c) => c.title)).toEqual(Array.from({ length: BOARD_COLUMN_SIZE }, (_, i) => `${tag} انتظار ${10 - i}`));
    expect(
      column("In Progress")
        .cards.map((c) => c.assigneeName)
        .sort(),
    ).toEqual(["خالد", "سارة"].sort());
    expect(column("Awaiting Info").cards[0]).toMatchObject({ late: true, status: "Awaiting Info" });
    expect(column("Completed").cards[0]).toMatchObject({ late: false });
    // The employee's board: their own tasks only, counted so.
    const own = await listBoard(db(), employee, { q: tag, page: 1 });
    expect(own.columns.find((c) => c.status === "In Progress")).toMatchObject({ count: 1, cards: [expect.objectContaining({ id: progress!.id })] });
    // Late and open apply to every column; one status is that column alone, 50 a page.
    const late = await listBoard(db(), manager, { q: tag, late: true, page: 1 });
    expect(late.columns.filter((c) => c.count).map((c) => c.status)).toEqual(["Awaiting Info"]);
    const pending = await listBoard(db(), manager, { q: tag, status: "Pending", page: 1 });
    expect(pending.columns.map((c) => [c.status, c.count, c.cards.length])).toEqual([["Pending", 11, 11]]);
    expect([pending.total, pending.pageCount]).toEqual([11, 1]);
  });

  it("the new task's assignees, drawn from the board's people, are listAssignees' own", async () => {
    const people = (await db().select().from(staffUsers)).map((p) => ({ id: p.id, name: p.name, role: p.role, roleTitle: "", active: p.active }));
    expect(assigneesOf(people).map((p) => p.id)).toEqual((await listAssignees(db())).map((p) => p.id));
  });

  it("a card carries what its rules need: a request's amount and type (the manager may then ask for approval)", async () => {
    const tag = `موافقة ${Date.now()}`;
    await db()
      .insert(tasks)
      .values([
        { title: `${tag} بانتظار`, assignedTo: manager.id, createdBy: accountant.id, status: "Awaiting Approval", amount: 100, transactionType: "expense" },
        { title: `${tag} طلب`, assignedTo: accountant.id, createdBy: manager.id, status: "Finance Request", amount: 50, transactionType: "income" },
      ]);
    const board = await listBoard(db(), manager, { q: tag, page: 1 });
    const waiting = board.columns.find((c) => c.status === "Awaiting Approval")!.cards[0]!;
    expect(waiting).toMatchObject({ amount: 100, transactionType: "expense" });
    expect(statusChoices("manager", waiting)).toEqual([]);
    const request = board.columns.find((c) => c.status === "Finance Request")!.cards[0]!;
    expect(statusChoices("manager", request)).toContain("Awaiting Approval");
    expect(statusChoices("accountant", request)).not.toContain("Awaiting Approval");
  });
});

describe("changing a task's status", () => {
  it("the assignee moves their task, with an audit entry; the manager any task", async () => {
    const t = await task();
    expect(await changeTaskStatus(db(), employee, t.id, "In Progress")).toEqual({ ok: true });
    expect(await changeTaskStatus(db(), manager, t.id, "Completed")).toEqual({ ok: true });
    const [row] = await db().select().from(tasks).where(eq(tasks.id, t.id));
    expect(row!.status).toBe("Completed");
    expect(row!.updatedAt.getTime()).toBeGreaterThan(t.updatedAt.getTime());
    expect((await auditTrail(db(), "task", t.id)).map((e) => e.details)).toEqual([
      { from: "Pending", to: "In Progress" },
      { from: "In Progress", to: "Completed" },
    ]);
  });

  it("refuses: someone else's task, Awaiting Approval as a choice, anything out of Awaiting Approval", async () => {
    const t = await task();
    expect(await changeTaskStatus(db(), colleague, t.id, "Completed")).toMatchObject({ ok: false, status: 404 });
    expect(await changeTaskStatus(db(), employee, t.id, "Awaiting Approval")).toMatchObject({ ok: false, error: TASK_MESSAGES.statusNotAllowed });
    expect(await changeTaskStatus(db(), manager, t.id, "Awaiting Approval")).toMatchObject({ ok: false });
    const waiting = await task({ status: "Awaiting Approval", amount: 500, transactionType: "expense", assignedTo: manager.id, createdBy: accountant.id });
    for (const actor of [manager]) expect(await changeTaskStatus(db(), actor, waiting.id, "Completed")).toMatchObject({ ok: false, error: TASK_MESSAGES.awaitingApproval });
    const [row] = await db().select().from(tasks).where(eq(tasks.id, waiting.id));
    expect(row!.status).toBe("Awaiting Approval");
    expect(await auditTrail(db(), "task", t.id)).toEqual([]);
  });

  it("the menu's current status saved as it is changes nothing, and two people sending the same move record it once", async () => {
    const t = await task();
    expect(await changeTaskStatus(db(), employee, t.id, "Pending")).toMatchObject({ ok: false, status: 409, error: TASK_MESSAGES.statusUnchanged });
    const results = await Promise.all([changeTaskStatus(db(), employee, t.id, "Awaiting Info"), changeTaskStatus(db(), manager, t.id, "Awaiting Info")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: TASK_MESSAGES.statusUnchanged });
    expect((await auditTrail(db(), "task", t.id)).map((e) => e.details)).toEqual([{ from: "Pending", to: "Awaiting Info" }]);
  });

  it("under concurrency, no change slips out of Awaiting Approval", async () => {
    const t = await task({ amount: 100, transactionType: "income" });
    // The manager sends it for approval while the employee completes it: whichever goes second is judged on the first's result.
    const results = await Promise.all([changeTaskStatus(db(), manager, t.id, "Awaiting Approval"), changeTaskStatus(db(), employee, t.id, "Completed")]);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, t.id));
    const trail = await auditTrail(db(), "task", t.id);
    // Either order ends Awaiting Approval: completed then sent for approval, or sent and the completion refused.
    expect(row!.status).toBe("Awaiting Approval");
    expect(trail.map((e) => e.details.to)).toEqual(results[1].ok ? ["Completed", "Awaiting Approval"] : ["Awaiting Approval"]);
    if (!results[1].ok) expect(results[1].error).toBe(TASK_MESSAGES.awaitingApproval);
  });
});

describe("the board's indexes", () => {
  it("give the board's order (newest first) without sorting every task: everyone's, one assignee's, one status's", async () => {
    const views = [undefined, eq(tasks.assignedTo, employee.id), eq(tasks.status, "Pending")];
    for (const where of views) {
      const plan = await db().transaction(async (tx) => {
        // The test table is small, so a sequential scan would win on cost; the question is whether an index can give the order at all.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const query = tx.select({ id: tasks.id }).from(tasks).where(where).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(TASK_PAGE_SIZE);
        const { rows } = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/Index (Only )?Scan using tasks_(created|assigned_created|status_created)_idx/);
      expect(plan).not.toMatch(/^\s*(->\s+)?Sort\s+\(/m); // at most an incremental sort of equal times
    }
  });

  it("the title search reads the stored folded title through its trigram index", async () => {
    await task({ title: "صيانة مكيّف شقة الروضة" });
    const [row] = await db().select({ folded: tasks.titleFolded }).from(tasks).where(eq(tasks.title, "صيانة مكيّف شقة الروضة"));
    expect(row!.folded).toBe("صيانه مكيف شقه الروضه");
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(sql`explain select count(*) from ${tasks} where ${tasks.titleFolded} like ar_fold(${"%شقة الروضة%"})`);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("tasks_title_trgm_idx");
  });
});

describe("a member's dashboard", () => {
  it("their newest open tasks, at most 20, with the true total: no silent cap", async () => {
    const member = await createStaffUser(db(), { name: "ريم", username: "reem.t", phone: "0551200006", role: "staff" });
    const hour = 3600_000;
    const now = Date.now();
    await db()
      .insert(tasks)
      .values([
        ...Array.from({ length: 22 }, (_, i) => ({ title: `مهمة ${i}`, assignedTo: member.id, createdBy: manager.id, createdAt: new Date(now - (i + 1) * hour) })),
        { title: "منتهية", status: "Completed" as const, assignedTo: member.id, createdBy: manager.id },
        { title: "لغيرها", assignedTo: colleague.id, createdBy: manager.id },
      ]);
    expect(await countOpenTasksFor(db(), member.id)).toBe(22);
    const { tasks: shown, total } = await dashboardTasksFor(db(), member.id, now);
    expect(total).toBe(22);
    expect(shown.map((t) => t.title)).toEqual(Array.from({ length: 20 }, (_, i) => `مهمة ${i}`));
    expect(shown[0]).toMatchObject({ status: "قيد الانتظار", late: false });
    expect(shown[19]).toMatchObject({ late: false });
    expect((await dashboardTasksFor(db(), member.id, now + 5 * hour)).tasks.filter((t) => t.late).map((t) => t.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `مهمة ${i}`).filter((_, i) => i + 1 + 5 > 24),
    );
  });
});

describe("counts and links", () => {
  it("counts open tasks and awaiting approvals; lists an inquiry's tasks", async () => {
    const [open, waiting] = await Promise.all([countOpenTasks(db()), countAwaitingApproval(db())]);
    await task({ status: "Cancelled" });
    await task({ status: "Awaiting Approval", amount: 1, transactionType: "income", assignedTo: manager.id });
    expect(await countOpenTasks(db())).toBe(open + 1);
    expect(await countAwaitingApproval(db())).toBe(waiting + 1);
    expect(await tasksOfInquiries(db(), [])).toEqual(new Map());
  });
});
