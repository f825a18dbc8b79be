import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeUploadedImage } from "~/features/images/upload.server";
import { nowIso } from "~/lib/time";
import { insertGalleryItem, insertPageContent, insertPost } from "../support/builders";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// Issue 23: every og:image a public page names carries its width and height, the figures of the picture that
// address actually serves (read back with sharp), and its alt text; a size that cannot be known is left out.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = "https://www.example.com";

/** Stores a picture through the upload path (upright, re-encoded, variants written); returns its address. */
async function stored(folder: string, width: number, height: number, format: "jpeg" | "png" | "webp" | "gif") {
  // Noise, so each file is larger than the first 64 KiB read for its header (a WebP's or GIF's size is then read
  // from the whole file).
  const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
  const image = sharp({ create: { width, height, channels: 3, background: "#2c6843", noise } });
  const bytes = await image.toFormat(format).toBuffer();
  const file = new File([new Uint8Array(bytes)], `picture.${format}`, { type: `image/${format}` });
  const { publicUrl } = await storeUploadedImage(app.storage, file, { folder, prefix: folder, maxBytes: 10_000_000 });
  return publicUrl;
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN });
  const now = nowIso();
  const categoryId = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await t.db
    .updateTable("product_categories")
    .set({ image_url: await stored("categories", 640, 480, "webp") })
    .where("id", "=", categoryId)
    .execute();
  await insertCategory(t.db, { name: "Spices", slug: "spices" });
  const product = (slug: string, image_url: string | null) =>
    insertProduct(t.db, { category_id: categoryId, name: `Onion ${slug}`, slug, description: "Firm bulbs", image_url });
  // A tall photo (not the 4:3 the pages show) and an outside address, whose size the server never fetches.
  await product("red-onion", await stored("products", 900, 1200, "jpeg"));
  await product("white-onion", "https://images.example.net/white-onion.jpg");
  await product("pink-onion", null);
  await insertPost(t.db, {
    title: "Onion season",
    slug: "onion-season",
    content: "Body",
    excerpt: "Crops",
    author_name: "Export Team",
    featured_image_url: await stored("blog", 1200, 628, "png"),
    status: "published",
    published_at: now,
    created_at: now,
    updated_at: now,
  });
  await insertGalleryItem(t.db, {
    title: "No picture",
    image_url: "",
    sort_order: 0,
    created_at: now,
    updated_at: now,
  });
  await insertGalleryItem(t.db, {
    title: "Pack house",
    image_url: await stored("gallery", 700, 400, "gif"),
    sort_order: 1,
    created_at: now,
    updated_at: now,
  });
  await insertPageContent(t.db, "home", "hero_image_url", await stored("content", 1600, 900, "jpeg"), {
    content_type: "image",
    updated_at: now,
  });
});
afterAll(() => t.cleanup());

const meta = (page: string, property: string) =>
  page.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1] ?? null;

// Every public page type, and the size its og:image has (null where it cannot be known).
const PAGES: Array<[string, [number, number] | null]> = [
  ["/", [1600, 900]],
  ["/about-us", [512, 512]],
  ["/our-products", [640, 480]],
  ["/products/onions", [640, 480]],
  ["/products/spices", [512, 512]],
  ["/products/onions/red-onion", [900, 1200]],
  ["/products/onions/white-onion", null],
  ["/products/onions/pink-onion", [512, 512]],
  ["/certificates-memberships", [512, 512]],
  ["/gallery", [700, 400]],
  ["/blog", [512, 512]],
  ["/blog/onion-season", [1200, 628]],
  ["/contact-us", [512, 512]],
  ["/request-quote", [512, 512]],
];

describe(`og:image sizes on ${engineName}`, () => {
  it("names the width and height of the picture each page's og:image serves, and its alt text", async () => {
    for (const [path, size] of PAGES) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      const page = await response.text();
      const image = meta(page, "og:image");
      expect(image, path).toBeTruthy();
      expect(meta(page, "og:image:alt"), path).toBeTruthy();
      const width = meta(page, "og:image:width");
      const height = meta(page, "og:image:height");
      if (!size) {
        // An outside picture: neither figure rather than a guess.
        expect([width, height], path).toEqual([null, null]);
        continue;
      }
      expect([Number(width), Number(height)], path).toEqual(size);
      expect(image!.startsWith(`${ORIGIN}/`), path).toBe(true);
      const served = await app.request(image!.slice(ORIGIN.length));
      expect(served.status, image!).toBe(200);
      const info = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([info.width, info.height], image!).toEqual(size);
    }
  });

  it("takes the gallery's first item that has a picture, with its title as the alt text", async () => {
    const page = await (await app.request("/gallery")).text();
    expect(meta(page, "og:image")).toMatch(/\/gallery\/gallery-\w+\.gif$/);
    expect(meta(page, "og:image:alt")).toBe("Pack house");
  });
});
