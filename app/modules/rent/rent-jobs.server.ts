import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { log } from "~/utils/log.server.ts";
import { generateDueInstalments } from "./instalments.server.ts";
import { sendArrearsReminders, type ReminderSenders } from "./reminders.server.ts";

/** The scheduler's tasks of the rent (decision 016: graphile-worker, a cron entry fires once across instances). */
const RENT_TASKS = { instalments: "rent:instalments", reminders: "rent:arrears-reminders" } as const;

/**
 * The rent's daily work: the instalments of the next 31 days at 00:10 Riyadh (21:10 UTC), the
 * arrears reminders at 10:00 Riyadh (07:00 UTC, not at night), and the instalments once at every
 * start (a catch-up after downtime). Each is safe to run twice at once (ON CONFLICT in both); a
 * failed run is logged and the next day's tries again.
 */
export function rentJobs(services: { db: Db } & ReminderSenders): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  const guarded = (name: string, work: () => Promise<number>) => async () => {
    try {
      const count = await work();
      if (count) log.info(name, { count });
    } catch (error) {
      log.warn(`${name} failed`, { error: error instanceof Error ? error.message : String(error) });
    }
  };
  return {
    tasks: {
      [RENT_TASKS.instalments]: guarded("rent instalments generated", () => generateDueInstalments(services.db)),
      [RENT_TASKS.reminders]: guarded("rent arrears reminders", () => sendArrearsReminders(services.db, services)),
    },
    cron: [
      { task: RENT_TASKS.instalments, identifier: RENT_TASKS.instalments, match: "10 21 * * *" },
      { task: RENT_TASKS.reminders, identifier: RENT_TASKS.reminders, match: "0 7 * * *" },
    ],
    atStart: [{ task: RENT_TASKS.instalments, jobKey: `${RENT_TASKS.instalments}:start` }],
  };
}
