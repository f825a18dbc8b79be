import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { removeImage, writeVariants } from "./images.server";
import type { Storage } from "./storage.server";

/** Formats accepted, told apart by their first bytes, never by the file's name or the browser's word. */
const SIGNATURES: Array<{ ext: string; type: string; test: (b: Uint8Array) => boolean }> = [
  { ext: ".jpg", type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: ".png", type: "image/png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  { ext: ".gif", type: "image/gif", test: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { ext: ".webp", type: "image/webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  { ext: ".avif", type: "image/avif", test: (b) => ascii(b, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(b, 8, 12)) },
];

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, to));
}

export class UploadError extends Error {}

export const UNSUPPORTED_IMAGE = "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.";
export const tooLarge = (maxBytes: number) => `The image is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`;

/** The upload's real format, or an UploadError with a message for the administrator. */
export async function inspectImage(bytes: Uint8Array, maxBytes: number) {
  if (bytes.length === 0) throw new UploadError("No file provided for upload.");
  if (bytes.length > maxBytes) throw new UploadError(tooLarge(maxBytes));
  const format = SIGNATURES.find((s) => s.test(bytes));
  if (!format) throw new UploadError(UNSUPPORTED_IMAGE);
  try {
    // It must also decode: a valid header on a broken or hostile body is refused here.
    const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
  } catch {
    throw new UploadError(UNSUPPORTED_IMAGE);
  }
  return format;
}

const randomSuffix = () => randomBytes(8).toString("base64url").replace(/[^A-Za-z0-9]/g, "").padEnd(8, "0").slice(0, 8);

/** A path segment made from a slug: lowercase letters, digits and hyphens only. */
export const folderSegment = (slug: string) => slug.toLowerCase().replace(/[^a-z0-9-]/g, "").replace(/^-+|-+$/g, "") || "item";

/**
 * Checks and stores an uploaded image under `folder` with a server-made name (`{prefix}-{8 random}{ext}`, spec §7),
 * writes its WebP variants, and returns its public URL and path.
 */
export async function storeUploadedImage(storage: Storage, file: File, options: { folder: string; prefix: string; maxBytes: number }) {
  if (file.size > options.maxBytes) throw new UploadError(tooLarge(options.maxBytes));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = await inspectImage(bytes, options.maxBytes);
  const objectPath = `${options.folder}/${options.prefix}-${randomSuffix()}${format.ext}`;
  const { publicUrl } = await storage.put(objectPath, bytes, format.type);
  try {
    await writeVariants(storage, objectPath, bytes);
  } catch (error) {
    await removeImage(storage, objectPath);
    throw error;
  }
  return { path: objectPath, publicUrl };
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
