import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Db } from "~/db/client.server.ts";
import { images, stagedImages } from "~/db/schema.ts";
import { VARIANT_WIDTHS, type ImageRef } from "~/utils/image-ref.ts";
import { log } from "~/utils/log.server.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
const MAX_PIXELS = 50_000_000;
/** libvips' WebP effort (0–6): 2 is several times faster than 4 at this quality, with files a few per cent larger. */
const WEBP_EFFORT = Number(process.env.WEBP_EFFORT ?? 2);

export class ImageRejectedError extends Error {}

/**
 * The columns of an image as pages need them (an ImageRef), for a query's `select`. Nested under a
 * key of a left join's selection (`{ ..., image: imageColumns }`), the whole object is null when
 * the row has no image.
 */
export const imageColumns = { id: images.id, width: images.width, height: images.height, variants: images.variants, colour: images.colour };

export function imagesDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "images");
}

/**
 * The one image pipeline: checks the bytes really are an image, auto-rotates, strips all
 * metadata (EXIF, GPS), writes WebP variants under a random name outside the web root and
 * records the image. Returns what pages need to show it.
 */
export async function storeImage(db: Db, dataDir: string, input: Buffer): Promise<ImageRef> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new ImageRejectedError("not an image");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new ImageRejectedError("unsupported format");

  // Upright size: orientations 5–8 turn the photo a quarter.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  // Every standard width below the original, and the original itself when it is not wider than the largest.
  const widths = VARIANT_WIDTHS.filter((w) => w < width);
  const variants = widths.length < VARIANT_WIDTHS.length ? [...widths, width] : widths;

  // Decode once, upright, straight to the largest variant's size (a JPEG decodes at a reduced
  // scale). The camera's colour profile is kept through the resize and converted to sRGB once, on
  // the reduced image: converting all 12 megapixels would cost more than everything else. The
  // whole file is read, so a truncated or corrupt photo is refused here. Only the colour profile
  // survives into the in-memory intermediate; the variants carry no metadata at all.
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const reduced = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: variants.at(-1), withoutEnlargement: true })
      .keepIccProfile()
      .tiff({ compression: "none" })
      .toBuffer();
    decoded = await sharp(reduced).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError("unreadable image");
  }
  const { data: pixels, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const id = crypto.randomBytes(16).toString("hex");
  const dir = imagesDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    let smallest: Buffer | undefined;
    for (const variant of variants) {
      const file = path.join(dir, `${id}-${variant}.webp`);
      const webp = await sharp(pixels, raw).resize({ width: variant, withoutEnlargement: true }).webp({ quality: 76, effort: WEBP_EFFORT }).toBuffer();
      await fs.writeFile(file, webp);
      written.push(file);
      smallest ??= webp;
    }
    const { dominant } = await sharp(smallest).stats();
    const colour = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    const ref: ImageRef = { id, width, height, variants, colour };
    await db.insert(images).values(ref);
    return ref;
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}

/**
 * An image uploaded on its own before its form is saved (an offer's photo, a content image):
 * through the image pipeline, then held for `uploadedBy` until a save claims it (or the daily
 * sweep removes it).
 */
export async function stageImage(db: Db, dataDir: string, bytes: Buffer, uploadedBy: number): Promise<ImageRef> {
  const image = await storeImage(db, dataDir, bytes);
  try {
    await db.insert(stagedImages).values({ imageId: image.id, uploadedBy });
  } catch (error) {
    await deleteImages(db, dataDir, [image.id]);
    throw error;
  }
  return image;
}

/** Removes images (rows and files) that nothing refers to any more. */
export async function deleteImages(db: Db, dataDir: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.select().from(images).where(inArray(images.id, ids));
  await db.delete(images).where(inArray(images.id, ids));
  const dir = imagesDir(dataDir);
  await Promise.all(rows.flatMap((row) => row.variants.map((w) => fs.rm(path.join(dir, `${row.id}-${w}.webp`), { force: true }))));
}

export async function getImage(db: Db, id: string): Promise<ImageRef | undefined> {
  const [row] = await db.select(imageColumns).from(images).where(eq(images.id, id));
  return row;
}

/**
 * Removes the files of images whose rows a transaction has already deleted (call after commit).
 * A file that will not go is logged, not thrown: the change it belongs to is already committed.
 */
export async function deleteImageFiles(dataDir: string, rows: ReadonlyArray<{ id: string; variants: number[] }>): Promise<void> {
  const dir = imagesDir(dataDir);
  await Promise.all(
    rows.flatMap((row) =>
      row.variants.map((w) =>
        fs.rm(path.join(dir, `${row.id}-${w}.webp`), { force: true }).catch((error: unknown) => {
          log.warn("image file not removed", { id: row.id, error: String(error) });
        }),
      ),
    ),
  );
}

/**
 * A copy of a stored image under a new name (files and row), so two records never share a file:
 * deleting one (an offer made from an owner's submission) leaves the other whole.
 */
export async function copyImage(db: Db, dataDir: string, id: string): Promise<ImageRef> {
  const source = await getImage(db, id);
  if (!source) throw new Error(`image ${id} not found`);
  const copy: ImageRef = { ...source, id: crypto.randomBytes(16).toString("hex") };
  const dir = imagesDir(dataDir);
  const written: string[] = [];
  try {
    for (const width of source.variants) {
      const target = path.join(dir, `${copy.id}-${width}.webp`);
      await fs.copyFile(path.join(dir, `${source.id}-${width}.webp`), target);
      written.push(target);
    }
    await db.insert(images).values(copy);
    return copy;
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}
