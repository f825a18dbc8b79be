import sharp from "sharp";
import { log } from "~/lib/log.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import { MEDIA_PREFIX, isMissingObject, objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";

/** A picture's address and, when known, its size in pixels as served (for og:image:width and og:image:height). */
export interface SizedImage {
  src: string;
  width?: number;
  height?: number;
}

// Sizes read once per stored path: a stored file is never rewritten in place (a replaced picture gets a new name).
const sizes = new Map<string, { width: number; height: number }>();
const MAX_REMEMBERED = 10_000;
/** Enough of the file for the header of every format we store: originals carry no EXIF or other metadata. */
const HEAD_BYTES = 64 * 1024;
/** A file whose header is further in than this is not read whole to find it. */
const MAX_WHOLE_READ = 16 * 1024 * 1024;

/**
 * The picture at `url` with its width and height when it is one of our stored files (read from its header, once);
 * an outside address, a file that cannot be read or a size that cannot be told comes back without them, never
 * with a guess. The server never fetches an outside address (an address typed into the back office must not make
 * it call anywhere).
 */
export async function sizedImage(storage: Storage, url: string | null | undefined): Promise<SizedImage | null> {
  const src = safeImageSrc(url);
  if (!src) return null;
  const objectPath = objectPathFromUrl(src);
  if (!objectPath || (!src.startsWith(MEDIA_PREFIX) && storage.publicUrl(objectPath) !== src)) return { src };
  let size = sizes.get(objectPath);
  if (!size) {
    const read = await readSize(storage, objectPath);
    if (!read) return { src };
    if (sizes.size >= MAX_REMEMBERED) sizes.clear();
    sizes.set(objectPath, (size = read));
  }
  return { src, ...size };
}

async function readSize(storage: Storage, objectPath: string) {
  try {
    const head = await bytesOf(storage.read(objectPath, { start: 0, end: HEAD_BYTES - 1 }));
    let size = await sizeOf(head);
    if (!size && head.byteLength >= HEAD_BYTES) {
      const info = await storage.stat(objectPath);
      if (info && info.size <= MAX_WHOLE_READ) size = await sizeOf(await bytesOf(storage.read(objectPath)));
    }
    return size;
  } catch (error) {
    if (!isMissingObject(error)) log.error(`[media] could not read the size of ${objectPath}`, error);
    return null;
  }
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

/** Width and height as a browser shows the picture (EXIF orientations 5–8 turn it a quarter), or null. */
async function sizeOf(bytes: Uint8Array) {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
