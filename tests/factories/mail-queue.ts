import { sql } from "drizzle-orm";
import { Logger, runOnce } from "graphile-worker";
import { inject } from "vitest";
import type { Db } from "~/db/client.server.ts";
import { mailQueueJobs } from "~/modules/messaging/mail-queue.server.ts";
import type { Mailer } from "~/modules/messaging/mail.server.ts";

const quietLogger = new Logger(() => () => undefined);

/** The connection string of this test file's own database (tests/setup/test-db.ts). */
export async function testDatabaseUrl(db: Db): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`select current_database() as name`);
  return inject("databaseUrl").replace(/\/[^/]+$/, `/${rows[0]!.name}`);
}

/**
 * Runs the queued e-mails' jobs that are due, with the real scheduler (graphile-worker's runOnce),
 * as the app's worker would: what a test's action queued is then sent through `mailer`.
 */
export async function deliverQueuedEmails(db: Db, mailer: Mailer, publicUrl = "https://aqar.example"): Promise<void> {
  const { tasks } = mailQueueJobs({ db, env: { PUBLIC_URL: publicUrl }, mailer });
  await runOnce({ connectionString: await testDatabaseUrl(db), taskList: tasks, concurrency: 1, logger: quietLogger });
}
