import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { deleteExpiredSessions } from "~/modules/auth/sessions.server.ts";
import { sweepOrphanFiles } from "~/modules/images/images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { sweepStagedImages } from "~/modules/offer-admin/offer-admin.server.ts";
import { log } from "~/utils/log.server.ts";

const TASK = "housekeeping";
const ORPHAN_TASK = "sweep-orphan-files";

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

/** Photo files no row names, older than a day (a failed upload, a crash between the files and the row): once a day, as it lists the whole store. */
async function runOrphanSweep(db: Db, storage: PhotoStorage) {
  try {
    const files = await sweepOrphanFiles(db, storage);
    if (files) log.info("housekeeping", { orphanPhotoFilesRemoved: files });
  } catch (error) {
    log.warn("orphan photo sweep failed", { error: String(error) });
  }
}

/**
 * The housekeeping on the job scheduler (app/modules/scheduler): at every hour's start (the orphan
 * files' sweep once a day), once across the instances sharing the database, and once at each start.
 */
export function housekeepingJobs(db: Db, storage: PhotoStorage): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  return {
    tasks: { [TASK]: () => runHousekeeping(db, storage), [ORPHAN_TASK]: () => runOrphanSweep(db, storage) },
    cron: [
      { task: TASK, identifier: TASK, match: "0 * * * *" },
      // 03:30 in Riyadh (UTC+3), when the office is closed.
      { task: ORPHAN_TASK, identifier: ORPHAN_TASK, match: "30 0 * * *" },
    ],
    atStart: [{ task: TASK, jobKey: `${TASK}:start` }],
  };
}
