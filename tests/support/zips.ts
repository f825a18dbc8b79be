import sharp from "sharp";
import yazl from "yazl";

/** A small real picture of the given format, its colour telling pictures apart. */
export async function pictureBytes(format: "jpeg" | "png" | "webp", colour = "#b03060", width = 320) {
  const image = sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } });
  return new Uint8Array(await image[format]().toBuffer());
}

/** A ZIP of these files (name → bytes), made with yazl as an archiver would. */
export function zipOf(files: Array<[string, Uint8Array | string]>, options: { compress?: boolean } = {}) {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files)
    zip.addBuffer(typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes), name, {
      compress: options.compress ?? false,
    });
  zip.end();
  return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("error", reject);
    zip.outputStream.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}

/**
 * The ZIP with every occurrence of one file name swapped for another of the same length, in its local header and
 * its directory: how a hostile name (`../x.jpg`) gets into a ZIP, since yazl refuses to write one.
 */
export function renamedInZip(zip: Uint8Array, from: string, to: string): Uint8Array<ArrayBuffer> {
  if (from.length !== to.length) throw new Error("names must have the same length");
  const bytes = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) Buffer.from(to).copy(bytes, at);
  return new Uint8Array(bytes);
}
