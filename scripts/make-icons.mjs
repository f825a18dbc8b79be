// Renders the site's icons from public/favicon.svg once; the results are committed (run again after changing it):
// the Organization logo for search engines (512 px, Google wants 112 px or more), the apple-touch-icon (180 px),
// the web manifest's icons (192 and 512 px) and /favicon.ico for clients that read no SVG (16, 32 and 48 px PNGs
// in one ICO file, the form every browser since IE 11 / Vista reads).
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("public/favicon.svg");
const png = (size) =>
  sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();

fs.writeFileSync("public/logo-512.png", await png(512));
fs.writeFileSync("public/icon-192.png", await png(192));
fs.writeFileSync("public/apple-touch-icon.png", await png(180));

const images = await Promise.all([16, 32, 48].map(async (size) => ({ size, bytes: await png(size) })));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1: icon
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map(({ size, bytes }) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(bytes.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += bytes.length;
  return entry;
});
fs.writeFileSync("public/favicon.ico", Buffer.concat([header, ...entries, ...images.map((i) => i.bytes)]));
