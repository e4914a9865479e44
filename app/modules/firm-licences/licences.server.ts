import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { images, licences } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { imageColumns } from "~/modules/images/images.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { LicenceView } from "./licence-view.ts";
import { LICENCE_LIMITS } from "./licences-schema.ts";

export type { LicenceView };

/**
 * All licences in display order: position, then id. Read straight from the database on every
 * request (nothing caches them), so the public page shows a change from the back office at once.
 */
export async function listLicences(db: Db): Promise<LicenceView[]> {
  const rows = await db
    .select({
      id: licences.id,
      alt: licences.alt,
      externalUrl: licences.externalUrl,
      image: imageColumns,
    })
    .from(licences)
    .leftJoin(images, eq(images.id, licences.imageId))
    .orderBy(asc(licences.position), asc(licences.id));
  const views: LicenceView[] = [];
  for (const row of rows) {
    if (row.image) {
      views.push({ id: row.id, alt: row.alt, image: row.image, url: null });
    } else if (row.externalUrl) {
      views.push({ id: row.id, alt: row.alt, image: null, url: row.externalUrl });
    }
    // A row with neither (not possible through the editor) has nothing to show.
  }
  return views;
}

export async function countLicences(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(licences);
  return row?.count ?? 0;
}

/**
 * Every change to the list of licences (add, delete, reorder) runs in a transaction holding this
 * lock, so concurrent changes on any app instance take turns: the count read before an add is
 * still true when the row goes in, and positions are renumbered from one consistent list.
 */
export async function lockLicences(tx: Pick<Tx, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('licences', 0))`);
}

/**
 * Adds a licence after the last one, exactly one of imageId and externalUrl. At most 10 licences
 * (LICENCE_LIMITS.max), however many are added at the same moment: returns null, adding nothing,
 * when there are already 10.
 */
export async function addLicence(
  db: Db,
  input: { alt: string } & ({ imageId: string; externalUrl?: undefined } | { externalUrl: string; imageId?: undefined }),
  actor?: Pick<StaffProfile, "id" | "name">,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockLicences(tx);
    if ((await countLicences(tx)) >= LICENCE_LIMITS.max) return null;
    const [row] = await tx
      .insert(licences)
      .values({
        alt: input.alt,
        imageId: input.imageId ?? null,
        externalUrl: input.externalUrl ?? null,
        position: sql`(select coalesce(max(${licences.position}), -1) + 1 from ${licences})`,
      })
      .returning({ id: licences.id });
    // A person's addition is in the audit log (the demo's seed is nobody's).
    if (actor) await recordAudit(tx, actor, "licence", row!.id, "licence-added", { alt: input.alt, kind: input.imageId ? "upload" : "link" });
    return row!.id;
  });
}
