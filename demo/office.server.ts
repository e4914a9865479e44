/**
 * The back office's demo records (office.ts): inquiries, tasks and a month of approved
 * transactions, so the inbox, the task board, the finance page and the dashboards are not empty.
 * Each part is written once, into an empty table, in one transaction.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { auditLog, clientEvents, clients, inquiries, offers, staffUsers, tasks, transactions, type ReplyEntry } from "~/db/schema.ts";
import { attachMessageToClient, recordReplyToClient } from "~/modules/clients/index.server.ts";
import type { AuditAction, AuditEntity } from "~/modules/audit/audit-labels.ts";
import { log } from "~/utils/log.server.ts";
import { DEMO_INQUIRIES, DEMO_TASKS, DEMO_TRANSACTIONS, type DemoStaffName } from "./office.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function isEmpty(db: Db | Tx, table: typeof inquiries | typeof tasks | typeof transactions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** The demo staff's ids by username, or null when one of them is gone (then there is no one to give the records to). */
async function demoStaffIds(db: Db | Tx): Promise<Record<DemoStaffName, { id: number; name: string }> | null> {
  const names: DemoStaffName[] = ["khaled", "noura", "fahad", "sara"];
  const rows = await db.select({ id: staffUsers.id, name: staffUsers.name, username: staffUsers.username }).from(staffUsers).where(inArray(staffUsers.username, names));
  const byName = Object.fromEntries(rows.map((row) => [row.username, { id: row.id, name: row.name }]));
  return names.every((name) => byName[name]) ? (byName as Record<DemoStaffName, { id: number; name: string }>) : null;
}

/** The demo offers, newest first (the records name them by position). */
async function newestOffers(db: Db | Tx) {
  return db.select({ id: offers.id, title: offers.title, city: offers.city }).from(offers).orderBy(desc(offers.createdAt), desc(offers.id)).limit(10);
}

/** Seeds the office's demo records, after the demo staff and offers. */
export async function seedDemoOffice(db: Db, now = Date.now()) {
  const staff = await demoStaffIds(db);
  if (!staff) {
    log.warn("demo office records skipped: a demo staff member is missing");
    return;
  }
  await seedDemoInquiries(db, staff, now);
  await seedDemoTasks(db, staff, now);
  await seedDemoTransactions(db, staff, now);
  await seedDemoOfferStatusChanges(db, staff, now);
}

/**
 * The status change that sold or rented each demo offer now sold or rented (as saving the offer
 * form records it), part way between its listing and now: the reports' days on market.
 */
async function seedDemoOfferStatusChanges(db: Db, staff: Staff, now: number) {
  await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "offer"), eq(auditLog.action, "status-change")));
    if ((known?.n ?? 0) > 0) return;
    const done = await tx
      .select({ id: offers.id, status: offers.status, createdAt: offers.createdAt })
      .from(offers)
      .where(inArray(offers.status, ["مباع", "مؤجر"]));
    await writeAudit(
      tx,
      done.map((offer) => ({
        entity: "offer",
        entityId: offer.id,
        action: "status-change",
        actor: staff.khaled,
        at: new Date(offer.createdAt.getTime() + (now - offer.createdAt.getTime()) * 0.6),
        details: { from: offer.status === "مباع" ? "للبيع" : "للإيجار", to: offer.status },
      })),
    );
  });
}

type Staff = Record<DemoStaffName, { id: number; name: string }>;

/** An audit entry as the app writes it (recordAudit), at the demo record's own time. */
interface AuditRow {
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  actor: { id: number; name: string };
  at: Date;
  details: Record<string, unknown>;
}

async function writeAudit(tx: Tx, rows: AuditRow[]) {
  if (!rows.length) return;
  await tx
    .insert(auditLog)
    .values(rows.map((r) => ({ entity: r.entity, entityId: r.entityId, action: r.action, actorId: r.actor.id, actorName: r.actor.name, details: r.details, createdAt: r.at })));
}

async function seedDemoInquiries(db: Db, staff: Staff, now: number) {
  await db.transaction(async (tx) => {
    if (!(await isEmpty(tx, inquiries))) return;
    const list = await newestOffers(tx);
    for (const demo of DEMO_INQUIRIES) {
      const createdAt = new Date(now - demo.ageHours * HOUR);
      const offer = demo.offer != null ? list[demo.offer] : undefined;
      const replies = demo.replies.map((reply) => ({ ...reply, at: new Date(createdAt.getTime() + reply.afterHours * HOUR) }));
      const replyHistory: ReplyEntry[] = replies.map((reply) => ({
        timestamp: reply.at.toISOString(),
        method: reply.method,
        message: reply.message,
        sentBy: staff[reply.by].name,
      }));
      const [row] = await tx
        .insert(inquiries)
        .values({
          name: demo.name,
          phone: demo.phone,
          email: demo.email,
          message: demo.message,
          propertyId: offer?.id ?? null,
          propertyTitle: offer?.title ?? "",
          status: demo.status,
          replyHistory,
          createdAt,
        })
        .returning({ id: inquiries.id });
      // Its writer as a client, with the stage and owner of the demo (decision 045).
      const { clientId } = await attachMessageToClient(tx, {
        kind: offer ? "inquiry" : "contact",
        refId: row!.id,
        name: demo.name,
        phone: demo.phone,
        email: demo.email,
        at: createdAt,
        details: { title: offer?.title ?? "" },
        city: offer?.city ?? "",
      });
      await tx.update(inquiries).set({ clientId }).where(eq(inquiries.id, row!.id));
      for (const reply of replies) await recordReplyToClient(tx, clientId, { inquiryId: row!.id, actorId: staff[reply.by].id, at: reply.at, method: reply.method });
      await tx
        .update(clients)
        .set({ stage: demo.client.stage, ownerId: demo.client.owner ? staff[demo.client.owner].id : null })
        .where(eq(clients.id, clientId));
      // A client's note is an entry on their timeline, by their owner, after the last reply.
      if (demo.client.notes) {
        const lastAt = replies.at(-1)?.at ?? createdAt;
        const author = demo.client.owner ? staff[demo.client.owner].id : null;
        await tx.insert(clientEvents).values({ clientId, kind: "note", at: new Date(lastAt.getTime() + HOUR), actorId: author, details: { text: demo.client.notes } });
      }
      const trail: AuditRow[] = replies.map((reply, i) => ({
        entity: "inquiry",
        entityId: row!.id,
        action: `reply-${reply.method}`,
        actor: staff[reply.by],
        at: reply.at,
        details: { from: i ? "replied" : "pending" },
      }));
      if (demo.status === "completed")
        trail.push({ entity: "inquiry", entityId: row!.id, action: "complete", actor: staff.sara, at: new Date(createdAt.getTime() + 24 * HOUR), details: { from: "replied" } });
      await writeAudit(tx, trail);
    }
  });
}

async function seedDemoTasks(db: Db, staff: Staff, now: number) {
  await db.transaction(async (tx) => {
    if (!(await isEmpty(tx, tasks))) return;
    const list = await newestOffers(tx);
    // The help request belongs to the demo inquiry it came from, when the demo inquiries are there.
    const demoInquiries = await tx
      .select({ id: inquiries.id, phone: inquiries.phone })
      .from(inquiries)
      .where(
        inArray(
          inquiries.phone,
          DEMO_INQUIRIES.map((i) => i.phone),
        ),
      );
    const inquiryId = (key: string) => demoInquiries.find((row) => row.phone === DEMO_INQUIRIES.find((i) => i.key === key)?.phone)?.id ?? null;
    for (const demo of DEMO_TASKS) {
      const createdAt = new Date(now - demo.ageHours * HOUR);
      const finance = demo.amount != null;
      const opened = finance ? "Awaiting Approval" : "Pending";
      // Moved on an hour after it was made (or at once, for a fresh one).
      const updatedAt = demo.status === opened ? createdAt : new Date(Math.min(now, createdAt.getTime() + HOUR));
      const relatedInquiryId = demo.inquiry ? inquiryId(demo.inquiry) : null;
      const [row] = await tx
        .insert(tasks)
        .values({
          title: demo.title,
          description: demo.description,
          assignedTo: staff[demo.assignedTo].id,
          createdBy: staff[demo.createdBy].id,
          status: demo.status,
          relatedInquiryId,
          relatedPropertyId: demo.offer != null ? (list[demo.offer]?.id ?? null) : null,
          amount: demo.amount ?? null,
          transactionType: demo.transactionType ?? null,
          notes: demo.notes ?? "",
          dueDate: demo.dueInDays != null ? new Date(now + demo.dueInDays * DAY).toISOString().slice(0, 10) : null,
          createdAt,
          updatedAt,
        })
        .returning({ id: tasks.id });
      const id = row!.id;
      // The audit trail the same steps would have left: made (a help request is the inquiry's entry), then moved on.
      const trail: AuditRow[] = [
        relatedInquiryId != null
          ? { entity: "inquiry", entityId: relatedInquiryId, action: "help-request", actor: staff[demo.createdBy], at: createdAt, details: { taskId: id } }
          : finance
            ? { entity: "task", entityId: id, action: "finance-request", actor: staff[demo.createdBy], at: createdAt, details: { amount: demo.amount, type: demo.transactionType } }
            : { entity: "task", entityId: id, action: "task-created", actor: staff[demo.createdBy], at: createdAt, details: { assignedTo: staff[demo.assignedTo].id } },
      ];
      if (demo.status === "Rejected")
        trail.push({ entity: "task", entityId: id, action: "reject", actor: staff[demo.assignedTo], at: updatedAt, details: { notes: demo.notes ?? "" } });
      else if (demo.status !== opened) {
        const actor = demo.status === "Cancelled" ? staff[demo.createdBy] : staff[demo.assignedTo];
        trail.push({ entity: "task", entityId: id, action: "status-change", actor, at: updatedAt, details: { from: opened, to: demo.status } });
      }
      await writeAudit(tx, trail);
    }
  });
}

/** Each transaction as the approval makes it: the accountant's request (now Completed, with the notes) and the transaction that points to it. */
async function seedDemoTransactions(db: Db, staff: Staff, now: number) {
  await db.transaction(async (tx) => {
    if (!(await isEmpty(tx, transactions))) return;
    for (const demo of DEMO_TRANSACTIONS) {
      const approvedAt = new Date(now - demo.daysAgo * DAY);
      const requestedAt = new Date(approvedAt.getTime() - 3 * HOUR);
      const [task] = await tx
        .insert(tasks)
        .values({
          title: demo.description,
          description: "",
          assignedTo: staff[demo.approvedBy].id,
          createdBy: staff.fahad.id,
          status: "Completed",
          amount: demo.amount,
          transactionType: demo.type,
          notes: demo.notes,
          createdAt: requestedAt,
          updatedAt: approvedAt,
        })
        .returning({ id: tasks.id });
      const [transaction] = await tx
        .insert(transactions)
        .values({
          date: approvedAt,
          description: demo.description,
          amount: demo.amount,
          type: demo.type,
          createdBy: staff.fahad.id,
          approvedBy: staff[demo.approvedBy].id,
          approvalNotes: demo.notes,
          relatedTaskId: task!.id,
        })
        .returning({ id: transactions.id });
      await writeAudit(tx, [
        { entity: "task", entityId: task!.id, action: "finance-request", actor: staff.fahad, at: requestedAt, details: { amount: demo.amount, type: demo.type } },
        { entity: "task", entityId: task!.id, action: "approve", actor: staff[demo.approvedBy], at: approvedAt, details: { transactionId: transaction!.id, notes: demo.notes } },
      ]);
    }
  });
}
