import { sql } from "kysely";
import sharp from "sharp";
import type { Db } from "~/db/database.server";
import { containsText } from "~/db/text-search";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { safeImageSrc } from "~/lib/web/safe-url";
import { BUCKET, MEDIA_PREFIX, objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";

/** Widths of the WebP copies made of every stored image, for `srcset` (buyers on slow phones). */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

/** Longest side of a stored original: enough for the full-size viewer on a 2× screen (ADR 0014); never enlarged. */
export const MAX_LONG_SIDE = 2560;

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

export const variantPath = (objectPath: string, width: number) =>
  objectPath.replace(/\.[A-Za-z0-9]+$/, "") + `-w${width}.webp`;

/**
 * An image decoded once: upright, at most MAX_LONG_SIDE px on the long side, 8-bit sRGB pixels and nothing else of
 * the file (no EXIF, GPS, XMP, IPTC or comments). Animated images hold their frames one under the other.
 */
export interface DecodedImage {
  pixels: Buffer;
  width: number;
  /** Height of one frame (of the whole image when it is not animated). */
  frameHeight: number;
  frames: number;
  channels: 1 | 2 | 3 | 4;
  loop?: number;
  delay?: number[];
}

/** Decodes `bytes` once; every stored file (original and copies) is then encoded from these pixels. */
export async function decodeImage(
  bytes: Uint8Array,
  options: { animated?: boolean; limitInputPixels?: number } = {},
): Promise<DecodedImage> {
  const animated = !!options.animated;
  const input = sharp(bytes, { animated, limitInputPixels: options.limitInputPixels });
  const meta = animated ? await input.metadata() : undefined;
  // .rotate() turns the pixels as the EXIF orientation says, so the photo stays upright once its EXIF is gone.
  const { data, info } = await (animated ? input : input.rotate())
    .resize({ width: MAX_LONG_SIDE, height: MAX_LONG_SIDE, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frameHeight = animated && info.pageHeight ? info.pageHeight : info.height;
  return {
    pixels: data,
    width: info.width,
    frameHeight,
    frames: info.height / frameHeight,
    channels: info.channels,
    loop: meta?.loop,
    delay: meta?.delay,
  };
}

const pixelsOf = (image: DecodedImage) =>
  sharp(image.pixels, {
    raw: {
      width: image.width,
      height: image.frameHeight * image.frames,
      channels: image.channels,
      pageHeight: image.frames > 1 ? image.frameHeight : undefined,
    },
  });

const animation = (image: DecodedImage) => (image.frames > 1 ? { loop: image.loop, delay: image.delay } : {});

/** The stored original: the decoded pixels encoded in the upload's own format, at high quality. */
export function encodeImage(image: DecodedImage, format: ImageFormat): Promise<Buffer> {
  const pixels = pixelsOf(image);
  switch (format) {
    case "jpeg":
      return pixels.jpeg({ quality: 90, mozjpeg: false }).toBuffer();
    case "png":
      return pixels.png().toBuffer();
    case "webp":
      return pixels.webp({ quality: 90, ...animation(image) }).toBuffer();
    case "avif":
      return pixels.avif({ quality: 70, effort: 0 }).toBuffer();
    case "gif":
      return pixels.gif(animation(image)).toBuffer();
  }
}

/** The image at most `width` px wide. sharp scales a raw strip of frames as one picture, so frames go one by one. */
async function scaledTo(image: DecodedImage, width: number): Promise<sharp.Sharp> {
  if (image.frames === 1) return pixelsOf(image).resize({ width, withoutEnlargement: true });
  if (width >= image.width) return pixelsOf(image);
  const frameBytes = image.width * image.frameHeight * image.channels;
  const raw = { width: image.width, height: image.frameHeight, channels: image.channels };
  const frames = await Promise.all(
    Array.from({ length: image.frames }, (_, i) =>
      sharp(image.pixels.subarray(i * frameBytes, (i + 1) * frameBytes), { raw })
        .resize({ width })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const { info } = frames[0];
  return pixelsOf({
    ...image,
    pixels: Buffer.concat(frames.map((f) => f.data)),
    width: info.width,
    frameHeight: info.height,
    channels: info.channels,
  });
}

/** Writes the WebP variants of an image stored at objectPath (never wider than the original), from its decoded pixels. */
export async function writeVariants(storage: Storage, objectPath: string, image: DecodedImage): Promise<string[]> {
  const written: string[] = [];
  for (const width of VARIANT_WIDTHS) {
    const webp = await (await scaledTo(image, width)).webp({ quality: 72, effort: 2, ...animation(image) }).toBuffer();
    const path = variantPath(objectPath, width);
    await storage.put(path, webp, "image/webp");
    written.push(path);
  }
  return written;
}

/** Removes a stored image and its variants. */
export async function removeImage(storage: Storage, objectPath: string): Promise<void> {
  await Promise.all(
    [objectPath, ...VARIANT_WIDTHS.map((w) => variantPath(objectPath, w))].map((p) => storage.remove(p)),
  );
}

/** Every column that can hold the URL of a stored picture (`gallery_images` a JSON list of them, `content` any page text). */
const IMAGE_REFERENCES = [
  ["products", "image_url"],
  ["products", "gallery_images"],
  ["product_categories", "image_url"],
  ["certificates", "image_url"],
  ["gallery_items", "image_url"],
  ["blog_posts", "featured_image_url"],
  // A picture put in a post's body with the editor's Picture button (issue 29), or in a translation of it.
  ["blog_posts", "content"],
  ["content_translations", "value"],
  ["page_content", "content"],
  ["site_settings", "setting_value"],
  // A kept version's pictures stay until the version is pruned, so a restore never shows a broken image (ADR 0031).
  ["versions", "snapshot"],
] as const;

/** Whether `text` names the stored file at objectPath, whatever comes before the bucket name (`/media/…`, `https://host/media/…`). */
export function namesStoredFile(text: string, objectPath: string): boolean {
  const needle = `${BUCKET}/${objectPath}`;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    // The path must end here: `…/x.jpg` does not name `…/x.jpg2` or `…/x.jpg/y`.
    if (!/[\w./-]/.test(text.charAt(at + needle.length))) return true;
  }
  return false;
}

/** Whether any row still references the stored file at objectPath, a pending photo import included. */
export async function isStoredImageUsed(db: Db, objectPath: string): Promise<boolean> {
  const needle = `${BUCKET}/${objectPath}`;
  const found = await Promise.all(
    IMAGE_REFERENCES.map(async ([table, column]) => {
      // LIKE (case-insensitive, wildcards escaped) narrows the rows; namesStoredFile then asks for the exact path.
      const { rows } = await sql<{
        value: string;
      }>`select ${sql.ref(column)} as value from ${sql.table(table)} where ${containsText(column, needle)}`.execute(db);
      return rows.some((row) => namesStoredFile(row.value, objectPath));
    }),
  );
  if (found.includes(true)) return true;
  // A photo ZIP import not yet imported or cancelled will point products at its pictures (issue 38).
  const pending = await db
    .selectFrom("photo_job_pictures")
    .innerJoin("photo_import_jobs", "photo_import_jobs.id", "photo_job_pictures.job_id")
    .select("photo_job_pictures.job_id")
    .where("photo_job_pictures.storage_key", "=", objectPath)
    .where("photo_import_jobs.state", "in", ["processing", "ready"])
    .executeTakeFirst();
  return pending !== undefined;
}

/**
 * Removes the picture a stored URL points at, with its variants, once no row references it any more (an imported
 * product may point at a certificate's picture; the logo setting at a page's). Call it after the write that dropped
 * the reference. Outside URLs, empty values and files already gone are ignored (a leftover file must never fail the
 * change that replaced it).
 */
export async function removeStoredImageIfUnused(
  db: Db,
  storage: Storage,
  url: string | null | undefined,
): Promise<void> {
  const objectPath = objectPathFromUrl(url);
  if (!objectPath || (await isStoredImageUsed(db, objectPath))) return;
  await forgetRegisteredPicture(db, objectPath);
  await removeImage(storage, objectPath).catch(() => {});
}

/** Takes a stored picture out of the Media Library's registry, with its described translations. */
export async function forgetRegisteredPicture(db: Db, objectPath: string): Promise<void> {
  const rows = db.selectFrom("media").select("id").where("storage_key", "=", objectPath);
  await db.deleteFrom("content_translations").where("entity", "=", "media").where("entity_id", "in", rows).execute();
  await db.deleteFrom("media").where("storage_key", "=", objectPath).execute();
}

export interface Picture {
  src: string;
  srcSet?: string;
  /** The picture's 'Alt Text' from the Media Library, when it has one (picturesWithAlt). */
  alt?: string;
}

// Whether an image has variants is asked once per path and remembered (images are never rewritten in place:
// a replaced image gets a new name).
const hasVariants = new Map<string, boolean>();

/** A safe image source, with `srcSet` when the image is ours and its variants exist. */
export function picture(storage: Storage, url: string | null | undefined): Picture | null {
  const src = safeImageSrc(url);
  if (!src) return null;
  const objectPath = objectPathFromUrl(src);
  // Ours: served here (every URL the folder driver issued), or where the storage says browsers load it from.
  if (!objectPath || (!src.startsWith(MEDIA_PREFIX) && storage.publicUrl(objectPath) !== src)) return { src };
  let known = hasVariants.get(objectPath);
  if (known === undefined) {
    // A driver that cannot tell at once (S3) is taken to have them: every upload and the demo content write them,
    // and a folder moved to a bucket brings its variants along.
    known = storage.existsNow(variantPath(objectPath, VARIANT_WIDTHS[0])) ?? true;
    if (hasVariants.size > 10_000) hasVariants.clear();
    hasVariants.set(objectPath, known);
  }
  if (!known) return { src };
  return {
    src,
    srcSet: VARIANT_WIDTHS.map((w) => `${storage.publicUrl(variantPath(objectPath, w))} ${w}w`).join(", "),
  };
}

/** A picture's source, variants and alt text, for a URL a page shows. */
export type PictureOf = (url: string | null | undefined) => Picture | null;

/**
 * picture() for the URLs a page is about to show, each with the 'Alt Text' the Media Library keeps for it (issue 29):
 * one query for all of them. A picture without one gets none, and the page describes it as before (by its item).
 * A page in another language uses the text's translation (Translations, "Picture descriptions"); without one it
 * keeps describing the picture by its item's translated name, never by an English sentence its readers may not read.
 */
export async function picturesWithAlt(
  db: Db,
  storage: Storage,
  lang: string,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<PictureOf> {
  const paths = [...new Set(urls.map((url) => objectPathFromUrl(url)).filter((p): p is string => !!p))];
  const alts = new Map<string, string>();
  for (let i = 0; i < paths.length; i += 500) {
    const batch = paths.slice(i, i + 500);
    const rows =
      lang === DEFAULT_LANGUAGE
        ? await db
            .selectFrom("media")
            .select(["storage_key", "alt_text as text"])
            .where("storage_key", "in", batch)
            .where("alt_text", "is not", null)
            .execute()
        : // Another language: the description translated on the Translations screen (entity `media`), if any.
          await db
            .selectFrom("media")
            .innerJoin("content_translations as t", (join) =>
              join
                .onRef("t.entity_id", "=", "media.id")
                .on("t.entity", "=", "media")
                .on("t.field", "=", "alt_text")
                .on("t.lang", "=", lang),
            )
            .select(["media.storage_key", "t.value as text"])
            .where("media.storage_key", "in", batch)
            .where("media.alt_text", "is not", null)
            .execute();
    for (const row of rows) if (row.text?.trim()) alts.set(row.storage_key, row.text);
  }
  return (url) => {
    const found = picture(storage, url);
    const alt = alts.get(objectPathFromUrl(url) ?? "");
    return found && alt ? { ...found, alt } : found;
  };
}
