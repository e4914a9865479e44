import type { Db } from "~/db/client.server.ts";
import { eq } from "drizzle-orm";
import { submissionImages, submissions } from "~/db/schema.ts";
import { attachMessageToClient } from "~/modules/clients/index.server.ts";
import { deleteImages, ImageRejectedError, storeImage } from "~/modules/images/images.server.ts";
import { markImagesPrivate } from "~/modules/images/private-images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { queueSubmissionNotice } from "~/modules/notifications/manager-notifications.server.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { log } from "~/utils/log.server.ts";
import { submissionGoalLabel } from "./limits.ts";
import type { SubmissionData } from "./submission-schema.ts";

export type Submission = typeof submissions.$inferSelect;

/** A photo as the owner uploaded it (app/modules/submissions/read-upload.server.ts). */
interface UploadedPhoto {
  fileName: string;
  bytes: Uint8Array;
}

/** A photo that the image pipeline refused (not an image, unreadable, too many pixels). */
export class SubmissionPhotoError extends Error {}

/**
 * Stores an owner submission as 'pending' with its photos. The photos go through the image
 * pipeline first (re-encoded, no EXIF/GPS, variants); if any step fails, every photo written
 * for this submission is removed again, so nothing half-written remains. The manager's e-mail
 * is queued in the transaction that stores it (decision 032).
 */
export async function createSubmission(db: Db, storage: PhotoStorage, data: SubmissionData, photos: UploadedPhoto[]): Promise<Submission> {
  const stored: ImageRef[] = [];
  try {
    // One at a time: sharp already uses every core for each photo, and memory stays bounded.
    for (const photo of photos) stored.push(await storeImage(db, storage, Buffer.from(photo.bytes)));
    return await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(submissions)
        .values({ ...data, status: "pending" })
        .returning();
      // The owner is a client too, recognised by the phone (decision 045).
      const { clientId } = await attachMessageToClient(tx, {
        kind: "submission",
        refId: inserted!.id,
        name: inserted!.clientName,
        phone: inserted!.clientPhone,
        email: inserted!.clientEmail,
        at: inserted!.createdAt,
        city: inserted!.city,
      });
      const [row] = await tx.update(submissions).set({ clientId }).where(eq(submissions.id, inserted!.id)).returning();
      await tx.insert(submissionImages).values(stored.map((image, position) => ({ submissionId: row!.id, imageId: image.id, position })));
      // The owner's photos are for staff only (served by /private-images/).
      await markImagesPrivate(
        tx,
        stored.map((image) => image.id),
      );
      await queueSubmissionNotice(tx, { ...row!, goalLabel: submissionGoalLabel(row!.goal), photoCount: stored.length });
      return row!;
    });
  } catch (error) {
    // Not in the way of the answer: files that will not go now are swept later (sweepOrphanFiles).
    await deleteImages(
      db,
      storage,
      stored.map((image) => image.id),
    ).catch((cleanup: unknown) => log.warn("submission photos not removed", { error: String(cleanup) }));
    if (error instanceof ImageRejectedError) throw new SubmissionPhotoError(error.message, { cause: error });
    throw error;
  }
}
