import { eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db, Tx } from "~/db/client.server.ts";
import { images } from "~/db/schema.ts";
import { imageColumns } from "./images.server.ts";

/**
 * Receipts and owners' submission photos (issue 29): marked private in the transaction that
 * attaches them, served only by /private-images/… to signed-in staff whose role may see what they
 * belong to, and never by the public /images/… (an unguessable name alone is not enough).
 */

/** An image's columns for a page, with whether it is private (its URLs then lead to /private-images/). */
export const privateImageColumns = { ...imageColumns, private: images.private };

/** Marks images private, inside the transaction that attaches them to a submission or a finance request. */
export async function markImagesPrivate(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length) await tx.update(images).set({ private: true }).where(inArray(images.id, ids));
}

/**
 * Whether /images/… must refuse this image (one indexed lookup by its key). A public answer is
 * remembered for ten minutes: a page of 24 cards would otherwise ask the database 24 times for
 * photos, and a page served from the cache while the database is down would lose them. An image
 * is marked private in the transaction that attaches it, right after its upload, before anyone but
 * the uploader knows its random name.
 */
export async function isPrivateImage(db: Db, id: string): Promise<boolean> {
  if (knownPublic.has(id)) return false;
  const [row] = await db.select({ private: images.private }).from(images).where(eq(images.id, id));
  const isPrivate = row?.private === true;
  if (row && !isPrivate) knownPublic.set(id, true);
  return isPrivate;
}
const knownPublic = new LRUCache<string, true>({ max: 100_000, ttl: 10 * 60_000 });

/** What a private image belongs to, which decides who may see it: an owner's submission, a finance receipt or a tenant's maintenance report. Null: not a private image. */
export async function privateImageOwner(db: Db, id: string): Promise<"submission" | "receipt" | "maintenance" | null> {
  // Written out: inside a one-table select, drizzle names columns without their table.
  const { rows } = await db.execute<{ private: boolean; submission: boolean; receipt: boolean; maintenance: boolean }>(sql`
    select i.private,
      exists (select 1 from submission_images s where s.image_id = i.id) as submission,
      exists (select 1 from tasks t where t.receipt_image_id = i.id) or exists (select 1 from transactions x where x.receipt_image_id = i.id)
        or exists (select 1 from rent_payments r where r.receipt_image_id = i.id) as receipt,
      exists (select 1 from maintenance_requests m where i.id = any(m.photo_ids)) as maintenance
    from images i where i.id = ${id}`);
  const row = rows[0];
  if (!row?.private) return null;
  if (row.submission) return "submission";
  if (row.receipt) return "receipt";
  if (row.maintenance) return "maintenance";
  return null;
}
