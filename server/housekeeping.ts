import type { Db } from "~/db/client.server.ts";
import { deleteExpiredSessions } from "~/modules/auth/sessions.server.ts";
import { sweepStagedImages } from "~/modules/offers/offer-admin.server.ts";
import { log } from "~/utils/log.server.ts";

const HOUR = 60 * 60 * 1000;

/**
 * Tidies what nobody will use again, at start and then hourly: photos uploaded to the offer form
 * but never saved (after a day), and ended sessions. Safe to run on several instances at once.
 * Returns a function that stops it.
 */
export function startHousekeeping(db: Db, dataDir: string): () => void {
  const run = async () => {
    try {
      const photos = await sweepStagedImages(db, dataDir);
      await deleteExpiredSessions(db);
      if (photos) log.info("housekeeping", { unsavedPhotosRemoved: photos });
    } catch (error) {
      log.warn("housekeeping failed", { error: String(error) });
    }
  };
  void run();
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
