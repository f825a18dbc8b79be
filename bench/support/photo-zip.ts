import fs from "node:fs";
import { once } from "node:events";
import sharp from "sharp";
import yazl from "yazl";

/**
 * Writes a ZIP of `count` distinct photo-sized JPEGs (1600×1200, noisy, so they compress as photos do) to
 * `target`, named `product-0.jpg` … , one made at a time: the bench's ZIP is never held in memory either.
 */
export async function writePhotoZip(target: string, count: number, name = (i: number) => `photos/product-${i}.jpg`) {
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(target);
  zip.outputStream.pipe(out);
  const noise = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < count; i++) {
    // Each picture differs (its tint), so none is stored once for another.
    const jpeg = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .tint({ r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 13) % 256 })
      .jpeg({ quality: 80 })
      .toBuffer();
    zip.addBuffer(jpeg, name(i), { compress: false });
  }
  zip.end();
  await once(out, "close");
  return fs.statSync(target).size;
}
