import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { deleteExpiredSessions } from "~/modules/auth/sessions.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { sweepStagedImages } from "~/modules/offers/offer-admin.server.ts";
import { log } from "~/utils/log.server.ts";

const TASK = "housekeeping";

/** Tidies what nobody will use again: photos uploaded to the offer form but never saved (after a day), and ended sessions. */
async function runHousekeeping(db: Db, storage: PhotoStorage) {
  try {
    const photos = await sweepStagedImages(db, storage);
    await deleteExpiredSessions(db);
    if (photos) log.info("housekeeping", { unsavedPhotosRemoved: photos });
  } catch (error) {
    // The next hour tries again: no retries piling up behind it.
    log.warn("housekeeping failed", { error: String(error) });
  }
}

/**
 * The housekeeping on the job scheduler (app/modules/scheduler): at every hour's start, once across
 * the instances sharing the database, and once at each start.
 */
export function housekeepingJobs(db: Db, storage: PhotoStorage): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  return {
    tasks: { [TASK]: () => runHousekeeping(db, storage) },
    cron: [{ task: TASK, identifier: TASK, match: "0 * * * *" }],
    atStart: [{ task: TASK, jobKey: `${TASK}:start` }],
  };
}
