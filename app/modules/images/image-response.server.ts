import { Readable } from "node:stream";
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

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The answer of `GET /images/{id}-{width}.{webp|avif}` (decision 021): with a public bucket
 * address configured, a permanent redirect there; otherwise the file, streamed from the storage,
 * with a year's immutable caching, its length, and an ETag. The tag is the file's name: what is
 * stored under a name never changes, so the name identifies the bytes (and stays the same when the
 * photos move from the disk to a bucket). A conditional request for a file that is still there is
 * a 304 without reading it; a HEAD reads only its size.
 */
export async function imageResponse(storage: PhotoStorage, file: string | undefined, request: Request, { privately = false }: { privately?: boolean } = {}): Promise<Response> {
  if (!file || !IMAGE_FILE_PATTERN.test(file)) return notFound();
  const key = `images/${file}`;
  // A private image (a receipt, a submission photo) is never sent to the bucket's public address,
  // and only the signed-in person's browser keeps it, asking again each time (a 304 when unchanged).
  const publicUrl = privately ? null : storage.publicUrl(key);
  if (publicUrl) return new Response(null, { status: 301, headers: { Location: publicUrl, "Cache-Control": IMMUTABLE } });
  const caching = privately ? PRIVATE : IMMUTABLE;

  const etag = `"${file}"`;
  const conditional = matches(request.headers.get("If-None-Match"), etag);
  if (conditional || request.method === "HEAD") {
    const info = await storage.head(key);
    if (!info) return notFound();
    if (conditional) return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": caching } });
    return new Response(null, { headers: { "Content-Type": info.contentType, "Content-Length": String(info.size), ETag: etag, "Cache-Control": caching } });
  }
  const object = await storage.get(key);
  if (!object) return notFound();
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    headers: { "Content-Type": object.contentType, "Content-Length": String(object.size), ETag: etag, "Cache-Control": caching },
  });
}
