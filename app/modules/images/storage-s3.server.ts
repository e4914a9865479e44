import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { StorageConfig } from "~/utils/storage-url.server.ts";
import { assertStorageKey, contentTypeOf } from "./storage-keys.server.ts";
import type { PhotoStorage } from "./storage.server.ts";

/** What objects tell a CDN or a browser that reads them from the bucket directly: never changes, keep a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The key readiness asks about: whether it is there or not, an answer proves the bucket is reachable with these credentials. */
const CHECK_KEY = "readiness-check";

function notFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * Any S3-compatible object store (AWS S3, Cloudflare R2, MinIO) through the AWS SDK. Every app
 * instance reads and writes the same bucket. Checksums are computed only where the API requires
 * them: the SDK's newer default (a CRC trailer on every upload) is not understood by every
 * S3-compatible store.
 */
export function createS3Storage(config: Extract<StorageConfig, { kind: "s3" }>): PhotoStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // From the address when it has them; otherwise the SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role).
    credentials: config.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = config.bucket;
  // Bucket-level requests (the listing) as `/bucket?…`, not `/bucket/?…`: both are S3's, but some
  // S3-compatible stores (s3rver, which the tests run) sign the path without the slash and refuse
  // the other with SignatureDoesNotMatch. Only the listing is a bucket-level request here.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${Bucket}/`) request.path = `/${Bucket}`;
      return next(args);
    },
    { step: "build", name: "bucketPathWithoutSlash" },
  );
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return config.prefix + key;
  };
  return {
    kind: "s3",
    location: `s3://${Bucket}/${config.prefix}`,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType, CacheControl: IMMUTABLE }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(object.Body instanceof Readable)) throw new Error("the object store answered without a body stream");
        return { size: object.ContentLength ?? 0, contentType: object.ContentType ?? contentTypeOf(key), body: object.Body };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: object.ContentLength ?? 0, contentType: object.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: config.prefix + prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key.slice(config.prefix.length), modified: object.LastModified };
        }
      }
    },
    publicUrl(key) {
      return config.publicUrl ? `${config.publicUrl}/${keyOf(key)}` : null;
    },
    async check(signal) {
      // HEAD of one object, not of the bucket (bucket-level requests are where S3-compatible stores
      // differ most): any answer, a 404 included, proves the address and the credentials. On AWS a
      // missing object is a 404 only with s3:ListBucket; without it, a 403 fails the check.
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: config.prefix + CHECK_KEY }), { abortSignal: signal });
      } catch (error) {
        if (!notFound(error)) throw error;
      }
    },
  };
}
