import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, clientEvents, clients, inquiries, staffUsers, tasks, transactions } from "~/db/schema.ts";
import { listTransactions } from "~/modules/finance/finance.server.ts";
import { listInbox } from "~/modules/inquiries/inbox.server.ts";
import { isLate, isTaskOpen, TASK_STATUSES } from "~/modules/tasks/status.ts";
import { countAwaitingApproval, listTasks } from "~/modules/tasks/tasks.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffer } from "../tests/factories/offers.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";
import { DEMO_INQUIRIES, DEMO_TASKS, DEMO_TRANSACTIONS } from "./office.ts";
import { seedDemoOffice } from "./office.server.ts";
import { seedDemoStaff } from "./staff.server.ts";

const db = useTestDatabase();
const now = Date.parse("2026-11-23T09:00:00Z");
const DAY = 86_400_000;

async function profile(username: string): Promise<StaffProfile> {
  const [row] = await db()
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      username: staffUsers.username,
      email: staffUsers.email,
      phone: staffUsers.phone,
      role: staffUsers.role,
      active: staffUsers.active,
    })
    .from(staffUsers)
    .where(eq(staffUsers.username, username));
  return row!;
}

const sizes = async () => {
  const [[i], [t], [x], [a]] = await Promise.all([
    db().select({ n: count() }).from(inquiries),
    db().select({ n: count() }).from(tasks),
    db().select({ n: count() }).from(transactions),
    db().select({ n: count() }).from(auditLog),
  ]);
  return { inquiries: i!.n, tasks: t!.n, transactions: x!.n, audit: a!.n };
};

beforeAll(async () => {
  await seedDemoStaff(db());
  for (let i = 0; i < 3; i++) await createOffer(db(), { title: `عرض ${i}` });
  await seedDemoOffice(db(), now);
});

describe("the back office's demo records", () => {
  it("are written once: a second start adds nothing", async () => {
    const before = await sizes();
    expect(before).toMatchObject({ inquiries: DEMO_INQUIRIES.length, tasks: DEMO_TASKS.length + DEMO_TRANSACTIONS.length, transactions: DEMO_TRANSACTIONS.length });
    await seedDemoOffice(db(), now + DAY);
    expect(await sizes()).toEqual(before);
  });

  it("tasks across the statuses and the staff: some late, one from an inquiry, some about an offer, one awaiting approval, one rejected with its reason", async () => {
    const manager = await profile("khaled");
    const board = await listTasks(db(), manager, { page: 1 }, now);
    expect(board.total).toBe(DEMO_TASKS.length + DEMO_TRANSACTIONS.length);
    const demo = board.tasks.filter((t) => DEMO_TASKS.some((d) => d.title === t.title));
    expect(new Set(demo.map((t) => t.status))).toEqual(new Set(TASK_STATUSES));
    expect(new Set(demo.map((t) => t.assignee?.name)).size).toBe(3);
    expect(demo.filter((t) => t.late).length).toBeGreaterThanOrEqual(3);
    expect(demo.filter((t) => isTaskOpen(t.status) && !isLate(t, now)).length).toBeGreaterThanOrEqual(2);
    const help = demo.find((t) => t.inquiry);
    expect(help).toMatchObject({ assignee: { name: "فهد الحربي" }, creator: { name: "سارة القحطاني" }, inquiry: { name: "عبدالله الشهري" } });
    expect(demo.filter((t) => t.offer).length).toBeGreaterThanOrEqual(1);
    expect(demo.find((t) => t.status === "Awaiting Approval")).toMatchObject({ assignee: { name: "خالد العتيبي" }, amount: 3450.5, transactionType: "expense", canDecide: true });
    expect(demo.find((t) => t.status === "Rejected")?.notes).not.toBe("");
    expect(await countAwaitingApproval(db())).toBe(1);
    // The employee and the accountant each have open tasks of their own on their dashboard.
    for (const username of ["sara", "fahad"]) expect((await listTasks(db(), await profile(username), { open: true, page: 1 }, now)).total, username).toBeGreaterThanOrEqual(2);
  });

  it("the inquiry's card lists its help request; the audit log has the steps", async () => {
    const [card] = (await listInbox(db(), await profile("khaled"), {}, now)).filter((c) => c.name === "عبدالله الشهري");
    expect(card!.tasks).toEqual([expect.objectContaining({ title: "استفسار عن العربون وطريقة السداد", status: "Pending", canOpen: true })]);
    expect(card!.lastAction).toMatchObject({ action: "help-request", actorName: "سارة القحطاني" });
    expect(card!.replyHistory).toHaveLength(1);
  });

  it("a month of approved income and expenses, each from a completed request, with the approver and the notes", async () => {
    const rows = await db().select().from(transactions);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["income", "expense"]));
    for (const row of rows) {
      expect(row.date.getTime()).toBeGreaterThan(now - 30 * DAY);
      expect(row.date.getTime()).toBeLessThanOrEqual(now);
      expect(row.approvedBy).not.toBeNull();
    }
    expect(rows.some((r) => r.approvalNotes)).toBe(true);
    const requests = await db()
      .select()
      .from(tasks)
      .where(
        inArray(
          tasks.id,
          rows.map((r) => r.relatedTaskId!),
        ),
      );
    expect(requests.every((t) => t.status === "Completed" && rows.some((r) => r.relatedTaskId === t.id && r.amount === t.amount && r.type === t.transactionType))).toBe(true);
    // The finance page's totals agree with the data.
    const { totals } = await listTransactions(db(), await profile("khaled"), { page: 1 });
    const sum = (type: string) => DEMO_TRANSACTIONS.filter((t) => t.type === type).reduce((total, t) => total + t.amount, 0);
    expect(totals).toEqual({ income: sum("income"), expense: sum("expense"), net: sum("income") - sum("expense") });
    const approvals = await db().select().from(auditLog).where(eq(auditLog.action, "approve"));
    expect(approvals).toHaveLength(DEMO_TRANSACTIONS.length);
  });

  it("a database with tasks but no transactions gets only the transactions", async () => {
    await db().delete(transactions);
    const before = await sizes();
    await seedDemoOffice(db(), now);
    expect(await sizes()).toMatchObject({ inquiries: before.inquiries, tasks: before.tasks + DEMO_TRANSACTIONS.length, transactions: DEMO_TRANSACTIONS.length });
  });
});

describe("the demo offers' status changes (the reports' days on market)", () => {
  it("a sold and a rented offer each get the change that sold or rented them, between listing and now, once", async () => {
    const listed = new Date(now - 40 * DAY);
    const sold = await createOffer(db(), { title: "فيلا مباعة", status: "مباع", createdAt: listed });
    const rented = await createOffer(db(), { title: "شقة مؤجرة", status: "مؤجر", createdAt: listed });
    await seedDemoOffice(db(), now);
    await seedDemoOffice(db(), now);
    const changes = await db().select().from(auditLog).where(eq(auditLog.entity, "offer"));
    expect(changes.map((c) => [c.entityId, c.action, c.details]).sort()).toEqual(
      [
        [sold.id, "status-change", { from: "للبيع", to: "مباع" }],
        [rented.id, "status-change", { from: "للإيجار", to: "مؤجر" }],
      ].sort(),
    );
    for (const change of changes) expect(change.createdAt.getTime()).toBe(listed.getTime() + 24 * DAY);
  });
});

describe("the demo's clients (decision 045)", () => {
  it("gives every demo inquiry its client, at the demo's stage, with the replies and its note on the timeline and the first-answer clock stopped", async () => {
    const rows = await db()
      .select({ phone: inquiries.phone, stage: clients.stage, firstReplyAt: clients.firstReplyAt, clientId: clients.id })
      .from(inquiries)
      .innerJoin(clients, eq(clients.id, inquiries.clientId));
    expect(rows).toHaveLength(DEMO_INQUIRIES.length);
    for (const demo of DEMO_INQUIRIES) {
      const row = rows.find((r) => r.phone === demo.phone)!;
      expect(row.stage).toBe(demo.client.stage);
      expect(row.firstReplyAt === null).toBe(demo.replies.length === 0);
      const replies = await db().$count(clientEvents, and(eq(clientEvents.clientId, row.clientId), eq(clientEvents.kind, "reply")));
      expect(replies).toBe(demo.replies.length);
      // A demo client's note is on their timeline (clients keep no notes column).
      const notes = await db()
        .select({ details: clientEvents.details })
        .from(clientEvents)
        .where(and(eq(clientEvents.clientId, row.clientId), eq(clientEvents.kind, "note")));
      expect(notes.map((note) => note.details.text)).toEqual(demo.client.notes ? [demo.client.notes] : []);
    }
    expect(new Set(rows.map((r) => r.stage)).size).toBeGreaterThan(2);
  });
});
