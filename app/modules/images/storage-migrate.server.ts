import fs from "node:fs";
import path from "node:path";
import { assertStorageKey } from "./storage-keys.server.ts";
import { createLocalStorage } from "./storage-local.server.ts";
import type { PhotoStorage } from "./storage.server.ts";

export interface MigrationReport {
  /** Files written to the target now. */
  copied: number;
  /** Files the target already held, at the same size (copied by an earlier run). */
  skipped: number;
  /** Bytes written now. */
  bytes: number;
  /** Files that could not be copied, with why: a rerun tries them again. */
  failed: Array<{ key: string; error: string }>;
}

/** Every file under `dir` as a storage key (`images/{id}-{width}.webp`…), leaving out half-written ones. */
async function* localKeys(dir: string, prefix = ""): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* localKeys(dir, key);
    else if (entry.isFile() && !entry.name.endsWith(".partial")) {
      try {
        assertStorageKey(key);
      } catch {
        continue; // not something the app wrote
      }
      yield key;
    }
  }
}

/**
 * `npm run storage:migrate` (decision 021): copies every file of the local uploads folder
 * (DATA_DIR/uploads: the photos' WebP and AVIF variants, receipts and licence images, all through
 * the image pipeline) to the target store under the same key. A file the target already holds at
 * the same size is skipped, so a run that was interrupted (or a second run) copies only what is
 * missing; an object is written whole or not at all, so nothing half-copied is ever skipped. The
 * local files stay: remove them once the app runs on the bucket.
 */
export async function migrateLocalUploads(
  dir: string,
  target: PhotoStorage,
  { concurrency = 8, onProgress }: { concurrency?: number; onProgress?: (report: MigrationReport) => void } = {},
): Promise<MigrationReport> {
  const source = createLocalStorage(dir);
  const report: MigrationReport = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  const keys = localKeys(dir);
  let done = 0;
  const copyOne = async (key: string) => {
    const object = await source.get(key);
    if (!object) return; // removed since it was listed
    const there = await target.head(key);
    if (there && there.size === object.size) {
      object.body.destroy();
      report.skipped += 1;
      return;
    }
    const bytes = Buffer.concat(await object.body.toArray());
    await target.put(key, bytes, object.contentType);
    report.copied += 1;
    report.bytes += bytes.byteLength;
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = await keys.next(); !next.done; next = await keys.next()) {
        const key = next.value;
        try {
          await copyOne(key);
        } catch (error) {
          report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
        }
        done += 1;
        if (onProgress && done % 100 === 0) onProgress(report);
      }
    }),
  );
  return report;
}
