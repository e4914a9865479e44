import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUrl } from "~/utils/image-ref.ts";
import { parseStorageUrl } from "~/utils/storage-url.server.ts";
import { imagesDir, testStorage, variantFiles } from "../../../tests/factories/storage.ts";
import { startS3Server, type TestS3Server } from "../../../tests/setup/s3-server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { ImageRejectedError, copyImage, deleteImages, getImage, imageKeys, settleImageWork, storeImage } from "./images.server.ts";
import { createStorage, type PhotoStorage } from "./storage.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-images-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));

const filesOf = (id: string) =>
  fs.existsSync(imagesDir(dataDir))
    ? fs
        .readdirSync(imagesDir(dataDir))
        .filter((file) => file.startsWith(id))
        .sort()
    : [];

async function photoWithExif(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 42/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A camera-like photo: a gradient under sensor grain, where AVIF is clearly smaller than WebP. */
async function grainyPhoto(width: number, height: number) {
  const noise = await sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 16 } } })
    .raw()
    .toBuffer();
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9b866"/><stop offset="1" stop-color="#0f5652"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(gradient))
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: "soft-light" }])
    .withExif({ IFD0: { Make: "SecretCam" } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe("image pipeline", () => {
  it("refuses bytes that are not an image, whatever the name says", async () => {
    await expect(storeImage(db(), storage, Buffer.from("just some text, renamed .jpg"))).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it("auto-rotates, strips EXIF and GPS, and writes WebP variants", async () => {
    const input = await photoWithExif(2000, 1000);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const image = await storeImage(db(), storage, input);
    // Orientation 6 means the stored picture is upright 1000 x 2000.
    expect([image.width, image.height]).toEqual([1000, 2000]);
    expect(image.variants).toEqual([400, 800, 1000]); // the 680-px variant and AVIF follow after the upload
    expect(image.avif).toEqual([]);
    expect(image.id).toMatch(/^[a-f0-9]{32}$/);
    await settleImageWork();
    const stored = await getImage(db(), image.id);
    expect(stored).toEqual({ ...image, variants: [400, 680, 800, 1000], avif: stored!.avif });
    for (const width of stored!.variants) {
      const file = path.join(imagesDir(dataDir), `${image.id}-${width}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([width, width * 2]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(fs.readFileSync(file).includes(Buffer.from("SecretCam"))).toBe(false);
    }
  });

  it("refuses a truncated photo", async () => {
    const whole = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#000", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
      .jpeg()
      .toBuffer();
    await expect(storeImage(db(), storage, whole.subarray(0, Math.floor(whole.length * 0.6)))).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it("converts a camera's wide-gamut colours to sRGB and keeps no colour profile", async () => {
    const p3 = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#d03020" } })
      .withIccProfile("p3")
      .jpeg({ quality: 95 })
      .toBuffer();
    const image = await storeImage(db(), storage, p3);
    const file = path.join(imagesDir(dataDir), `${image.id}-800.webp`);
    expect((await sharp(file).metadata()).icc).toBeUndefined();
    const [r, g, b] = await sharp(file).extract({ left: 400, top: 300, width: 1, height: 1 }).raw().toBuffer();
    // The red #d03020 stored in Display P3 has the numbers (192, 63, 44); converted back to sRGB it is about (208, 48, 32).
    expect(Math.abs(r! - 209)).toBeLessThan(6);
    expect(Math.abs(g! - 48)).toBeLessThan(8);
    expect(Math.abs(b! - 32)).toBeLessThan(8);
  });

  it("does not enlarge small photos", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ccc" } })
      .png()
      .toBuffer();
    const image = await storeImage(db(), storage, small);
    expect(image.variants).toEqual([300]);
  });

  it("deletes rows and files", async () => {
    const image = await storeImage(db(), storage, await grainyPhoto(900, 600));
    await settleImageWork();
    expect((await getImage(db(), image.id))!.avif.length).toBeGreaterThan(0);
    await deleteImages(db(), storage, [image.id]);
    expect(await getImage(db(), image.id)).toBeUndefined();
    expect(filesOf(image.id)).toEqual([]);
  });
});

describe("the variants written after the upload (680-px WebP, AVIF)", () => {
  it("are not written while the uploader waits: until they are, the photo lists the first three widths and pages take the next one up", async () => {
    const image = await storeImage(db(), storage, await grainyPhoto(2000, 1500));
    expect(image).toMatchObject({ variants: [400, 800, 1500], avif: [] });
    expect(imageUrl(image, 665, "webp")).toBe(`/images/${image.id}-800.webp`);
    await settleImageWork();
    const stored = (await getImage(db(), image.id))!;
    expect(stored.variants).toEqual([400, 680, 800, 1500]);
    expect(imageUrl(stored, 665, "webp")).toBe(`/images/${image.id}-680.webp`);
    const meta = await sharp(path.join(imagesDir(dataDir), `${image.id}-680.webp`)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 680, 510, undefined]);
    expect(filesOf(image.id)).toEqual(variantFiles(stored));
  });

  it("while photos are being stored, wait: a burst of uploads goes at full speed, its later variants follow it", async () => {
    const photos = await Promise.all([grainyPhoto(1200, 800), grainyPhoto(1200, 800), grainyPhoto(1200, 800)]);
    const stored = await Promise.all(photos.map((photo) => storeImage(db(), storage, photo)));
    // The first photos stored waited for the last: none of the burst's later variants was written during it.
    for (const image of stored) expect(filesOf(image.id).filter((file) => file.includes("-680.") || file.endsWith(".avif"))).toEqual([]);
    await settleImageWork();
    for (const image of stored) expect((await getImage(db(), image.id))!.variants).toEqual([400, 680, 800, 1200]);
  });
});

describe("AVIF variants", () => {
  it("follow the upload for the widths phones load (up to 800 px), each only where smaller than the WebP of its width", async () => {
    const image = await storeImage(db(), storage, await grainyPhoto(2000, 1500));
    await settleImageWork();
    const { avif, variants } = (await getImage(db(), image.id))!;
    expect(variants).toEqual([400, 680, 800, 1500]);
    expect(avif).toContain(800);
    expect(avif).toContain(680);
    expect(avif.every((w) => w <= 800)).toBe(true);
    expect(filesOf(image.id)).toEqual(variantFiles({ ...image, variants, avif }));
    for (const width of avif) {
      const file = path.join(imagesDir(dataDir), `${image.id}-${width}.avif`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("heif");
      expect(meta.compression).toBe("av1");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe((width * 3) / 4);
      expect(meta.exif).toBeUndefined();
      expect(fs.statSync(file).size).toBeLessThan(fs.statSync(file.replace(/\.avif$/, ".webp")).size);
    }
  });

  it("are written only for the widths where they come out smaller than the WebP", async () => {
    const flat = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#e7e5e4" } })
      .png()
      .toBuffer();
    const image = await storeImage(db(), storage, flat);
    await settleImageWork();
    const { avif, variants } = (await getImage(db(), image.id))!;
    expect(avif).toEqual([680, 800]); // at 400 px the WebP of a flat colour is the smaller file
    for (const width of variants) {
      const webp = fs.statSync(path.join(imagesDir(dataDir), `${image.id}-${width}.webp`)).size;
      const avifFile = path.join(imagesDir(dataDir), `${image.id}-${width}.avif`);
      expect(fs.existsSync(avifFile)).toBe(avif.includes(width));
      if (avif.includes(width)) expect(fs.statSync(avifFile).size).toBeLessThan(webp);
    }
  });

  it("of a photo deleted at once (before or while they are encoded) leave no file behind", async () => {
    const images = await Promise.all([grainyPhoto(1200, 800), grainyPhoto(1000, 800)].map(async (photo) => storeImage(db(), storage, await photo)));
    await deleteImages(
      db(),
      storage,
      images.map((i) => i.id),
    );
    await settleImageWork();
    for (const image of images) expect(filesOf(image.id)).toEqual([]);
  });

  it("are copied with the photo", async () => {
    const image = await storeImage(db(), storage, await grainyPhoto(1000, 700));
    await settleImageWork();
    const original = (await getImage(db(), image.id))!;
    const copy = await copyImage(db(), storage, image.id);
    expect(copy).toEqual({ ...original, id: copy.id });
    expect(filesOf(copy.id)).toEqual(variantFiles(copy));
    expect(fs.readFileSync(path.join(imagesDir(dataDir), `${copy.id}-800.avif`))).toEqual(fs.readFileSync(path.join(imagesDir(dataDir), `${image.id}-800.avif`)));
  });
});

describe("image pipeline on an S3-compatible store", () => {
  let s3: TestS3Server;
  let bucket: PhotoStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    const parsed = parseStorageUrl(s3.url, dataDir);
    if (!("config" in parsed)) throw new Error(parsed.problems.join("; "));
    bucket = await createStorage(parsed.config);
  });
  afterAll(() => s3.close());

  it("writes the WebP variants, then the AVIF ones, to the bucket, and deletes them all there", async () => {
    const image = await storeImage(db(), bucket, await grainyPhoto(1600, 1200));
    for (const width of image.variants) expect(await bucket.head(`images/${image.id}-${width}.webp`)).toMatchObject({ contentType: "image/webp" });
    await settleImageWork();
    const stored = (await getImage(db(), image.id))!;
    expect(stored.avif).toContain(800);
    const keys = imageKeys(stored);
    expect(keys).toHaveLength(stored.variants.length + stored.avif.length);
    for (const key of keys) {
      const object = (await bucket.get(key))!;
      const meta = await sharp(Buffer.concat(await object.body.toArray())).metadata();
      expect(meta.width).toBe(Number(/-(\d+)\./.exec(key)![1]));
      expect(object.contentType).toBe(key.endsWith(".avif") ? "image/avif" : "image/webp");
    }
    // Nothing went to the local disk.
    expect(filesOf(image.id)).toEqual([]);
    await deleteImages(db(), bucket, [image.id]);
    for (const key of keys) expect(await bucket.head(key)).toBeNull();
  });
});
