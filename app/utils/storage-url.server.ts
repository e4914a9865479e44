import path from "node:path";

/**
 * Where uploaded photos are kept, as STORAGE_URL says (decision 021):
 *   (unset)                  the local disk, DATA_DIR/uploads (one machine)
 *   file:///var/lib/aqar/up  the local disk, in that folder
 *   s3://bucket[/prefix]?endpoint=https://…&region=…&forcePathStyle=true&publicUrl=https://…
 *                            any S3-compatible object store (AWS S3, Cloudflare R2, MinIO)
 * Credentials come from the standard AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_PROFILE, an instance role…), or from the URL itself (s3://KEY:SECRET@bucket…), as
 * DATABASE_URL carries its password.
 */
export type StorageConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      /** Put before every key ("" or ending in "/"), so one bucket can hold several sites. */
      prefix: string;
      /** The store's address; AWS's own when absent. */
      endpoint?: string;
      region: string;
      /** Addresses as {endpoint}/{bucket}/{key} rather than {bucket}.{endpoint}/{key} (MinIO, most local stores). */
      forcePathStyle: boolean;
      /** Where the bucket's objects are public (a CDN or the bucket's public address): the image route redirects there. */
      publicUrl?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

const S3_OPTIONS = new Set(["endpoint", "region", "forcePathStyle", "publicUrl"]);

/** A bucket name as S3 allows it: 3–63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function httpUrl(value: string, name: string, problems: string[]): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return value.replace(/\/+$/, "");
  } catch {
    // reported below
  }
  problems.push(`STORAGE_URL: ${name} must be an http:// or https:// address`);
  return undefined;
}

/** Reads STORAGE_URL (undefined: the local disk under dataDir). Returns the problems instead when it is not usable. */
export function parseStorageUrl(value: string | undefined, dataDir: string): { config: StorageConfig } | { problems: string[] } {
  if (!value) return { config: { kind: "local", dir: path.join(dataDir, "uploads") } };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problems: ["STORAGE_URL: must be an address such as s3://bucket?endpoint=https://… or file:///var/lib/aqar/uploads"] };
  }
  if (url.protocol === "file:") {
    const dir = decodeURIComponent(url.pathname).replace(/\/+$/, "");
    return dir ? { config: { kind: "local", dir } } : { problems: ["STORAGE_URL: a file:// address needs a folder"] };
  }
  if (url.protocol !== "s3:") return { problems: ["STORAGE_URL: must start with s3:// or file://"] };

  const problems: string[] = [];
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) problems.push("STORAGE_URL: the bucket (s3://bucket…) must be 3–63 lower-case letters, digits, dots or hyphens");
  for (const key of url.searchParams.keys()) {
    if (!S3_OPTIONS.has(key)) problems.push(`STORAGE_URL: unknown option ${key} (known: ${[...S3_OPTIONS].join(", ")})`);
  }
  const endpointParam = url.searchParams.get("endpoint");
  const endpoint = endpointParam ? httpUrl(endpointParam, "endpoint", problems) : undefined;
  const publicParam = url.searchParams.get("publicUrl");
  const publicUrl = publicParam ? httpUrl(publicParam, "publicUrl", problems) : undefined;
  const pathStyle = url.searchParams.get("forcePathStyle");
  if (pathStyle !== null && !["true", "false", "1", "0"].includes(pathStyle)) problems.push("STORAGE_URL: forcePathStyle must be true or false");
  const region = url.searchParams.get("region") || "us-east-1";
  if ((url.username && !url.password) || (!url.username && url.password))
    problems.push("STORAGE_URL: credentials in the address need both the key and the secret (s3://KEY:SECRET@bucket)");
  if (problems.length > 0) return { problems };

  const folder = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  return {
    config: {
      kind: "s3",
      bucket,
      prefix: folder ? `${folder}/` : "",
      endpoint,
      region,
      forcePathStyle: pathStyle === "true" || pathStyle === "1",
      publicUrl,
      credentials: url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : undefined,
    },
  };
}
