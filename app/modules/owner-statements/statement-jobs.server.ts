import type { CronItem, TaskList } from "graphile-worker";
import { log } from "~/utils/log.server.ts";
import { issueDueStatements, type StatementServices } from "./statements.server.ts";

const STATEMENTS_TASK = "owner_statements";

/**
 * The owners' statements, made and e-mailed by the job scheduler (decision 016): every morning at
 * 06:00 Riyadh (03:00 UTC), once across instances; on the settings' day and any later day of the
 * month (the catch-up), each owner's statement for the month before, made once by the unique index.
 */
export function ownerStatementJobs(services: StatementServices): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  async function run() {
    try {
      const { month, issued } = await issueDueStatements(services);
      if (issued.length) log.info("owner statements issued", { month, statements: issued });
    } catch (error) {
      // The statement that failed rolled back whole: the next run makes it.
      log.warn("owner statements failed", { error: String(error) });
    }
  }
  return {
    tasks: { [STATEMENTS_TASK]: run },
    cron: [{ task: STATEMENTS_TASK, identifier: STATEMENTS_TASK, match: "0 3 * * *" }],
    atStart: [{ task: STATEMENTS_TASK, jobKey: `${STATEMENTS_TASK}:start` }],
  };
}
