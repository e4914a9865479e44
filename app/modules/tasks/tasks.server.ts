import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { tasks } from "~/db/schema.ts";
import { CLOSED_TASK_STATUSES } from "./status.ts";

export type Task = typeof tasks.$inferSelect;

const isOpen = notInArray(tasks.status, [...CLOSED_TASK_STATUSES]);

/** The manager's dashboard count: every open task. */
export async function countOpenTasks(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(isOpen);
  return row?.count ?? 0;
}

/** A member's own open tasks, newest first (accountant and staff dashboards). */
export async function listOpenTasksFor(db: Db, userId: number, limit = 20): Promise<Task[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.assignedTo, userId), isOpen))
    .orderBy(desc(tasks.createdAt))
    .limit(limit);
}
