import { sql } from "drizzle-orm";
import { runMigrations } from "graphile-worker";
import { afterEach, beforeAll } from "vitest";
import type { Db } from "~/db/client.server.ts";
import { startScheduler, type Scheduler, type SchedulerOptions } from "~/modules/scheduler/scheduler.server.ts";
import { testDatabaseUrl } from "./mail-queue.ts";

/**
 * The real job queue (graphile-worker) on this file's database: its tables made before the tests;
 * the schedulers a test starts are stopped after it.
 */
export function useJobQueue(db: () => Db) {
  let connectionString = "";
  const running: Scheduler[] = [];
  const stopSchedulers = async () => {
    await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()));
  };
  beforeAll(async () => {
    connectionString = await testDatabaseUrl(db());
    await runMigrations({ connectionString });
  });
  afterEach(stopSchedulers);
  return {
    /** Starts a scheduler like the app's on this database (stopped after the test). */
    async startScheduler(options: Omit<SchedulerOptions, "connectionString">): Promise<Scheduler> {
      const scheduler = await startScheduler({ connectionString, ...options });
      running.push(scheduler);
      return scheduler;
    },
    /** Stops the schedulers started so far (a restart, or before a check that needs them stopped). */
    stopSchedulers,
    /** Marks every queued job done: a test starts from an empty queue. */
    async clearJobs() {
      await db().execute(sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`);
    },
  };
}
