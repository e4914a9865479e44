import { sql } from "drizzle-orm";
import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { viewings } from "~/db/schema.ts";
import type { SmsSender } from "~/modules/messaging/sms.server.ts";
import { log } from "~/utils/log.server.ts";
import { VIEWING_SMS, viewingForReminder } from "./viewings.server.ts";

/** The scheduler's task of the viewings' reminders (decision 016: graphile-worker, once across instances). */
const VIEWING_TASKS = { reminders: "viewing_reminders" } as const;

/** The two reminders: a day before and two hours before; each column records that it went. */
const REMINDERS = [
  { column: "reminded_24h_at", hours: 24 },
  { column: "reminded_2h_at", hours: 2 },
] as const;

/**
 * Sends the reminders that are due at `now`, each exactly once: a confirmed viewing whose reminder
 * time has come, that has not begun, that was booked before that time (a viewing booked for this
 * evening gets no «tomorrow» reminder) and whose reminder has not gone. Each is claimed with its
 * row locked (`for update skip locked`: a second run at once skips it), texted, and marked in the
 * same transaction: a failed SMS rolls the claim back and the next run tries again. A cancelled
 * viewing is never reminded. Returns how many were sent.
 */
export async function sendDueReminders(db: Db, sms: SmsSender, now = new Date()): Promise<number> {
  let sent = 0;
  for (const reminder of REMINDERS) {
    const column = sql.raw(reminder.column);
    const due = await db.execute<{ id: number }>(sql`
      select id from ${viewings}
      where status = 'confirmed' and ${column} is null
        and starts_at - make_interval(hours => ${reminder.hours}) <= ${now.toISOString()}::timestamptz
        and starts_at > ${now.toISOString()}::timestamptz
        and coalesce(confirmed_at, created_at) < starts_at - make_interval(hours => ${reminder.hours})
      order by starts_at`);
    for (const { id } of due.rows) {
      const done = await db.transaction(async (tx) => {
        const claimed = await tx.execute<{ id: number }>(sql`
          select id from ${viewings} where id = ${id} and status = 'confirmed' and ${column} is null for update skip locked`);
        if (!claimed.rows.length) return false;
        const v = await viewingForReminder(tx, id);
        if (v?.clientPhone) await sms.send({ to: v.clientPhone, body: VIEWING_SMS.reminder(v) });
        await tx.execute(sql`update ${viewings} set ${column} = ${now.toISOString()}::timestamptz where id = ${id}`);
        return true;
      });
      if (done) sent += 1;
    }
  }
  if (sent) log.info("viewing reminders sent", { sent });
  return sent;
}

/** The reminders on the scheduler: a check every minute (a failed one is logged, and the next minute tries again). */
export function viewingReminderJobs(services: { db: Db; sms: SmsSender }) {
  const tasks: TaskList = {
    [VIEWING_TASKS.reminders]: async () => {
      try {
        await sendDueReminders(services.db, services.sms);
      } catch (error) {
        log.warn("viewing reminders failed", { error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
  const cron: CronItem[] = [{ task: VIEWING_TASKS.reminders, identifier: VIEWING_TASKS.reminders, match: "* * * * *" }];
  return { tasks, cron, atStart: [] as Array<{ task: string; jobKey: string }> };
}
