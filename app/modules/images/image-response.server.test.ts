import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/context.ts";
import { loader as imageLoader } from "~/routes/resources/image.ts";
import { parseStorageUrl } from "~/utils/storage-url.server.ts";
import { testStorage } from "../../../tests/factories/storage.ts";
import { startS3Server, type TestS3Server } from "../../../tests/setup/s3-server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { createStorage, type PhotoStorage } from "./storage.server.ts";

// The route asks the database whether a file is a private image (none is here).
const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-image-route-"));
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function bucketStorage(extra = ""): Promise<PhotoStorage> {
  const parsed = parseStorageUrl(s3.url + extra, dataDir);
  if (!("config" in parsed)) throw new Error(parsed.problems.join("; "));
  return createStorage(parsed.config);
}

/** GET (or another method) /images/{file} through the route's loader, as React Router calls it. */
async function serve(storage: PhotoStorage, file: string, init: RequestInit = {}): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, { storage, db: db() } as unknown as AppServices);
  const request = new Request(`http://localhost/images/${file}`, init);
  return imageLoader({ request, context, params: { file } } as unknown as Parameters<typeof imageLoader>[0]);
}

const ID = "0123456789abcdef0123456789abcdef";
const WEBP = Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), Buffer.alloc(300_000, 9)]);
const AVIF = Buffer.concat([Buffer.from("\0\0\0\x1cftypavif"), Buffer.alloc(1000, 3)]);

describe.each([
  ["the local disk", async () => testStorage(dataDir)],
  ["an S3-compatible bucket", () => bucketStorage()],
])("GET /images/… from %s", (_name, make) => {
  let storage: PhotoStorage;
  beforeAll(async () => {
    storage = await make();
    await storage.put(`images/${ID}-800.webp`, WEBP, "image/webp");
    await storage.put(`images/${ID}-800.avif`, AVIF, "image/avif");
  });

  it("streams the file with its type, length, a year's immutable caching and an ETag", async () => {
    const response = await serve(storage, `${ID}-800.webp`);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(WEBP.length),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${ID}-800.webp"`,
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(WEBP);
    const avif = await serve(storage, `${ID}-800.avif`);
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    expect(avif.headers.get("ETag")).toBe(`"${ID}-800.avif"`);
    expect(Buffer.from(await avif.arrayBuffer())).toEqual(AVIF);
  });

  it("answers 304 without a body when the browser or CDN already holds that file", async () => {
    for (const ifNoneMatch of [`"${ID}-800.webp"`, `W/"${ID}-800.webp"`, `"other", "${ID}-800.webp"`, "*"]) {
      const response = await serve(storage, `${ID}-800.webp`, { headers: { "If-None-Match": ifNoneMatch } });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get("ETag")).toBe(`"${ID}-800.webp"`);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.body).toBeNull();
    }
    const other = await serve(storage, `${ID}-800.webp`, { headers: { "If-None-Match": `"${ID}-800.avif"` } });
    expect(other.status).toBe(200);
    expect(Buffer.from(await other.arrayBuffer())).toEqual(WEBP);
  });

  it("answers HEAD with the length and no body", async () => {
    const response = await serve(storage, `${ID}-800.webp`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(WEBP.length));
    expect(response.body).toBeNull();
  });

  it("answers the address without a type in AVIF to a browser that reads it, else in WebP, and says it varies by Accept", async () => {
    const CHROME = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    const avif = await serve(storage, `${ID}-800`, { headers: { Accept: CHROME } });
    expect(avif.status).toBe(200);
    expect(Object.fromEntries(avif.headers)).toMatchObject({
      "content-type": "image/avif",
      etag: `"${ID}-800.avif"`,
      vary: "Accept",
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(Buffer.from(await avif.arrayBuffer())).toEqual(AVIF);
    for (const accept of ["image/webp,*/*", "image/avif;q=0,image/webp", "image/avifx,image/webp", ""]) {
      const webp = await serve(storage, `${ID}-800`, { headers: accept ? { Accept: accept } : {} });
      expect(webp.headers.get("Content-Type"), accept).toBe("image/webp");
      expect(webp.headers.get("Vary")).toBe("Accept");
      expect(Buffer.from(await webp.arrayBuffer())).toEqual(WEBP);
    }
    // A width whose AVIF was never written (or is still being encoded): its WebP, whatever the browser reads.
    await storage.put(`images/${ID}-680.webp`, WEBP, "image/webp");
    const fallback = await serve(storage, `${ID}-680`, { headers: { Accept: CHROME } });
    expect(fallback.headers.get("Content-Type")).toBe("image/webp");
    expect((await serve(storage, `${ID}-680`, { headers: { Accept: CHROME, "If-None-Match": `"${ID}-680.webp"` } })).status).toBe(304);
    expect((await serve(storage, `${ID}-800`, { headers: { Accept: CHROME, "If-None-Match": `"${ID}-800.avif"` } })).status).toBe(304);
    expect((await serve(storage, `${ID}-400`, { headers: { Accept: CHROME } })).status).toBe(404);
    expect(Buffer.from(await fallback.arrayBuffer())).toEqual(WEBP);
  });

  it("is 404 for a name that is not a variant's, and for a variant that is not there (even asked conditionally)", async () => {
    for (const file of ["../../postgres-password", `${ID}-800.png`, `${ID}-800.webp.partial`, "x-800.webp"]) expect((await serve(storage, file)).status, file).toBe(404);
    expect((await serve(storage, `${ID}-400.webp`)).status).toBe(404);
    expect((await serve(storage, `${ID}-400.webp`, { headers: { "If-None-Match": `"${ID}-400.webp"` } })).status).toBe(404);
    expect((await serve(storage, `${ID}-400.webp`, { method: "HEAD" })).status).toBe(404);
  });
});

describe("GET /images/… with the bucket's public address configured", () => {
  it("redirects there for good, to the object under the storage's prefix", async () => {
    const storage = await bucketStorage(`&publicUrl=${encodeURIComponent("https://cdn.example.sa")}`);
    const response = await serve(storage, `${ID}-400.avif`);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`https://cdn.example.sa/images/${ID}-400.avif`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await serve(storage, "../secret")).status).toBe(404);
  });

  it("sends a browser that reads AVIF to the AVIF file where the width has one, the others to the WebP", async () => {
    const storage = await bucketStorage(`&publicUrl=${encodeURIComponent("https://cdn.example.sa")}`);
    await storage.put(`images/${ID}-800.webp`, WEBP, "image/webp");
    await storage.put(`images/${ID}-800.avif`, AVIF, "image/avif");
    await storage.put(`images/${ID}-680.webp`, WEBP, "image/webp");
    const accept = { Accept: "image/avif,image/webp,*/*;q=0.8" };
    const cases: [string, Record<string, string>, string][] = [
      [`${ID}-800`, accept, `${ID}-800.avif`],
      [`${ID}-800`, { Accept: "image/webp,*/*" }, `${ID}-800.webp`],
      [`${ID}-680`, accept, `${ID}-680.webp`],
    ];
    for (const [file, headers, target] of cases) {
      const response = await serve(storage, file, { headers });
      expect(response.status, file).toBe(301);
      expect(response.headers.get("Location")).toBe(`https://cdn.example.sa/images/${target}`);
      expect(response.headers.get("Vary")).toBe("Accept");
    }
  });
});
