import type { Db } from "~/db/client.server.ts";
import { getImage } from "~/modules/images/images.server.ts";
import type { ImageRef } from "~/utils/image-ref.ts";

/** A photo of ours, as site content names it (decision 003): `/images/{id}-{width}.webp`. */
const STORED_IMAGE_URL = /^\/images\/([a-f0-9]{32})-\d{2,4}\.webp$/;

/**
 * The stored photo a content image URL names, with its variants and AVIF widths, so a page can
 * offer the AVIF files (the home hero, decision 019). Undefined for another URL (a link the firm
 * pasted) or a photo since deleted: the page then shows the URL as it is.
 */
export async function storedImageOf(db: Db, url: string): Promise<ImageRef | undefined> {
  const id = STORED_IMAGE_URL.exec(url)?.[1];
  if (!id) return undefined;
  const row = await getImage(db, id);
  return row && { id: row.id, width: row.width, height: row.height, variants: row.variants, avif: row.avif, colour: row.colour };
}
