import { randomBytes } from "node:crypto";
import sharp from "sharp";
import {
  decodeImage,
  encodeImage,
  removeImage,
  writeVariants,
  type DecodedImage,
  type ImageFormat,
} from "./images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { tooLarge } from "./upload-limits";

/** Formats accepted, told apart by their first bytes, never by the file's name or the browser's word. */
// The content type is image/{format} for each of them.
const SIGNATURES: Array<{ ext: string; format: ImageFormat; test: (b: Uint8Array) => boolean }> = [
  { ext: ".jpg", format: "jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: ".png",
    format: "png",
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { ext: ".gif", format: "gif", test: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { ext: ".webp", format: "webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  {
    ext: ".avif",
    format: "avif",
    test: (b) => ascii(b, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(b, 8, 12)),
  },
];

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, to));
}

export class UploadError extends Error {}

export const UNSUPPORTED_IMAGE = "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.";

/**
 * Most pixels an upload may decode to (all frames of an animation together). A 48 MP phone photo (8000×6000) fits;
 * a small file that unpacks to a huge canvas (a "decompression bomb") does not.
 */
export const MAX_MEGAPIXELS = 50;
export const TOO_MANY_PIXELS = `The image is too large: at most ${MAX_MEGAPIXELS} megapixels.`;

/**
 * The upload's real format, and whether it is animated, or an UploadError with a message for the administrator.
 * Only the header is read: the pixel count is checked before anything is decoded.
 */
export async function inspectImage(bytes: Uint8Array, maxBytes: number) {
  if (bytes.length === 0) throw new UploadError("No file provided for upload.");
  if (bytes.length > maxBytes) throw new UploadError(tooLarge(maxBytes));
  const format = SIGNATURES.find((s) => s.test(bytes));
  if (!format) throw new UploadError(UNSUPPORTED_IMAGE);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
  } catch {
    throw new UploadError(UNSUPPORTED_IMAGE);
  }
  // Without `animated`, the header's height is one frame's and `pages` counts the frames.
  const animated = (format.format === "gif" || format.format === "webp") && (meta.pages ?? 1) > 1;
  if (meta.width * meta.height * (animated ? meta.pages! : 1) > MAX_MEGAPIXELS * 1_000_000)
    throw new UploadError(TOO_MANY_PIXELS);
  return { ...format, animated };
}

const randomSuffix = () =>
  randomBytes(8)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(8, "0")
    .slice(0, 8);

/** A path segment made from a slug: lowercase letters, digits and hyphens only. */
export const folderSegment = (slug: string) =>
  slug
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")
    .replace(/^-+|-+$/g, "") || "item";

/**
 * Checks and stores an uploaded image under `folder` with a server-made name (`{prefix}-{8 random}{ext}`, spec §7),
 * writes its WebP variants, and returns its public URL and path. The image is decoded once; the stored original is
 * re-encoded from those pixels (upright, capped in size, every bit of metadata gone), never the uploaded bytes.
 */
export async function storeUploadedImage(
  storage: Storage,
  file: File,
  options: { folder: string; prefix: string; maxBytes: number },
) {
  if (file.size > options.maxBytes) throw new UploadError(tooLarge(options.maxBytes));
  const { path, publicUrl } = await storeImageBytes(storage, new Uint8Array(await file.arrayBuffer()), options);
  return { path, publicUrl };
}

/** storeUploadedImage for bytes already read (a picture out of a ZIP): the same checks, with the stored size. */
export async function storeImageBytes(
  storage: Storage,
  bytes: Uint8Array,
  options: { folder: string; prefix: string; maxBytes: number },
) {
  const format = await inspectImage(bytes, options.maxBytes);
  let image: DecodedImage;
  let original: Buffer;
  try {
    image = await decodeImage(bytes, { animated: format.animated, limitInputPixels: MAX_MEGAPIXELS * 1_000_000 });
    original = await encodeImage(image, format.format);
  } catch {
    // A valid header on a broken or hostile body.
    throw new UploadError(UNSUPPORTED_IMAGE);
  }
  const objectPath = `${options.folder}/${options.prefix}-${randomSuffix()}${format.ext}`;
  const { publicUrl } = await storage.put(objectPath, original, `image/${format.format}`);
  try {
    await writeVariants(storage, objectPath, image);
  } catch (error) {
    await removeImage(storage, objectPath);
    throw error;
  }
  return { path: objectPath, publicUrl, byteSize: original.length, width: image.width, height: image.frameHeight };
}

/** Removes every image in `paths`, ignoring ones already gone; used to undo uploads after a failed write. */
export async function discardImages(storage: Storage, paths: string[]) {
  await Promise.all(paths.map((p) => removeImage(storage, p).catch(() => {})));
}

/** An ImageField's value (app/components/admin/image-field.tsx): the new file, and whether the current one was cleared. */
export function imageFieldValue(form: FormData, name: string): { image: File | null; removeImage: boolean } {
  return { image: chosenFile(form.get(name)), removeImage: form.get(`${name}_remove`) === "1" };
}

/** A file input's value when a file was chosen (browsers send an empty, nameless part otherwise). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}
