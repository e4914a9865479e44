import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { ImageRejectedError, deleteImages, getImage, imagesDir, storeImage } from "./images.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-images-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function photoWithExif(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 42/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe("image pipeline", () => {
  it("refuses bytes that are not an image, whatever the name says", async () => {
    await expect(storeImage(db(), dataDir, Buffer.from("just some text, renamed .jpg"))).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it("auto-rotates, strips EXIF and GPS, and writes WebP variants", async () => {
    const input = await photoWithExif(2000, 1000);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const image = await storeImage(db(), dataDir, input);
    // Orientation 6 means the stored picture is upright 1000 x 2000.
    expect([image.width, image.height]).toEqual([1000, 2000]);
    expect(image.variants).toEqual([400, 800, 1000]);
    expect(image.id).toMatch(/^[a-f0-9]{32}$/);
    for (const width of image.variants) {
      const file = path.join(imagesDir(dataDir), `${image.id}-${width}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(fs.readFileSync(file).includes(Buffer.from("SecretCam"))).toBe(false);
    }
    expect(await getImage(db(), image.id)).toEqual(image);
  });

  it("refuses a truncated photo", async () => {
    const whole = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#000", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
      .jpeg()
      .toBuffer();
    await expect(storeImage(db(), dataDir, whole.subarray(0, Math.floor(whole.length * 0.6)))).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it("converts a camera's wide-gamut colours to sRGB and keeps no colour profile", async () => {
    const p3 = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#d03020" } })
      .withIccProfile("p3")
      .jpeg({ quality: 95 })
      .toBuffer();
    const image = await storeImage(db(), dataDir, p3);
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
    const image = await storeImage(db(), dataDir, small);
    expect(image.variants).toEqual([300]);
  });

  it("deletes rows and files", async () => {
    const image = await storeImage(db(), dataDir, await photoWithExif(900, 600));
    await deleteImages(db(), dataDir, [image.id]);
    expect(await getImage(db(), image.id)).toBeUndefined();
    expect(fs.existsSync(path.join(imagesDir(dataDir), `${image.id}-400.webp`))).toBe(false);
  });
});
