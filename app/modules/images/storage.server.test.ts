import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/setup/s3-server.ts";
import { parseStorageUrl, type StorageConfig } from "~/utils/storage-url.server.ts";
import { createStorage, type PhotoStorage } from "./storage.server.ts";

function configOf(url: string | undefined, dataDir = "/srv/aqar"): StorageConfig {
  const parsed = parseStorageUrl(url, dataDir);
  if ("problems" in parsed) throw new Error(parsed.problems.join("; "));
  return parsed.config;
}

let s3: TestS3Server;
const localDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-storage-"));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

const adapters: Array<[string, () => Promise<PhotoStorage>]> = [
  ["local disk", () => createStorage({ kind: "local", dir: localDir })],
  ["S3 (s3rver)", () => createStorage(configOf(s3.url))],
  ["S3 under a prefix", () => createStorage(configOf(s3.url.replace("aqar-photos?", "aqar-photos/site-a?")))],
];

describe.each(adapters)("photo storage: %s", (_name, make) => {
  let storage: PhotoStorage;
  beforeAll(async () => {
    storage = await make();
  });
  const key = (name: string) => `images/${name}-${Math.random().toString(16).slice(2)}.webp`;

  it("puts an object, then heads, streams and deletes it", async () => {
    const k = key("a");
    const bytes = Buffer.from("RIFF....WEBPVP8 not really a photo, but bytes are bytes");
    await storage.put(k, bytes, "image/webp");
    expect(await storage.head(k)).toEqual({ size: bytes.length, contentType: "image/webp" });
    const object = await storage.get(k);
    expect(object).toMatchObject({ size: bytes.length, contentType: "image/webp" });
    expect(Buffer.concat(await object!.body.toArray())).toEqual(bytes);
    await storage.delete(k);
    expect(await storage.head(k)).toBeNull();
    expect(await storage.get(k)).toBeNull();
  });

  it("answers null for what is not there, and deleting it again is no error", async () => {
    const k = key("missing");
    expect(await storage.head(k)).toBeNull();
    expect(await storage.get(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it("keeps AVIF and WebP apart and says which is which", async () => {
    const stem = `images/${"c".repeat(32)}-${Date.now()}`;
    await storage.put(`${stem}.avif`, Buffer.from("avif bytes"), "image/avif");
    await storage.put(`${stem}.webp`, Buffer.from("webp bytes!"), "image/webp");
    expect(await storage.head(`${stem}.avif`)).toEqual({ size: 10, contentType: "image/avif" });
    expect(await storage.head(`${stem}.webp`)).toEqual({ size: 11, contentType: "image/webp" });
  });

  it("streams a large object without reading it whole first", async () => {
    const k = key("large");
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    await storage.put(k, bytes, "image/webp");
    const object = (await storage.get(k))!;
    let chunks = 0;
    let total = 0;
    for await (const chunk of object.body) {
      chunks += 1;
      total += (chunk as Buffer).length;
    }
    expect(total).toBe(bytes.length);
    expect(chunks).toBeGreaterThan(1);
  });

  it("refuses keys that would leave its folder or bucket prefix", async () => {
    for (const bad of ["../etc/passwd", "/etc/passwd", "images/../../x", "images//x.webp", ""]) {
      await expect(storage.put(bad, Buffer.from("x"), "image/webp")).rejects.toThrow(/not a storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/not a storage key/);
    }
  });

  it("reports itself reachable", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe("photo storage: where objects land", () => {
  it("the local disk keeps the layout photos always had (DATA_DIR/uploads/images/…)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-storage-layout-"));
    try {
      const storage = await createStorage(configOf(undefined, dataDir));
      await storage.put(`images/${"d".repeat(32)}-400.webp`, Buffer.from("x"), "image/webp");
      expect(fs.readdirSync(path.join(dataDir, "uploads", "images"))).toEqual([`${"d".repeat(32)}-400.webp`]);
      expect(storage.publicUrl("images/x.webp")).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a prefix keeps one site's objects apart from another's in the same bucket", async () => {
    const a = await createStorage(configOf(s3.url.replace("aqar-photos?", "aqar-photos/site-a?")));
    const b = await createStorage(configOf(s3.url.replace("aqar-photos?", "aqar-photos/site-b?")));
    await a.put("images/shared-name.webp", Buffer.from("a"), "image/webp");
    expect(await b.head("images/shared-name.webp")).toBeNull();
    expect(await a.head("images/shared-name.webp")).toEqual({ size: 1, contentType: "image/webp" });
  });

  it("with a public address, names each object's URL there", async () => {
    const storage = await createStorage(configOf(`${s3.url.replace("aqar-photos?", "aqar-photos/site?")}&publicUrl=${encodeURIComponent("https://cdn.example.sa/photos/")}`));
    expect(storage.publicUrl("images/abc-400.avif")).toBe("https://cdn.example.sa/photos/site/images/abc-400.avif");
  });

  it("fails its check with wrong credentials or no server, so readiness says so", async () => {
    const wrong = await createStorage(configOf(s3.url.replace("S3RVER:S3RVER@", "S3RVER:not-the-secret@")));
    await expect(wrong.check()).rejects.toThrow();
    const gone = await createStorage(configOf(s3.url.replace(/endpoint=[^&]+/, `endpoint=${encodeURIComponent("http://127.0.0.1:9")}`)));
    await expect(gone.check()).rejects.toThrow();
  });
});

describe("STORAGE_URL", () => {
  it("is the local disk when unset, or a file:// folder", () => {
    expect(configOf(undefined, "/srv/aqar")).toEqual({ kind: "local", dir: "/srv/aqar/uploads" });
    expect(configOf("file:///mnt/photos/", "/srv/aqar")).toEqual({ kind: "local", dir: "/mnt/photos" });
  });

  it("reads a bucket, its prefix, the store's address and options, and credentials when given", () => {
    expect(configOf("s3://KEY:SEC%2FRET@aqar-photos/site/a/?endpoint=https://s3.example.sa&region=me-south-1&forcePathStyle=true&publicUrl=https://cdn.example.sa")).toEqual({
      kind: "s3",
      bucket: "aqar-photos",
      prefix: "site/a/",
      endpoint: "https://s3.example.sa",
      region: "me-south-1",
      forcePathStyle: true,
      publicUrl: "https://cdn.example.sa",
      credentials: { accessKeyId: "KEY", secretAccessKey: "SEC/RET" },
    });
    expect(configOf("s3://photos")).toEqual({
      kind: "s3",
      bucket: "photos",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      publicUrl: undefined,
      credentials: undefined,
    });
  });

  it("lists every problem of an unusable address", () => {
    expect(parseStorageUrl("ftp://photos", "/d")).toEqual({ problems: ["STORAGE_URL: must start with s3:// or file://"] });
    expect(parseStorageUrl("s3://Photos_Bucket?endpoint=ftp://x&colour=blue&forcePathStyle=maybe", "/d")).toEqual({
      problems: [
        "STORAGE_URL: the bucket (s3://bucket…) must be 3–63 lower-case letters, digits, dots or hyphens",
        "STORAGE_URL: unknown option colour (known: endpoint, region, forcePathStyle, publicUrl)",
        "STORAGE_URL: endpoint must be an http:// or https:// address",
        "STORAGE_URL: forcePathStyle must be true or false",
      ],
    });
    expect(parseStorageUrl("s3://KEY@photos", "/d")).toEqual({ problems: ["STORAGE_URL: credentials in the address need both the key and the secret (s3://KEY:SECRET@bucket)"] });
  });
});
