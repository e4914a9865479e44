import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { images, licences } from "~/db/schema.ts";
import { deleteImageFiles, deleteImages, imageFileColumns, storeImage } from "~/modules/images/images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { LicenceView } from "./licence-view.ts";

type Actor = Pick<StaffProfile, "id" | "name">;
import { addLicence, countLicences, listLicences, lockLicences } from "./licences.server.ts";

/** The licences page: every licence in display order, and how many there are (the limit counts every row). */
export async function listAdminLicences(db: Db): Promise<{ licences: LicenceView[]; count: number }> {
  const [list, count] = await Promise.all([listLicences(db), countLicences(db)]);
  return { licences: list, count };
}

/**
 * An uploaded licence image: through the image pipeline (which refuses bytes that are not an
 * image with ImageRejectedError), then added after the last licence. When the add is refused
 * (10 licences already, perhaps added a moment ago by someone else) or fails, the stored image
 * (its row and files) is removed again: nothing is left behind.
 */
export async function addUploadedLicence(db: Db, storage: PhotoStorage, bytes: Buffer, alt: string, actor?: Actor): Promise<{ ok: true; id: number } | { ok: false }> {
  const image = await storeImage(db, storage, bytes);
  let id: number | null;
  try {
    id = await addLicence(db, { alt, imageId: image.id }, actor);
  } catch (error) {
    await deleteImages(db, storage, [image.id]);
    throw error;
  }
  if (id === null) {
    await deleteImages(db, storage, [image.id]);
    return { ok: false };
  }
  return { ok: true, id };
}

/** Positions 0, 1, 2… in the given order, in one statement. */
async function renumber(tx: Pick<Db, "execute">, ids: number[]) {
  if (ids.length === 0) return;
  const rows = sql.join(
    ids.map((id, position) => sql`(${id}::int, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${licences} set position = v.position from (values ${rows}) as v(id, position) where ${licences.id} = v.id`);
}

async function currentOrder(tx: Pick<Db, "select">): Promise<number[]> {
  const rows = await tx.select({ id: licences.id }).from(licences).orderBy(asc(licences.position), asc(licences.id));
  return rows.map((row) => row.id);
}

/**
 * Deletes a licence and, for an uploaded one, its image: the rows in one transaction (the others'
 * positions renumbered, the audit entry written), the files once it is committed. False when there
 * is no such licence.
 */
export async function deleteLicence(db: Db, storage: PhotoStorage, id: number, actor?: Actor): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    await lockLicences(tx);
    const [row] = await tx.delete(licences).where(eq(licences.id, id)).returning({ imageId: licences.imageId, alt: licences.alt, externalUrl: licences.externalUrl });
    if (!row) return null;
    if (actor) await recordAudit(tx, actor, "licence", id, "licence-deleted", { alt: row.alt, kind: row.imageId ? "upload" : "link" });
    const files = row.imageId ? await tx.delete(images).where(eq(images.id, row.imageId)).returning(imageFileColumns) : [];
    await renumber(tx, await currentOrder(tx));
    return files;
  });
  if (removed === null) return false;
  await deleteImageFiles(storage, removed);
  return true;
}

/**
 * A new display order, renumbered in one transaction. The page sends every licence's id; a licence
 * deleted meanwhile is skipped, and one added meanwhile keeps its place after the others. Returns
 * the order saved.
 */
export async function reorderLicences(db: Db, ids: number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockLicences(tx);
    const current = await currentOrder(tx);
    const known = new Set(current);
    const wanted = ids.filter((id) => known.has(id));
    const placed = new Set(wanted);
    const order = [...wanted, ...current.filter((id) => !placed.has(id))];
    await renumber(tx, order);
    return order;
  });
}

/** A licence's description (its image's alt text and caption). False when there is no such licence. */
export async function renameLicence(db: Db, id: number, alt: string): Promise<boolean> {
  const rows = await db.update(licences).set({ alt }).where(eq(licences.id, id)).returning({ id: licences.id });
  return rows.length > 0;
}
