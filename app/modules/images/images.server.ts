import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Db } from "~/db/client.server.ts";
import { images, stagedImages } from "~/db/schema.ts";
import type { StagingPool } from "./staging-pool.ts";
import { BASE_VARIANT_WIDTHS, VARIANT_WIDTHS, type ImageFormat, type ImageRef } from "~/utils/image-ref.ts";
import { log } from "~/utils/log.server.ts";
import type { PhotoStorage } from "./storage.server.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
const MAX_PIXELS = 50_000_000;
/** libvips' WebP effort (0–6): 2 is several times faster than 4 at this quality, with files a few per cent larger. */
const WEBP_EFFORT = Number(process.env.WEBP_EFFORT ?? 2);
const WEBP_QUALITY = 76;

/**
 * AVIF (decision 021): for the widths phones load (cards, thumbnails, the offer page and the hero
 * on a phone), written only where the file comes out smaller than the WebP of the same width.
 * Smaller widths get a higher quality: AVIF smooths fine detail, which shows most in a thumbnail.
 * Effort 1 of 9 (libaom's speed 8): effort 0 files are 10–20 % larger at 800 px, effort 2 costs
 * twice the time. Not for the 1500-px variant (desktops): at a speed the server can afford it is
 * no smaller than the WebP.
 */
const AVIF_MAX_WIDTH = 800;
const AVIF_EFFORT = 1;
const avifQuality = (width: number) => (width <= 400 ? 56 : 50);

export class ImageRejectedError extends Error {}

/**
 * The photo storage refused a write (a bucket that does not answer, a full or read-only disk): the
 * upload answers 503 with Retry-After and keeps what was typed; nothing of the photo is kept.
 */
export class StorageUnavailableError extends Error {}

/** How long a client waits before sending photos again after the storage refused them. */
export const STORAGE_RETRY_AFTER = { status: 503, headers: { "Retry-After": "30" } } as const;

/** Writes one variant; a refusal is a StorageUnavailableError (the caller's cleanup and answer tell it apart from a bad photo). */
async function putVariant(storage: PhotoStorage, key: string, bytes: Buffer, contentType: string): Promise<string> {
  try {
    await storage.put(key, bytes, contentType);
    return key;
  } catch (error) {
    throw new StorageUnavailableError(`photo storage (${storage.kind}) refused ${key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * The columns of an image as pages need them (an ImageRef), for a query's `select`. Nested under a
 * key of a left join's selection (`{ ..., image: imageColumns }`), the whole object is null when
 * the row has no image.
 */
export const imageColumns = { id: images.id, width: images.width, height: images.height, variants: images.variants, avif: images.avif, colour: images.colour };

/** What removing an image's files needs: for a `returning(…)` of the rows a transaction deletes (deleteImageFiles after commit). */
export const imageFileColumns = { id: images.id, variants: images.variants, avif: images.avif };

export type ImageFiles = { id: string; variants: number[]; avif: number[] };

/** An image variant's key in the photo storage (the local layout: DATA_DIR/uploads/images/{id}-{width}.webp). */
export function imageKey(id: string, width: number, format: ImageFormat = "webp"): string {
  return `images/${id}-${width}.${format}`;
}

/** Every stored file of an image: its WebP variants and its AVIF ones. */
export function imageKeys(image: ImageFiles): string[] {
  return [...image.variants.map((w) => imageKey(image.id, w)), ...image.avif.map((w) => imageKey(image.id, w, "avif"))];
}

/**
 * The variants written a moment after the upload, with the AVIF ones (decision 042): the widths
 * added after the first three (680 px, for a phone's listing card), unless one is the photo's own
 * width (its largest variant). Until they exist, pages take the next width up, as for photos
 * stored before these widths.
 */
function laterWidths(variants: readonly number[]): number[] {
  return variants.filter((w, i) => i < variants.length - 1 && !(BASE_VARIANT_WIDTHS as readonly number[]).includes(w));
}

/**
 * The one image pipeline: checks the bytes really are an image, auto-rotates, strips all
 * metadata (EXIF, GPS), writes WebP variants under a random name and records the image. Returns
 * what pages need to show it. The extra variants (680-px WebP, AVIF) follow a moment later
 * (queueLaterVariants), off the uploader's time.
 */
export async function storeImage(db: Db, storage: PhotoStorage, input: Buffer): Promise<ImageRef> {
  storing += 1;
  try {
    return await storeImageNow(db, storage, input);
  } finally {
    storing -= 1;
    pumpLaterVariants();
  }
}

async function storeImageNow(db: Db, storage: PhotoStorage, input: Buffer): Promise<ImageRef> {
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
  const allVariants = widths.length < VARIANT_WIDTHS.length ? [...widths, width] : widths;
  const later = laterWidths(allVariants);
  const variants = allVariants.filter((w) => !later.includes(w));

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
  // Each variant is stored while the next one is encoded.
  const writes: Array<Promise<string>> = [];
  const webpBytes = new Map<number, number>();
  // The queue of later variants gets the pixels of the widest variant it encodes (it resizes the
  // others from them): a later width is always narrower, since the photo's own width is never one.
  const avifWidth = variants.filter((w) => w <= AVIF_MAX_WIDTH).at(-1);
  let avifSource: RawPixels | undefined;
  try {
    let smallest: Buffer | undefined;
    for (const variant of variants) {
      let webp: Buffer;
      if (variant === avifWidth && variant < info.width) {
        const resized = await sharp(pixels, raw).resize({ width: variant }).raw().toBuffer({ resolveWithObject: true });
        avifSource = { data: resized.data, raw: { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } } };
        webp = await sharp(avifSource.data, avifSource.raw).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
      } else {
        if (variant === avifWidth) avifSource = { data: pixels, raw };
        webp = await sharp(pixels, raw).resize({ width: variant, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
      }
      const write = putVariant(storage, imageKey(id, variant), webp, "image/webp");
      // Awaited below, after the next variant is encoded; handled now, so a refusal that comes
      // first is never an unhandled rejection (which stopped the whole server: issue 30).
      write.catch(() => undefined);
      writes.push(write);
      webpBytes.set(variant, webp.byteLength);
      smallest ??= webp;
    }
    const { dominant } = await sharp(smallest).stats();
    const colour = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    await Promise.all(writes);
    const ref: ImageRef = { id, width, height, variants, avif: [], colour };
    await db.insert(images).values(ref);
    if (avifSource) queueLaterVariants({ db, storage, id, source: avifSource, later, webpBytes });
    return ref;
  } catch (error) {
    // What was written goes again; what will not go (the store is down) the housekeeping's sweep of
    // files no row names removes a day later (sweepOrphanFiles).
    const settled = await Promise.allSettled(writes);
    await Promise.all(settled.flatMap((s) => (s.status === "fulfilled" ? [storage.delete(s.value).catch(() => undefined)] : [])));
    throw error;
  }
}

// ---- The extra variants, a moment after the upload ----
//
// The AVIF variants cost more to encode than all the WebP ones together, and the 680-px WebP another
// sixth, so they are not made while the uploader waits: storeImage hands the reduced pixels to this
// process's queue, which works on one photo at a time and only while no photo is being stored here
// (a burst of uploads goes at full speed; its extra variants follow right after it). The row's
// `variants` and `avif` columns gain the widths once their files are written, so pages show them
// only once they exist. If the process stops first, the photo simply keeps its first WebP variants.
// Memory is bounded: past MAX_QUEUED_BYTES of waiting pixels, photos get no extra variants.

interface RawPixels {
  data: Buffer;
  raw: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
}

interface LaterVariantsJob {
  db: Db;
  storage: PhotoStorage;
  id: string;
  source: RawPixels;
  /** WebP widths still to write (laterWidths). */
  later: number[];
  /** Bytes of each WebP variant by width: an AVIF is kept only where it is smaller. */
  webpBytes: Map<number, number>;
}

const MAX_QUEUED_BYTES = 64 * 1024 * 1024;
const queue: LaterVariantsJob[] = [];
let queuedBytes = 0;
let storing = 0;
let running: Promise<void> | undefined;
let idleWaiters: Array<() => void> = [];

function queueLaterVariants(job: LaterVariantsJob) {
  if (queuedBytes + job.source.data.byteLength > MAX_QUEUED_BYTES) {
    log.warn("photo stored without its later variants (680 px, AVIF): their queue is full", { id: job.id });
    return;
  }
  queue.push(job);
  queuedBytes += job.source.data.byteLength;
}

function pumpLaterVariants() {
  if (running || storing > 0) return;
  const job = queue.shift();
  if (!job) {
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
    return;
  }
  running = writeLaterVariants(job)
    .catch((error: unknown) => log.warn("later photo variants not written", { id: job.id, error: error instanceof Error ? error.message : String(error) }))
    .finally(() => {
      queuedBytes -= job.source.data.byteLength;
      running = undefined;
      pumpLaterVariants();
    });
}

async function writeLaterVariants({ db, storage, id, source, later, webpBytes }: LaterVariantsJob) {
  const [row] = await db.select({ variants: images.variants }).from(images).where(eq(images.id, id));
  if (!row) return; // deleted meanwhile
  const sourceWidth = source.raw.raw.width;
  const resized = (width: number) => (width < sourceWidth ? sharp(source.data, source.raw).resize({ width }) : sharp(source.data, source.raw));
  const written: string[] = [];
  const put = async (key: string, bytes: Buffer, type: string) => {
    await storage.put(key, bytes, type);
    written.push(key);
  };
  const variants = [...new Set([...row.variants, ...later])].sort((a, b) => a - b);
  const avif: number[] = [];
  try {
    for (const width of later) {
      const webp = await resized(width).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
      await put(imageKey(id, width), webp, "image/webp");
      webpBytes.set(width, webp.byteLength);
    }
    for (const width of variants.filter((w) => w <= sourceWidth)) {
      const file = await resized(width)
        .avif({ quality: avifQuality(width), effort: AVIF_EFFORT })
        .toBuffer();
      if (file.byteLength >= (webpBytes.get(width) ?? 0)) continue;
      await put(imageKey(id, width, "avif"), file, "image/avif");
      avif.push(width);
    }
    if (written.length === 0) return;
    const updated = await db.update(images).set({ variants, avif }).where(eq(images.id, id)).returning({ id: images.id });
    if (updated.length > 0) return;
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  // The image was deleted while its variants were being encoded: nothing refers to these files.
  await Promise.all(written.map((key) => storage.delete(key)));
}

/**
 * Resolves once this process has written every later variant (680 px, AVIF) it has queued (tests,
 * the demo seed, the benchmark), or after `timeoutMs` (a stopping server). Resolves with how many
 * photos still wait.
 */
export async function settleImageWork(timeoutMs = Infinity): Promise<number> {
  if (running || queue.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
    const timedOut = Number.isFinite(timeoutMs) ? new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))) : idle;
    pumpLaterVariants();
    await Promise.race([idle, timedOut]);
    clearTimeout(timer);
  }
  return queue.length + (running ? 1 : 0);
}

/**
 * An image uploaded on its own before its form is saved (an offer's photo, a content image):
 * through the image pipeline, then held for `uploadedBy` in its form's pool until a save of that
 * form claims it (or the daily sweep removes it).
 */
export async function stageImage(db: Db, storage: PhotoStorage, bytes: Buffer, uploadedBy: number, pool: StagingPool = "offer"): Promise<ImageRef> {
  const image = await storeImage(db, storage, bytes);
  try {
    await db.insert(stagedImages).values({ imageId: image.id, uploadedBy, pool });
  } catch (error) {
    await deleteImages(db, storage, [image.id]);
    throw error;
  }
  return image;
}

/** Removes images (rows and files) that nothing refers to any more. */
export async function deleteImages(db: Db, storage: PhotoStorage, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.delete(images).where(inArray(images.id, ids)).returning(imageFileColumns);
  await deleteImageFiles(storage, rows);
}

/** Files younger than this are left alone by the sweep: an upload writes its files before its row. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the photo files (and half-written ones) that no image row names, older than a day: what
 * a failed upload could not take back while the storage was down, or a crash left between the
 * files and the row (issue 30). On the local disk and in a bucket alike. Returns how many went.
 */
export async function sweepOrphanFiles(db: Db, storage: PhotoStorage, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  const byId = new Map<string, string[]>();
  let removed = 0;
  const flush = async () => {
    if (byId.size === 0) return;
    const kept = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [...byId.keys()]));
    for (const { id } of kept) byId.delete(id);
    for (const keys of byId.values()) {
      for (const key of keys) {
        await storage.delete(key);
        removed += 1;
      }
    }
    byId.clear();
  };
  for await (const { key, modified } of storage.list("images/")) {
    if (modified.getTime() > cutoff) continue;
    const id = /^images\/([a-f0-9]{32})-/.exec(key)?.[1];
    if (!id) continue;
    byId.set(id, [...(byId.get(id) ?? []), key]);
    if (byId.size >= 500) await flush();
  }
  await flush();
  return removed;
}

export async function getImage(db: Db, id: string): Promise<(ImageRef & ImageFiles) | undefined> {
  const [row] = await db.select(imageColumns).from(images).where(eq(images.id, id));
  return row;
}

/**
 * Removes the files of images whose rows a transaction has already deleted (call after commit,
 * with the rows its `returning(imageFileColumns)` gave). A file that will not go is logged, not
 * thrown: the change it belongs to is already committed.
 */
export async function deleteImageFiles(storage: PhotoStorage, rows: readonly ImageFiles[]): Promise<void> {
  await Promise.all(
    rows.flatMap((row) =>
      imageKeys(row).map((key) =>
        storage.delete(key).catch((error: unknown) => {
          log.warn("image file not removed", { id: row.id, key, error: String(error) });
        }),
      ),
    ),
  );
}

/**
 * A copy of a stored image under a new name (files and row), so two records never share a file:
 * deleting one (an offer made from an owner's submission) leaves the other whole. Copied through
 * this process (read, then written): the stores have no copy between a disk and a bucket.
 */
export async function copyImage(db: Db, storage: PhotoStorage, id: string): Promise<ImageRef> {
  const [source] = await db.select(imageColumns).from(images).where(eq(images.id, id));
  if (!source) throw new Error(`image ${id} not found`);
  const copy = { ...source, id: crypto.randomBytes(16).toString("hex") };
  const written: string[] = [];
  try {
    const targets = imageKeys(copy);
    for (const [i, from] of imageKeys(source).entries()) {
      const to = targets[i]!;
      const object = await storage.get(from);
      if (!object) throw new Error(`image file ${from} not found`);
      const bytes = Buffer.concat(await object.body.toArray());
      written.push(await putVariant(storage, to, bytes, object.contentType));
    }
    await db.insert(images).values(copy);
    return copy;
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
