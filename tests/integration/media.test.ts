import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { picture, removeImage, VARIANT_WIDTHS, variantPath, writeVariants } from "~/features/media/images.server";
import { createLocalStorage, objectPathFromUrl } from "~/features/media/storage.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-media-"));
const storage = createLocalStorage(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const jpeg = (width: number) => sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: "#a33" } }).jpeg().toBuffer();

describe("image variants", () => {
  it("writes WebP copies at each width, never wider than the original, and offers them as srcset", async () => {
    const objectPath = "public/products/red-onion/product-abcdefgh.jpg";
    const bytes = await jpeg(1000);
    const { publicUrl } = await storage.put(objectPath, bytes, "image/jpeg");
    await writeVariants(storage, objectPath, bytes);
    for (const width of VARIANT_WIDTHS) {
      const meta = await sharp(storage.resolve(variantPath(objectPath, width))!).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(Math.min(width, 1000));
    }
    const result = picture(storage, publicUrl);
    expect(result?.src).toBe(publicUrl);
    expect(result?.srcSet?.split(", ")).toEqual(VARIANT_WIDTHS.map((w) => `/media/application-assets/public/products/red-onion/product-abcdefgh-w${w}.webp ${w}w`));

    await removeImage(storage, objectPathFromUrl(publicUrl)!);
    for (const p of [objectPath, ...VARIANT_WIDTHS.map((w) => variantPath(objectPath, w))]) expect(fs.existsSync(storage.resolve(p)!)).toBe(false);
  });

  it("gives a plain src for images without variants and for other sites, and nothing for unsafe URLs", async () => {
    const { publicUrl } = await storage.put("public/gallery/gallery-1.jpg", await jpeg(300), "image/jpeg");
    expect(picture(storage, publicUrl)).toEqual({ src: publicUrl });
    expect(picture(storage, "https://cdn.example.com/a.jpg")).toEqual({ src: "https://cdn.example.com/a.jpg" });
    expect(picture(storage, "javascript:alert(1)")).toBeNull();
    expect(picture(storage, "")).toBeNull();
  });

  it("never resolves a path outside the bucket", () => {
    for (const bad of ["../etc/passwd", "public/../../x", "/abs/path", "public\\x", "public//x"]) expect(storage.resolve(bad)).toBeNull();
    expect(objectPathFromUrl("/media/application-assets/public/../../secret")).toBeNull();
  });
});
