import { randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { BUCKET, isSafeObjectPath, MEDIA_PREFIX, type Storage } from "./storage.server";

/** The folder driver (the default): files under DATA_DIR/storage/application-assets/. */
export interface LocalStorage extends Storage {
  /** Absolute file for a stored path, or null when the path is not a safe object path. */
  resolve(objectPath: string): string | null;
}

export function createLocalStorage(rootDir: string): LocalStorage {
  const bucketDir = path.join(rootDir, BUCKET);
  const resolve = (objectPath: string) => (isSafeObjectPath(objectPath) ? path.join(bucketDir, objectPath) : null);
  const publicUrl = (objectPath: string) => MEDIA_PREFIX + objectPath.split("/").map(encodeURIComponent).join("/");
  return {
    resolve,
    publicUrl,
    existsNow(objectPath) {
      const file = resolve(objectPath);
      return !!file && existsSync(file);
    },
    async put(objectPath, bytes) {
      const file = resolve(objectPath);
      if (!file) throw new Error("No folder path provided for upload.");
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside its name and renamed into place: a write that fails (a full disk) leaves neither an empty or
      // cut-off picture nor a damaged copy of one it was replacing; the piece written is removed.
      const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return { path: objectPath, publicUrl: publicUrl(objectPath) };
    },
    async stat(objectPath) {
      const file = resolve(objectPath);
      if (!file) return null;
      try {
        const stat = await fs.stat(file);
        return stat.isFile() ? { size: stat.size, modified: stat.mtime } : null;
      } catch {
        return null;
      }
    },
    read(objectPath, range) {
      const file = resolve(objectPath);
      if (!file) throw new Error("Not a stored file path.");
      return Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>;
    },
    async remove(objectPath) {
      const file = resolve(objectPath);
      if (!file) throw new Error("No file path provided for deletion.");
      await fs.rm(file, { force: true });
    },
  };
}
