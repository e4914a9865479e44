/**
 * The five datasets a report exports (the period's offers, inquiries, owner submissions, tasks and
 * transactions): their columns with Arabic headers and kinds (text, number, money, moment), and
 * their rows newest first, read in batches by keyset (time, id) so an export never holds more than
 * one batch, and never more than EXPORT_ROW_CAP rows in all.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server.ts";
import { inquiries, offers, staffUsers, submissions, tasks, transactions } from "~/db/schema.ts";
import { chargesDataset, instalmentsDataset } from "~/modules/property-reports/index.server.ts";
import { TRANSACTION_TYPE_LABELS } from "~/modules/tasks/transaction-type.ts";
import { inquiryStatusLabel } from "~/modules/inquiries/status.ts";
import { submissionStatusView } from "~/modules/submissions/status.ts";
import { taskStatusLabel } from "~/modules/tasks/status.ts";
import type { CsvValue } from "./csv.ts";
import { EXPORT_ROW_CAP, type ExportDataset } from "./report-view.ts";

/** How a column's values are written: text, whole numbers, numbers with decimals, riyals, a moment or a day. */
export type ColumnKind = "text" | "integer" | "decimal" | "money" | "datetime" | "date";

interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** Width in characters in the spreadsheet. */
  width: number;
}

/** One row: a value per column, in the columns' order. */
type ExportRow = CsvValue[];

export interface ExportDatasetDefinition {
  columns: ExportColumn[];
  /** The rows of [start, end), newest first, a batch at a time, at most `cap` in all. */
  batches(db: Db, range: { start: Date; end: Date }, cap?: number): AsyncGenerator<ExportRow[]>;
}

const BATCH = 1000;

const col = (header: string, kind: ColumnKind, width = 14): ExportColumn => ({ header, kind, width });

/** A cursor kept as PostgreSQL's own text of the time (microseconds), so the next batch starts exactly after the last row. */
type Cursor = { at: string; id: number } | null;

/**
 * Batches of a query ordered by (time desc, id desc): `page(cursor, limit)` returns the rows after
 * the cursor and each row's own cursor. Stops at `cap` rows.
 */
async function* keyset<R>(page: (after: Cursor, limit: number) => Promise<Array<{ row: R; cursor: Cursor }>>, cap: number): AsyncGenerator<R[]> {
  let after: Cursor = null;
  let left = cap;
  while (left > 0) {
    const limit = Math.min(BATCH, left);
    const found = await page(after, limit);
    if (found.length) yield found.map((f) => f.row);
    if (found.length < limit) return;
    left -= found.length;
    after = found.at(-1)!.cursor;
  }
}

/** The period and the cursor's condition on a table's time and id columns. */
function window(time: AnyPgColumn, id: AnyPgColumn, range: { start: Date; end: Date }, after: Cursor): SQL {
  return and(gte(time, range.start), lt(time, range.end), after ? sql`(${time}, ${id}) < (${after.at}::timestamptz, ${after.id})` : undefined)!;
}

const withCursor = <T extends { cursorAt: string; cursorId: number }>(rows: T[], toRow: (r: T) => ExportRow) =>
  rows.map((r) => ({ row: toRow(r), cursor: { at: r.cursorAt, id: r.cursorId } }));

const offersDataset: ExportDatasetDefinition = {
  columns: [
    col("رقم العرض", "integer", 10),
    col("العنوان", "text", 40),
    col("الحالة", "text"),
    col("نوع العقار", "text"),
    col("المدينة", "text"),
    col("الحي", "text"),
    col("السعر (ريال)", "money", 16),
    col("المساحة (م²)", "decimal"),
    col("غرف النوم", "integer", 10),
    col("دورات المياه", "integer", 10),
    col("تاريخ الإضافة", "datetime", 18),
    col("آخر تحديث", "datetime", 18),
  ],
  batches: (db, range, cap = EXPORT_ROW_CAP) =>
    keyset(async (after, limit) => {
      const rows = await db
        .select({
          o: offers,
          cursorAt: sql<string>`${offers.createdAt}::text`,
          cursorId: offers.id,
        })
        .from(offers)
        .where(window(offers.createdAt, offers.id, range, after))
        .orderBy(desc(offers.createdAt), desc(offers.id))
        .limit(limit);
      return withCursor(rows, ({ o }) => [o.id, o.title, o.status, o.propertyType, o.city, o.location, o.price, o.area, o.bedrooms, o.bathrooms, o.createdAt, o.updatedAt]);
    }, cap),
};

const inquiriesDataset: ExportDatasetDefinition = {
  columns: [
    col("رقم الاستفسار", "integer", 10),
    col("الاسم", "text", 20),
    col("الهاتف", "text", 16),
    col("البريد الإلكتروني", "text", 24),
    col("الحالة", "text"),
    col("رقم العرض", "integer", 10),
    col("العقار", "text", 30),
    col("الرسالة", "text", 50),
    col("عدد الردود", "integer", 10),
    col("أول رد", "datetime", 18),
    col("تاريخ الاستلام", "datetime", 18),
  ],
  batches: (db, range, cap = EXPORT_ROW_CAP) =>
    keyset(async (after, limit) => {
      const rows = await db
        .select({
          i: {
            id: inquiries.id,
            name: inquiries.name,
            phone: inquiries.phone,
            email: inquiries.email,
            status: inquiries.status,
            propertyId: inquiries.propertyId,
            propertyTitle: inquiries.propertyTitle,
            message: inquiries.message,
            createdAt: inquiries.createdAt,
          },
          replies: sql<number>`jsonb_array_length(${inquiries.replyHistory})`.mapWith(Number),
          firstReply: sql<string | null>`${inquiries.replyHistory}->0->>'timestamp'`,
          cursorAt: sql<string>`${inquiries.createdAt}::text`,
          cursorId: inquiries.id,
        })
        .from(inquiries)
        .where(window(inquiries.createdAt, inquiries.id, range, after))
        .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
        .limit(limit);
      return withCursor(rows, ({ i, replies, firstReply }) => [
        i.id,
        i.name,
        i.phone,
        i.email,
        inquiryStatusLabel(i.status),
        i.propertyId,
        i.propertyTitle,
        i.message,
        replies,
        firstReply ? new Date(firstReply) : null,
        i.createdAt,
      ]);
    }, cap),
};

const submissionsDataset: ExportDatasetDefinition = {
  columns: [
    col("رقم الطلب", "integer", 10),
    col("اسم المالك", "text", 20),
    col("الهاتف", "text", 16),
    col("البريد الإلكتروني", "text", 24),
    col("الحالة", "text"),
    col("نوع العقار", "text"),
    col("المدينة", "text"),
    col("الحي", "text"),
    col("المساحة (م²)", "decimal"),
    col("الوصف", "text", 50),
    col("تاريخ الاستلام", "datetime", 18),
  ],
  batches: (db, range, cap = EXPORT_ROW_CAP) =>
    keyset(async (after, limit) => {
      const rows = await db
        .select({ s: submissions, cursorAt: sql<string>`${submissions.createdAt}::text`, cursorId: submissions.id })
        .from(submissions)
        .where(window(submissions.createdAt, submissions.id, range, after))
        .orderBy(desc(submissions.createdAt), desc(submissions.id))
        .limit(limit);
      return withCursor(rows, ({ s }) => [
        s.id,
        s.clientName,
        s.clientPhone,
        s.clientEmail,
        submissionStatusView(s.status).label,
        s.propertyType,
        s.city,
        s.neighbourhood,
        s.area,
        s.description,
        s.createdAt,
      ]);
    }, cap),
};

const assignee = alias(staffUsers, "assignee");
const taskCreator = alias(staffUsers, "task_creator");

const tasksDataset: ExportDatasetDefinition = {
  columns: [
    col("رقم المهمة", "integer", 10),
    col("العنوان", "text", 36),
    col("الحالة", "text"),
    col("المكلَّف", "text", 18),
    col("أنشأها", "text", 18),
    col("المبلغ (ريال)", "money", 16),
    col("نوع المعاملة", "text", 10),
    col("تاريخ الاستحقاق", "date", 14),
    col("تاريخ الإنشاء", "datetime", 18),
    col("آخر تحديث", "datetime", 18),
  ],
  batches: (db, range, cap = EXPORT_ROW_CAP) =>
    keyset(async (after, limit) => {
      const rows = await db
        .select({
          t: {
            id: tasks.id,
            title: tasks.title,
            status: tasks.status,
            amount: tasks.amount,
            transactionType: tasks.transactionType,
            dueDate: tasks.dueDate,
            createdAt: tasks.createdAt,
            updatedAt: tasks.updatedAt,
          },
          assignee: assignee.name,
          creator: taskCreator.name,
          cursorAt: sql<string>`${tasks.createdAt}::text`,
          cursorId: tasks.id,
        })
        .from(tasks)
        .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
        .leftJoin(taskCreator, eq(taskCreator.id, tasks.createdBy))
        .where(window(tasks.createdAt, tasks.id, range, after))
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(limit);
      return withCursor(rows, ({ t, assignee: to, creator }) => [
        t.id,
        t.title,
        taskStatusLabel(t.status),
        to,
        creator,
        t.amount,
        t.transactionType ? TRANSACTION_TYPE_LABELS[t.transactionType] : null,
        t.dueDate ? new Date(`${t.dueDate}T00:00:00+03:00`) : null,
        t.createdAt,
        t.updatedAt,
      ]);
    }, cap),
};

const txCreator = alias(staffUsers, "tx_creator");
const txApprover = alias(staffUsers, "tx_approver");

const transactionsDataset: ExportDatasetDefinition = {
  columns: [
    col("رقم المعاملة", "integer", 10),
    col("التاريخ", "datetime", 18),
    col("الوصف", "text", 36),
    col("النوع", "text", 10),
    col("المبلغ (ريال)", "money", 16),
    col("أنشأها", "text", 18),
    col("اعتمدها", "text", 18),
    col("ملاحظات الاعتماد", "text", 30),
    col("رقم المهمة", "integer", 10),
  ],
  batches: (db, range, cap = EXPORT_ROW_CAP) =>
    keyset(async (after, limit) => {
      const rows = await db
        .select({
          x: transactions,
          creator: txCreator.name,
          approver: txApprover.name,
          cursorAt: sql<string>`${transactions.date}::text`,
          cursorId: transactions.id,
        })
        .from(transactions)
        .leftJoin(txCreator, eq(txCreator.id, transactions.createdBy))
        .leftJoin(txApprover, eq(txApprover.id, transactions.approvedBy))
        .where(window(transactions.date, transactions.id, range, after))
        .orderBy(desc(transactions.date), desc(transactions.id))
        .limit(limit);
      return withCursor(rows, ({ x, creator, approver }) => [
        x.id,
        x.date,
        x.description,
        TRANSACTION_TYPE_LABELS[x.type],
        x.amount,
        creator,
        approver,
        x.approvalNotes,
        x.relatedTaskId,
      ]);
    }, cap),
};

export const EXPORT_DEFINITIONS: Record<ExportDataset, ExportDatasetDefinition> = {
  offers: offersDataset,
  inquiries: inquiriesDataset,
  submissions: submissionsDataset,
  tasks: tasksDataset,
  transactions: transactionsDataset,
  instalments: instalmentsDataset(EXPORT_ROW_CAP),
  charges: chargesDataset(EXPORT_ROW_CAP),
};
