import path from "node:path";

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
