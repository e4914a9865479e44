import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Db } from "~/db/client.server.ts";
import { images } from "~/db/schema.ts";
import { log } from "~/utils/log.server.ts";
import { VARIANT_WIDTHS, type ImageRef } from "./image-ref.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
const MAX_PIXELS = 50_000_000;

export class ImageRejectedError extends Error {}

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

  // Decode once, upright, without metadata; variants are resized from this.
  const upright = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await upright.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError("unreadable image"); // truncated or corrupt
  }
  const { data: pixels, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const id = crypto.randomBytes(16).toString("hex");
  const dir = imagesDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  // Every standard width below the original, and the original itself when it is not wider than the largest.
  const widths = VARIANT_WIDTHS.filter((w) => w < info.width);
  const variants = widths.length < VARIANT_WIDTHS.length ? [...widths, info.width] : widths;
  const written: string[] = [];
  try {
    for (const width of variants) {
      const file = path.join(dir, `${id}-${width}.webp`);
      await sharp(pixels, raw).resize({ width, withoutEnlargement: true }).webp({ quality: 76, effort: 4 }).toFile(file);
      written.push(file);
    }
    const { dominant } = await sharp(pixels, raw).stats();
    const colour = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    const ref: ImageRef = { id, width: info.width, height: info.height, variants, colour };
    await db.insert(images).values(ref);
    return ref;
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}

/** Removes images (rows and files) that nothing refers to any more. */
export async function deleteImages(db: Db, dataDir: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.select().from(images).where(inArray(images.id, ids));
  await db.delete(images).where(inArray(images.id, ids));
  const dir = imagesDir(dataDir);
  await Promise.all(
    rows.flatMap((row) => row.variants.map((w) => fs.rm(path.join(dir, `${row.id}-${w}.webp`), { force: true }))),
  );
}

export async function getImage(db: Db, id: string): Promise<ImageRef | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row && { id: row.id, width: row.width, height: row.height, variants: row.variants, colour: row.colour };
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
