import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VARIANT_WIDTHS, variantPath } from "~/features/images/images.server";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { multipart } from "../support/images";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cookie = (await signedInAs(t.db, "admin")).cookie;
});
afterAll(() => t.cleanup());

const GALLERY = "/admin/edit-pages/gallery";
const upload = (title: string, image: File) =>
  app.request(GALLERY, { multipart: multipart({ intent: "save", title, sort_order: "", image }), cookie });
const galleryItem = (title: string) =>
  t.db.selectFrom("gallery_items").selectAll().where("title", "=", title).executeTakeFirst();
const storedFiles = (folder: string) => {
  const dir = app.storage.resolve(folder)!;
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** A phone photo as cameras write it: pixels stored 600×400 with "rotate 90° clockwise", GPS, make, artist and XMP. */
async function phonePhoto() {
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#6a8f3a" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Pixel", Model: "Pixel 8", Artist: "Ravi Kumar" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "19/1 59/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "73/1 47/1 0/1" },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ravi Kumar</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  const meta = await sharp(bytes).metadata();
  // The test photo really carries what must go.
  expect([meta.orientation, !!meta.exif, !!meta.xmp]).toEqual([6, true, true]);
  return new File([new Uint8Array(bytes)], "IMG_20260301.jpg", { type: "image/jpeg" });
}

describe(`stored uploads on ${engineName}`, () => {
  it("keeps no EXIF, GPS, XMP or IPTC in the stored original or its WebP copies, and the photo stays upright", async () => {
    expect((await upload("Field at Lasalgaon", await phonePhoto())).status).toBe(302);
    const item = (await galleryItem("Field at Lasalgaon"))!;
    const objectPath = objectPathFromUrl(item.image_url)!;
    expect(objectPath).toMatch(/\.jpg$/);

    // The original, as the public page links it.
    const served = Buffer.from(await (await app.request(item.image_url)).arrayBuffer());
    const original = await sharp(served).metadata();
    expect(original).toMatchObject({ format: "jpeg", width: 400, height: 600 });
    expect(original.orientation ?? 1).toBe(1);
    expect([original.exif, original.xmp, original.iptc]).toEqual([undefined, undefined, undefined]);
    expect(served.includes("Ravi Kumar")).toBe(false);
    expect(served.includes("Pixel")).toBe(false);

    for (const width of VARIANT_WIDTHS) {
      const variant = await sharp(app.storage.resolve(variantPath(objectPath, width))!).metadata();
      expect(variant).toMatchObject({ format: "webp", width: 400, height: 600 });
      expect([variant.exif, variant.xmp, variant.iptc]).toEqual([undefined, undefined, undefined]);
    }
  });

  it("refuses a 10000×10000 PNG (a decompression bomb of a few hundred KB) by its header, storing nothing", async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = storedFiles("public/gallery");
    const response = await upload("Bomb", new File([new Uint8Array(bomb)], "white.png", { type: "image/png" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Image upload failed: The image is too large: at most 50 megapixels.");
    expect(await galleryItem("Bomb")).toBeUndefined();
    expect(storedFiles("public/gallery")).toEqual(before);
  });

  it("refuses a file whose header is fine but whose body does not decode, storing nothing", async () => {
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer();
    const before = storedFiles("public/gallery");
    const response = await upload(
      "Broken",
      new File([new Uint8Array(whole.subarray(0, whole.length / 2))], "broken.jpg", { type: "image/jpeg" }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.");
    expect(await galleryItem("Broken")).toBeUndefined();
    expect(storedFiles("public/gallery")).toEqual(before);
  });
});
