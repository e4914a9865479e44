import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { images, stagedImages, submissionImages, submissions } from "~/db/schema.ts";
import { latestAuditEntries, recordAudit } from "~/modules/audit/audit.server.ts";
import { copyImage, deleteImages, imageColumns } from "~/modules/images/images.server.ts";
import { privateImageColumns } from "~/modules/images/private-images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { canReview, SUBMISSION_REVIEW_MESSAGES, type SubmissionStatus } from "./status.ts";
import type { SubmissionCard } from "./submission-card.ts";

export type { SubmissionCard };

async function photosOf(db: Db, ids: number[]): Promise<Map<number, ImageRef[]>> {
  const byId = new Map<number, ImageRef[]>();
  if (!ids.length) return byId;
  const rows = await db
    .select({ submissionId: submissionImages.submissionId, ...privateImageColumns })
    .from(submissionImages)
    .innerJoin(images, eq(images.id, submissionImages.imageId))
    .where(inArray(submissionImages.submissionId, ids))
    .orderBy(asc(submissionImages.submissionId), asc(submissionImages.position));
  for (const { submissionId, ...image } of rows) byId.set(submissionId, [...(byId.get(submissionId) ?? []), image]);
  return byId;
}

/** Owners' submissions, newest first, with their photos and the last thing staff did. */
export async function listSubmissionCards(db: Db, limit = 100): Promise<SubmissionCard[]> {
  const rows = await db.select().from(submissions).orderBy(desc(submissions.createdAt), desc(submissions.id)).limit(limit);
  const ids = rows.map((r) => r.id);
  const [photos, audits] = await Promise.all([photosOf(db, ids), latestAuditEntries(db, "submission", ids)]);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    photos: photos.get(row.id) ?? [],
    lastAction: audits.get(row.id) ?? null,
  }));
}

/** Rejects a submission under review (its status becomes rejected): why it was refused, or null once done. */
export async function rejectSubmission(db: Db, actor: StaffProfile, id: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const found = await reviewable(tx, id, { lock: true });
    if (!found.ok) return found.error;
    await tx.update(submissions).set({ status: "rejected" }).where(eq(submissions.id, id));
    await recordAudit(tx, actor, "submission", id, "reject", { from: found.status });
    return null;
  });
}

/** The status of a submission that can still be reviewed (read under a lock on its row with `lock`), or why not. */
async function reviewable(db: Db | Tx, id: number, { lock = false } = {}): Promise<{ ok: true; status: SubmissionStatus } | { ok: false; error: string }> {
  const query = db.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) return { ok: false, error: SUBMISSION_REVIEW_MESSAGES.notFound };
  if (!canReview(row.status)) return { ok: false, error: SUBMISSION_REVIEW_MESSAGES.notAllowed };
  return { ok: true, status: row.status };
}

/**
 * "Create an offer from this request": the submission becomes reviewed and its photos
 * are copied (never moved) into photos waiting for the offer form, which opens filled from it.
 * Returns the copies' ids in order, or why not.
 */
export async function startOfferFromSubmission(
  db: Db,
  storage: PhotoStorage,
  actor: StaffProfile,
  id: number,
): Promise<{ ok: true; photoIds: string[] } | { ok: false; error: string }> {
  const found = await reviewable(db, id);
  if (!found.ok) return found;
  const originals = (await photosOf(db, [id])).get(id) ?? [];
  const copies: ImageRef[] = [];
  try {
    for (const photo of originals) copies.push(await copyImage(db, storage, photo.id));
    await db.transaction(async (tx) => {
      if (copies.length) await tx.insert(stagedImages).values(copies.map((c) => ({ imageId: c.id, uploadedBy: actor.id })));
      await tx.update(submissions).set({ status: "reviewed" }).where(eq(submissions.id, id));
      await recordAudit(tx, actor, "submission", id, "offer-started", { from: found.status, photos: copies.length });
    });
  } catch (error) {
    await deleteImages(
      db,
      storage,
      copies.map((c) => c.id),
    );
    throw error;
  }
  return { ok: true, photoIds: copies.map((c) => c.id) };
}

/** What the new-offer form starts from: the submission's facts and the staged photo copies. */
export async function offerStartFromSubmission(db: Db, id: number, photoIds: string[]) {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) return null;
  const staged = photoIds.length
    ? await db.select(imageColumns).from(stagedImages).innerJoin(images, eq(images.id, stagedImages.imageId)).where(inArray(stagedImages.imageId, photoIds))
    : [];
  const order = new Map(photoIds.map((photo, index) => [photo, index]));
  return {
    submission: row,
    photos: staged.sort((a, b) => order.get(a.id)! - order.get(b.id)!) satisfies ImageRef[],
  };
}
