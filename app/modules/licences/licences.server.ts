import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { images, licences } from "~/db/schema.ts";
import { imageColumns } from "~/modules/images/images.server.ts";
import type { LicenceView } from "./licence-view.ts";

export type { LicenceView };

/**
 * All licences in display order: position, then id. The firm shows at most 10 licences; the licence
 * editor (a later back-office page) is where that limit will be enforced.
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

export async function countLicences(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(licences);
  return row?.count ?? 0;
}

/** Adds a licence after the last one. Exactly one of imageId and externalUrl. */
export async function addLicence(db: Db, input: { alt: string } & ({ imageId: string; externalUrl?: undefined } | { externalUrl: string; imageId?: undefined })): Promise<number> {
  const [row] = await db
    .insert(licences)
    .values({
      alt: input.alt,
      imageId: input.imageId ?? null,
      externalUrl: input.externalUrl ?? null,
      position: sql`(select coalesce(max(${licences.position}), -1) + 1 from ${licences})`,
    })
    .returning({ id: licences.id });
  return row!.id;
}
