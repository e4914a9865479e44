import fs from "node:fs";
import path from "node:path";
import { settleImageWork } from "~/modules/images/images.server.ts";
import { createLocalStorage } from "~/modules/images/storage-local.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";

/** The photo storage a server on `dataDir` has by default: the local disk, DATA_DIR/uploads. */
export function testStorage(dataDir: string): PhotoStorage {
  return createLocalStorage(path.join(dataDir, "uploads"));
}

/** Where that storage keeps the photos' files: DATA_DIR/uploads/images. */
export function imagesDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "images");
}

/**
 * The files under DATA_DIR/uploads/images, sorted, once this process has written the later variants
 * it queued (the 680-px WebP and AVIF follow each upload a moment later): what a test may count.
 */
export async function settledImageFiles(dataDir: string): Promise<string[]> {
  await settleImageWork();
  return fs.existsSync(imagesDir(dataDir)) ? fs.readdirSync(imagesDir(dataDir)).sort() : [];
}

/** The file names an image's row says it has: its WebP variants and its AVIF ones, sorted. */
export function variantFiles(image: { id: string; variants: number[]; avif?: number[] }): string[] {
  return [...image.variants.map((w) => `${image.id}-${w}.webp`), ...(image.avif ?? []).map((w) => `${image.id}-${w}.avif`)].sort();
}
