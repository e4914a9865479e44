import { Readable } from "node:stream";
import { LRUCache } from "lru-cache";
import { IMAGE_FILE_PATTERN } from "~/utils/image-ref.ts";
import type { PhotoStorage } from "./storage.server.ts";

/** A variant's name is random per image and its bytes are written once: any cache may keep it a year without asking. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** A private image: the browser of the person who may see it keeps it, and asks again before each use. */
const PRIVATE = "private, no-cache";

/** If-None-Match holds this tag (or `*`)? Weak comparison, as RFC 9110 asks for this header. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/** Does the browser read AVIF? Its image requests say so in Accept (`image/avif,image/webp,…`), unless with q=0. */
function readsAvif(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").split(",").some((entry) => {
    const [type, ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return type === "image/avif" && (!q || Number(q.slice(2)) > 0);
  });
}

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The answer of `GET /images/{id}-{width}.{webp|avif}` (decision 021): with a public bucket
 * address configured, a permanent redirect there; otherwise the file, streamed from the storage,
 * with a year's immutable caching, its length, and an ETag. The tag is the file's name: what is
 * stored under a name never changes, so the name identifies the bytes (and stays the same when the
 * photos move from the disk to a bucket). A conditional request for a file that is still there is
 * a 304 without reading it; a HEAD reads only its size.
 *
 * `GET /images/{id}-{width}` (no type, decision 028): the AVIF file to a browser whose Accept names
 * it, when that width has one, else the WebP; `Vary: Accept` keeps the two apart in every cache.
 */
export async function imageResponse(storage: PhotoStorage, file: string | undefined, request: Request, { privately = false }: { privately?: boolean } = {}): Promise<Response> {
  const match = file ? IMAGE_FILE_PATTERN.exec(file) : null;
  if (!match) return notFound();
  const [, id, width, type] = match;
  if (type) return variantResponse(storage, file!, request, { privately });
  const webp = `${id}-${width}.webp`;
  if (privately || !readsAvif(request)) return variantResponse(storage, webp, request, { privately, extra: VARY });
  const avif = await variantResponse(storage, `${id}-${width}.avif`, request, { privately, extra: VARY, orNull: true });
  return avif ?? variantResponse(storage, webp, request, { privately, extra: VARY });
}

const VARY = { Vary: "Accept" };

interface VariantOptions {
  /** A receipt or a submission photo: never the bucket's public address, kept only by the person's browser. */
  privately: boolean;
  extra?: Record<string, string>;
  /** Null instead of a 404 when there is no such file (the AVIF a width may not have). */
  orNull?: boolean;
}

async function variantResponse(storage: PhotoStorage, file: string, request: Request, options: VariantOptions & { orNull: true }): Promise<Response | null>;
async function variantResponse(storage: PhotoStorage, file: string, request: Request, options: VariantOptions): Promise<Response>;
/** One stored file's answer. */
async function variantResponse(storage: PhotoStorage, file: string, request: Request, { privately, extra = {}, orNull = false }: VariantOptions): Promise<Response | null> {
  const missing = () => (orNull ? null : notFound());
  const key = `images/${file}`;
  // A private image (a receipt, a submission photo) is never sent to the bucket's public address,
  // and only the signed-in person's browser keeps it, asking again each time (a 304 when unchanged).
  const publicUrl = privately ? null : storage.publicUrl(key);
  if (publicUrl) {
    // The bucket answers the redirect's target; whether a width has its AVIF is asked of it once.
    if (orNull && !(await storedOnce(storage, key))) return null;
    return new Response(null, { status: 301, headers: { Location: publicUrl, "Cache-Control": IMMUTABLE, ...extra } });
  }
  const caching = privately ? PRIVATE : IMMUTABLE;

  const etag = `"${file}"`;
  const conditional = matches(request.headers.get("If-None-Match"), etag);
  if (conditional || request.method === "HEAD") {
    const info = await storage.head(key);
    if (!info) return missing();
    if (conditional) return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": caching, ...extra } });
    return new Response(null, { headers: { "Content-Type": info.contentType, "Content-Length": String(info.size), ETag: etag, "Cache-Control": caching, ...extra } });
  }
  const object = await storage.get(key);
  if (!object) return missing();
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    headers: { "Content-Type": object.contentType, "Content-Length": String(object.size), ETag: etag, "Cache-Control": caching, ...extra },
  });
}

/** Files found in the bucket (a stored file never changes or goes while a page names it; a miss is asked again). */
const foundInBucket = new LRUCache<string, true>({ max: 50_000 });
async function storedOnce(storage: PhotoStorage, key: string): Promise<boolean> {
  if (foundInBucket.has(key)) return true;
  const found = (await storage.head(key)) !== null;
  if (found) foundInBucket.set(key, true);
  return found;
}
