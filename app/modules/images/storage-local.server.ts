import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertStorageKey, contentTypeOf } from "./storage-keys.server.ts";
import type { PhotoStorage } from "./storage.server.ts";

/**
 * The local disk: a key is a file under `dir` (DATA_DIR/uploads by default, the layout photos have
 * always had: DATA_DIR/uploads/images/{id}-{width}.webp). One machine only: two instances would
 * each see their own files.
 */
export function createLocalStorage(dir: string): PhotoStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, key);
  };
  return {
    kind: "local",
    location: dir,
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed into place: a reader (or a crash) never sees half a file.
      const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.partial`;
      try {
        await fs.promises.writeFile(partial, bytes);
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      // Opened first, then measured: the size and the bytes are of the same file.
      const handle = await fs.promises.open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw Object.assign(new Error("not a file"), { code: "EISDIR" });
        return { size: stat.size, contentType: contentTypeOf(key), body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        if ((error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw error;
      }
    },
    async head(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return stat?.isFile() ? { size: stat.size, contentType: contentTypeOf(key) } : null;
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      // Keys are `folder/name`: the folder's files, the half-written ones (`.partial`) among them.
      const folder = path.join(dir, path.dirname(`${prefix}x`));
      const names = await fs.promises.readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      const base = path.relative(dir, folder);
      for (const name of names) {
        const key = base ? `${base}/${name}` : name;
        if (!key.startsWith(prefix)) continue;
        const stat = await fs.promises.stat(path.join(folder, name)).catch(() => null);
        if (stat?.isFile()) yield { key, modified: stat.mtime };
      }
    },
    publicUrl: () => null,
    async check() {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.access(dir, fs.constants.W_OK);
    },
  };
}
