import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decodeImage,
  picture,
  removeImage,
  VARIANT_WIDTHS,
  variantPath,
  writeVariants,
} from "~/features/images/images.server";
import { createS3Storage } from "~/lib/storage/s3-storage.server";
import { objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { storeUploadedImage } from "~/features/images/upload.server";
import { startS3Server } from "../support/s3";

// Pictures are stored and read through the storage interface, so the same checks run on the folder and on S3.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-media-"));
const folder = createLocalStorage(dir);
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const drivers: Array<[string, () => Storage]> = [
  ["the folder", () => folder],
  ["S3", () => createS3Storage(s3.options)],
];

/** A stored file's bytes, as any driver gives them. */
const bytesOf = async (storage: Storage, objectPath: string) =>
  Buffer.from(await new Response(storage.read(objectPath)).arrayBuffer());

const jpeg = (width: number) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: "#a33" } })
    .jpeg()
    .toBuffer();

describe.each(drivers)("image variants in %s", (_driver, driver) => {
  it("writes WebP copies at each width, never wider than the original, and offers them as srcset", async () => {
    const storage = driver();
    const objectPath = "public/products/red-onion/product-abcdefgh.jpg";
    const bytes = await jpeg(1000);
    const { publicUrl } = await storage.put(objectPath, bytes, "image/jpeg");
    await writeVariants(storage, objectPath, await decodeImage(bytes));
    for (const width of VARIANT_WIDTHS) {
      const meta = await sharp(await bytesOf(storage, variantPath(objectPath, width))).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(Math.min(width, 1000));
    }
    const result = picture(storage, publicUrl);
    expect(result?.src).toBe(publicUrl);
    expect(result?.srcSet?.split(", ")).toEqual(
      VARIANT_WIDTHS.map(
        (w) => `/media/application-assets/public/products/red-onion/product-abcdefgh-w${w}.webp ${w}w`,
      ),
    );

    await removeImage(storage, objectPathFromUrl(publicUrl)!);
    for (const p of [objectPath, ...VARIANT_WIDTHS.map((w) => variantPath(objectPath, w))])
      expect(await storage.stat(p)).toBeNull();
  });
});

describe("image variants in the folder", () => {
  const storage = folder;

  it("gives a plain src for images without variants and for other sites, and nothing for unsafe URLs", async () => {
    const { publicUrl } = await storage.put("public/gallery/gallery-1.jpg", await jpeg(300), "image/jpeg");
    expect(picture(storage, publicUrl)).toEqual({ src: publicUrl });
    expect(picture(storage, "https://cdn.example.com/a.jpg")).toEqual({ src: "https://cdn.example.com/a.jpg" });
    expect(picture(storage, "javascript:alert(1)")).toBeNull();
    expect(picture(storage, "")).toBeNull();
  });

  it("never resolves a path outside the bucket", () => {
    for (const bad of ["../etc/passwd", "public/../../x", "/abs/path", "public\\x", "public//x"])
      expect(storage.resolve(bad)).toBeNull();
    expect(objectPathFromUrl("/media/application-assets/public/../../secret")).toBeNull();
  });
});

describe.each(drivers)("stored uploads in %s", (_driver, driver) => {
  const stored = (objectPath: string) => bytesOf(driver(), objectPath);
  const store = (bytes: Buffer, name: string) =>
    storeUploadedImage(driver(), new File([new Uint8Array(bytes)], name), {
      folder: "public/formats",
      prefix: "img",
      maxBytes: 10 * 1024 * 1024,
    });
  const frames = (colours: string[], width: number, height: number) =>
    Promise.all(
      colours.map((background) =>
        sharp({ create: { width, height, channels: 4, background } })
          .raw()
          .toBuffer(),
      ),
    ).then((f) => Buffer.concat(f));

  it("keeps at most 2560 px on the long side of the original, and never enlarges a small one", async () => {
    const big = await store(
      await sharp({ create: { width: 4000, height: 1000, channels: 3, background: "#3a7" } })
        .jpeg()
        .toBuffer(),
      "wide.jpg",
    );
    expect(await sharp(await stored(big.path)).metadata()).toMatchObject({
      format: "jpeg",
      width: 2560,
      height: 640,
    });
    const small = await store(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a7" } })
        .jpeg()
        .toBuffer(),
      "small.jpg",
    );
    expect(await sharp(await stored(small.path)).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(await sharp(await stored(variantPath(small.path, 1600))).metadata()).toMatchObject({
      width: 300,
      height: 200,
    });
  });

  it("re-encodes each format as itself: a PNG keeps its transparency, WebP stays WebP, an animated GIF keeps its frames and timing", async () => {
    const png = await store(
      await sharp({ create: { width: 500, height: 500, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } })
        .png()
        .toBuffer(),
      "logo.png",
    );
    expect(png.path).toMatch(/\.png$/);
    const pngMeta = await sharp(await stored(png.path)).metadata();
    expect(pngMeta).toMatchObject({ format: "png", hasAlpha: true, width: 500 });
    const [r, , , alpha] = await sharp(await stored(png.path))
      .raw()
      .toBuffer();
    expect([r, alpha]).toEqual([200, 128]);

    const webp = await store(
      await sharp({ create: { width: 500, height: 300, channels: 3, background: "#336" } })
        .webp()
        .toBuffer(),
      "a.webp",
    );
    expect(await sharp(await stored(webp.path)).metadata()).toMatchObject({
      format: "webp",
      width: 500,
      height: 300,
    });

    const gifBytes = await sharp(await frames(["#f00", "#0f0", "#00f"], 600, 400), {
      raw: { width: 600, height: 1200, channels: 4, pageHeight: 400 },
    })
      .gif({ loop: 0, delay: [100, 200, 300] })
      .toBuffer();
    const gif = await store(gifBytes, "spin.gif");
    expect(await sharp(await stored(gif.path), { animated: true }).metadata()).toMatchObject({
      format: "gif",
      width: 600,
      pageHeight: 400,
      pages: 3,
      delay: [100, 200, 300],
    });
    // The copies are animated too, each frame its own picture scaled down (not a strip of frames scaled as one).
    const copy = await sharp(await stored(variantPath(gif.path, 400)), { animated: true });
    expect(await copy.metadata()).toMatchObject({
      format: "webp",
      width: 400,
      pageHeight: 267,
      pages: 3,
      delay: [100, 200, 300],
    });
    const { data, info } = await copy.raw().toBuffer({ resolveWithObject: true });
    const pixel = (frame: number) => [
      ...data.subarray((frame * 267 * 400 + 133 * 400 + 200) * info.channels).subarray(0, 3),
    ];
    expect(pixel(0)[0]).toBeGreaterThan(240);
    expect(pixel(1)[1]).toBeGreaterThan(240);
    expect(pixel(2)[2]).toBeGreaterThan(240);
  });
});
