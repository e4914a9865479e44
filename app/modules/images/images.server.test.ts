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

  it("does not enlarge small photos", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ccc" } }).png().toBuffer();
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
