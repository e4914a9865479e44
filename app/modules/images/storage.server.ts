import type { Readable } from "node:stream";
import type { StorageConfig } from "~/utils/storage-url.server.ts";
import { createLocalStorage } from "./storage-local.server.ts";

/**
 * Where uploaded files live (decision 021): the local disk, or an S3-compatible object store that
 * every app instance shares. Keys are paths such as `images/{32 hex}-{width}.webp`; a key is written
 * once and never rewritten (its name is random per image), so anything read under a key may be
 * cached for ever.
 */
export interface PhotoStorage {
  /** "local" or "s3", for logs and reports. */
  readonly kind: "local" | "s3";
  /** Where, without secrets, for logs and reports ("/var/lib/aqar/uploads", "s3://photos/site/"). */
  readonly location: string;
  /** Writes the object whole (a reader never sees half of it). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object as a stream (not read into memory), or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size and type without its body, or null when there is none. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, with when it was written (the housekeeping's sweep of files no row names). */
  list(prefix: string): AsyncIterable<{ key: string; modified: Date }>;
  /** The object's public address when the store serves objects itself (STORAGE_URL's publicUrl), else null. */
  publicUrl(key: string): string | null;
  /** Resolves when the store answers (readiness, `/healthz/ready`); rejects when it does not. */
  check(signal?: AbortSignal): Promise<void>;
}

interface StoredObjectInfo {
  size: number;
  contentType: string;
}

interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

/** The storage STORAGE_URL names. The S3 adapter (and the AWS SDK) is loaded only when a bucket is configured. */
export async function createStorage(config: StorageConfig): Promise<PhotoStorage> {
  if (config.kind === "local") return createLocalStorage(config.dir);
  const { createS3Storage } = await import("./storage-s3.server.ts");
  return createS3Storage(config);
}
