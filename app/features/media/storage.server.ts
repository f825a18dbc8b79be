import { randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

export const BUCKET = "application-assets";
/** URL prefix under which stored files are served; it contains the bucket name (spec §7). */
export const MEDIA_PREFIX = `/media/${BUCKET}/`;

export interface Storage {
  put(objectPath: string, bytes: Uint8Array, contentType: string): Promise<{ path: string; publicUrl: string }>;
  publicUrl(objectPath: string): string;
  remove(objectPath: string): Promise<void>;
  /**
   * Whether a file is stored at this path, when the driver can tell without waiting (the folder can); undefined
   * when it cannot (S3).
   */
  existsNow(objectPath: string): boolean | undefined;
  /** Size and last change of a stored file; null when there is none or the path is not a safe object path. */
  stat(objectPath: string): Promise<StoredFileInfo | null>;
  /** The stored bytes, or those from `start` to `end` inclusive, as a stream (nothing is read ahead of the client). */
  read(objectPath: string, range?: ByteRange): ReadableStream<Uint8Array>;
}

/** The only types stored and served: an upload is checked to be one of these pictures (ADR 0015). */
const MEDIA_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** The content type of a stored picture, from its name; undefined for any other file. */
export const mediaType = (objectPath: string): string | undefined =>
  MEDIA_TYPES[path.extname(objectPath).toLowerCase()];

export interface StoredFileInfo {
  size: number;
  modified: Date;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Accepts only paths built from plain segments: never "..", never absolute, never a backslash. */
export function isSafeObjectPath(objectPath: string): boolean {
  if (!objectPath || objectPath.length > 512 || objectPath.includes("\\") || objectPath.startsWith("/")) return false;
  return objectPath.split("/").every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && segment !== "..");
}

/**
 * Whether a read failed because the object is not there (a folder's ENOENT, the bucket's 404), as opposed to the
 * storage being unreachable or failing: what is built from the second kind of failure is incomplete.
 */
export function isMissingObject(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return (
    e?.code === "ENOENT" || e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404
  );
}

/** The stored path of a URL we issued: what follows the bucket name (spec §7), or null. */
export function objectPathFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const at = url.indexOf(`${BUCKET}/`);
  if (at < 0) return null;
  let objectPath: string;
  try {
    objectPath = decodeURIComponent(url.slice(at + BUCKET.length + 1).split(/[?#]/)[0]);
  } catch {
    return null; // a malformed %-sequence (possible through CSV) is not one of our files
  }
  return isSafeObjectPath(objectPath) ? objectPath : null;
}

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

/** The configured storage: the S3 bucket when S3_BUCKET is set (its SDK loaded only then), else the folder. */
export async function createStorage(config: {
  dataDir: string;
  s3: import("./s3-storage.server").S3Options | undefined;
}): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, "storage"));
  // The pinned SDK runs on Node 20; its notice that later versions will need Node 22 is for whoever upgrades it
  // (ADR 0021), not for every start-up log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const { createS3Storage } = await import("./s3-storage.server");
  return createS3Storage(config.s3);
}
