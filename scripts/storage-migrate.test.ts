import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleImageWork, storeImage } from "~/modules/images/images.server.ts";
import { migrateLocalUploads } from "~/modules/images/storage-migrate.server.ts";
import { createStorage, type PhotoStorage } from "~/modules/images/storage.server.ts";
import { parseStorageUrl } from "~/utils/storage-url.server.ts";
import { imagesDir, testStorage } from "../tests/factories/storage.ts";
import { startS3Server, type TestS3Server } from "../tests/setup/s3-server.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-storage-migrate-"));
const uploads = path.join(dataDir, "uploads");
let s3: TestS3Server;
let bucket: PhotoStorage;
/** The files of the local uploads folder, as keys. */
let localKeys: string[] = [];

async function storageOf(url: string): Promise<PhotoStorage> {
  const parsed = parseStorageUrl(url, dataDir);
  if (!("config" in parsed)) throw new Error(parsed.problems.join("; "));
  return createStorage(parsed.config);
}

async function photo(width: number, height: number, colour: string) {
  const noise = await sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 12 } } })
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: "soft-light" }])
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  s3 = await startS3Server({ prefix: "firm" });
  bucket = await storageOf(s3.url);
  // Photos as the app stored them on the local disk: WebP and AVIF variants.
  const local = testStorage(dataDir);
  for (const [w, h, colour] of [
    [1600, 1000, "#b98"],
    [900, 1200, "#579"],
    [500, 300, "#ccc"],
  ] as const)
    await storeImage(db(), local, await photo(w, h, colour));
  await settleImageWork();
  // Neither a half-written file nor one that is no storage key is copied.
  fs.writeFileSync(path.join(imagesDir(dataDir), `${"e".repeat(32)}-400.webp.1a2b3c.partial`), "half");
  fs.writeFileSync(path.join(imagesDir(dataDir), ".DS_Store"), "finder");
  localKeys = fs
    .readdirSync(imagesDir(dataDir))
    .filter((file) => /^[a-f0-9]{32}-\d+\.(webp|avif)$/.test(file))
    .map((file) => `images/${file}`)
    .sort();
}, 60_000);
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bytesOf = async (storage: PhotoStorage, key: string) => {
  const object = await storage.get(key);
  return object ? Buffer.concat(await object.body.toArray()) : null;
};

describe("storage:migrate", () => {
  it("copies every local photo file to the bucket under the same key, and only those", async () => {
    expect(localKeys.some((key) => key.endsWith(".avif"))).toBe(true);
    const report = await migrateLocalUploads(uploads, bucket);
    expect(report).toMatchObject({ copied: localKeys.length, skipped: 0, failed: [] });
    for (const key of localKeys) {
      expect(await bytesOf(bucket, key), key).toEqual(fs.readFileSync(path.join(uploads, key)));
      expect((await bucket.head(key))!.contentType).toBe(key.endsWith(".avif") ? "image/avif" : "image/webp");
    }
    expect(await bucket.head(`images/${"e".repeat(32)}-400.webp.1a2b3c.partial`)).toBeNull();
  });

  it("run again, copies nothing: every file is there already", async () => {
    expect(await migrateLocalUploads(uploads, bucket)).toMatchObject({ copied: 0, skipped: localKeys.length, bytes: 0, failed: [] });
  });

  it("after an interruption, copies what is missing or not whole, and skips the rest", async () => {
    const [gone1, gone2, cut] = localKeys;
    await bucket.delete(gone1!);
    await bucket.delete(gone2!);
    await bucket.put(cut!, Buffer.from("not the whole file"), "image/webp");
    const report = await migrateLocalUploads(uploads, bucket, { concurrency: 2 });
    expect(report).toMatchObject({ copied: 3, skipped: localKeys.length - 3, failed: [] });
    expect(await bytesOf(bucket, cut!)).toEqual(fs.readFileSync(path.join(uploads, cut!)));
  });

  it("reports what it could not copy (wrong credentials), so that a rerun is needed", async () => {
    const refused = await storageOf(s3.url.replace("S3RVER:S3RVER@", "S3RVER:wrong@"));
    const report = await migrateLocalUploads(uploads, refused);
    expect(report.copied).toBe(0);
    expect(report.failed.map((f) => f.key).sort()).toEqual(localKeys);
  });

  it("is the npm script: reads STORAGE_URL and DATA_DIR, prints the counts, and refuses without a bucket", async () => {
    const run = promisify(execFile);
    const script = path.resolve(import.meta.dirname, "storage-migrate.ts");
    const other = await startS3Server();
    try {
      const env = { ...process.env, DATA_DIR: dataDir, STORAGE_URL: other.url, NODE_ENV: "production", DEMO_MODE: "0" };
      const first = await run(process.execPath, [script], { env });
      expect(first.stdout).toContain(`${localKeys.length} files copied`);
      expect(first.stdout).toContain("0 already in the bucket, 0 failed");
      const second = await run(process.execPath, [script], { env });
      expect(second.stdout).toContain(`0 files copied (0.0 MB), ${localKeys.length} already in the bucket, 0 failed`);
      const served = await storageOf(other.url);
      expect(await bytesOf(served, localKeys[0]!)).toEqual(fs.readFileSync(path.join(uploads, localKeys[0]!)));
      const noBucket = await run(process.execPath, [script], { env: { ...env, STORAGE_URL: "" } }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(noBucket.code).toBe(2);
      expect(noBucket.stderr).toContain("STORAGE_URL names no bucket");
    } finally {
      await other.close();
    }
  }, 60_000);
});
