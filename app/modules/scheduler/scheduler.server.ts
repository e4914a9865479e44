import { Logger, parseCronItems, run, type CronItem, type Runner, type TaskList } from "graphile-worker";
import { log } from "~/utils/log.server.ts";

/**
 * The app's PostgreSQL-backed job scheduler: graphile-worker (docs/decisions/016-job-scheduler.md).
 * Jobs live in the database's `graphile_worker` schema, so every instance on one database shares
 * one queue: a job runs on one instance, a cron entry fires once per timestamp across instances, and
 * a job added inside a transaction exists only if that transaction commits.
 */
export interface SchedulerOptions {
  /** The app's database (DATABASE_URL, or the embedded server's address). */
  connectionString: string;
  tasks: TaskList;
  /** Recurring entries (UTC minutes and hours; Riyadh is UTC+3, so its hours start at the same minutes). */
  cron?: CronItem[];
  /** Jobs added once at every start (the catch-up after downtime), each under its job key. */
  atStart?: Array<{ task: string; jobKey: string }>;
  /** How often the worker looks for jobs whose time has come (new jobs are heard at once through LISTEN). */
  pollIntervalMs?: number;
  concurrency?: number;
}

export interface Scheduler {
  /** Stops taking jobs, waits for running ones, and closes the scheduler's connections. */
  stop(): Promise<void>;
}

const LEVELS = { error: "error", warning: "warn", info: "debug", debug: "debug" } as const;

/**
 * graphile-worker's messages through our JSON log: its info is chatty (debug here), and a job's
 * failure, which it logs as an error with the stack, is the task's to report (debug here too).
 */
const logger = new Logger(() => (level, message, meta) => {
  log[meta?.failure === true ? "debug" : LEVELS[level]](`scheduler: ${message}`, meta?.error instanceof Error ? { error: meta.error.message } : undefined);
});

export async function startScheduler(options: SchedulerOptions): Promise<Scheduler> {
  const concurrency = options.concurrency ?? 2;
  const runner: Runner = await run({
    connectionString: options.connectionString,
    // Its own small pool: the LISTEN connection and the running jobs never wait behind page requests.
    maxPoolSize: concurrency + 2,
    concurrency,
    pollInterval: options.pollIntervalMs ?? 2_000,
    taskList: options.tasks,
    parsedCronItems: parseCronItems(options.cron ?? []),
    // server/shutdown.ts owns the signals: it closes the app, which stops the scheduler.
    noHandleSignals: true,
    logger,
    // A finished job's "done" goes through the batcher (at once: 0 ms), which a stop waits for; the
    // direct path is not awaited, so a job finishing as the app closes could stay locked for 4 hours.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  let stopped: Promise<void> | undefined;
  try {
    for (const job of options.atStart ?? []) await runner.addJob(job.task, {}, { jobKey: job.jobKey, maxAttempts: 1 });
  } catch (error) {
    await runner.stop();
    throw error;
  }
  return {
    stop() {
      stopped ??= runner.stop();
      return stopped;
    },
  };
}
