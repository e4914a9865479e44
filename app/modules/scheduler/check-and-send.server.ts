import type { CronItem, TaskList } from "graphile-worker";
import { log } from "~/utils/log.server.ts";

/** Which try of a send this is, and how many graphile-worker allows (the last one marks the row failed). */
export interface SendAttempt {
  number: number;
  max: number;
}

/**
 * The shape of the scheduled mail (the daily report, the search alerts' digests): a periodic check
 * that finds what is due and queues one job per row, and that job, which sends the row (retried by
 * graphile-worker up to its attempts; `send` marks the row failed on the last). A check that fails
 * is logged (`checkFailed`) and left to the next one, so no retries pile up behind it; a send job
 * whose payload names no row does nothing. `atStart`: the check also runs once when the server
 * starts (a catch-up after downtime).
 */
export function checkAndSendJobs({
  names,
  match,
  atStart,
  checkFailed,
  idField,
  check,
  send,
}: {
  names: { tick: string; send: string };
  /** The check's crontab line (UTC). */
  match: string;
  atStart: boolean;
  checkFailed: string;
  idField: string;
  check: () => Promise<unknown>;
  send: (id: number, attempt: SendAttempt) => Promise<unknown>;
}) {
  const tasks: TaskList = {
    [names.tick]: async () => {
      try {
        await check();
      } catch (error) {
        log.error(checkFailed, { error: error instanceof Error ? error.message : String(error) });
      }
    },
    [names.send]: async (payload, helpers) => {
      const id = Number((payload as Record<string, unknown> | null)?.[idField]);
      if (!Number.isInteger(id)) return;
      await send(id, { number: helpers.job.attempts, max: helpers.job.max_attempts });
    },
  };
  const cron: CronItem[] = [{ task: names.tick, identifier: names.tick, match }];
  return { tasks, cron, atStart: atStart ? [{ task: names.tick, jobKey: `${names.tick}:start` }] : [] };
}
