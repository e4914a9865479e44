/** A key is a relative path of plain parts (each starts with a letter, digit, `_` or `-`): never absolute, never `..`. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", avif: "image/avif" };

/** The type a file of this name is served as (the local disk keeps none of its own). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
