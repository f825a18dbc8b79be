import fs from "node:fs";
import sharp from "sharp";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { MEDIA_PREFIX, objectPathFromUrl, type Storage } from "./storage.server";

/** Widths of the WebP copies made of every stored image, for `srcset` (buyers on slow phones). */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

export const variantPath = (objectPath: string, width: number) => objectPath.replace(/\.[A-Za-z0-9]+$/, "") + `-w${width}.webp`;

/** Writes the WebP variants of an image already stored at objectPath (never wider than the original). */
export async function writeVariants(storage: Storage, objectPath: string, bytes: Uint8Array): Promise<string[]> {
  const written: string[] = [];
  for (const width of VARIANT_WIDTHS) {
    const webp = await sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer();
    const path = variantPath(objectPath, width);
    await storage.put(path, webp, "image/webp");
    written.push(path);
  }
  return written;
}

/** Removes a stored image and its variants. */
export async function removeImage(storage: Storage, objectPath: string): Promise<void> {
  await Promise.all([objectPath, ...VARIANT_WIDTHS.map((w) => variantPath(objectPath, w))].map((p) => storage.remove(p)));
}

/**
 * Removes the picture a stored URL points at, with its variants, when it is one of ours; outside URLs, empty values
 * and files already gone are ignored (a leftover file must never fail the change that replaced it).
 */
export async function removeStoredImage(storage: Storage, url: string | null | undefined): Promise<void> {
  const objectPath = objectPathFromUrl(url);
  if (objectPath) await removeImage(storage, objectPath).catch(() => {});
}

export interface Picture {
  src: string;
  srcSet?: string;
}

// Whether an image has variants is asked once per path and remembered (images are never rewritten in place:
// a replaced image gets a new name).
const hasVariants = new Map<string, boolean>();

/** A safe image source, with `srcSet` when the image is ours and its variants exist. */
export function picture(storage: Storage, url: string | null | undefined): Picture | null {
  const src = safeImageSrc(url);
  if (!src) return null;
  if (!src.startsWith(MEDIA_PREFIX)) return { src };
  const objectPath = objectPathFromUrl(src);
  if (!objectPath) return { src };
  let known = hasVariants.get(objectPath);
  if (known === undefined) {
    const file = storage.resolve(variantPath(objectPath, VARIANT_WIDTHS[0]));
    known = !!file && fs.existsSync(file);
    if (hasVariants.size > 10_000) hasVariants.clear();
    hasVariants.set(objectPath, known);
  }
  if (!known) return { src };
  return { src, srcSet: VARIANT_WIDTHS.map((w) => `${storage.publicUrl(variantPath(objectPath, w))} ${w}w`).join(", ") };
}
