import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBigCategory } from "../../bench/support/big-category";
import { listSitemapFiles, readSitemapFile } from "~/features/seo/sitemap.server";
import { readSitemap } from "../support/sitemap";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, type TestDatabase } from "../support/test-db";

// Issue 13: /sitemap.xml is an index of files of at most SITEMAP_MAX_URLS URLs each (50,000 in production).
let t: TestDatabase;
const ORIGIN = "https://www.example.com";
const MAX = 10;
const PRODUCTS = 25;
const STATIC_PAGES = 7;

beforeAll(async () => {
  t = await createTestDatabase();
  await addBigCategory(t.db, { slug: "onion-lots", name: "Onion Lot", count: PRODUCTS });
  for (const n of [1, 2, 3, 4, 5]) await insertCategory(t.db, { name: `Shelf ${n}`, slug: `shelf-${n}` });
  // One product changed later than the rest: only its file's lastmod moves.
  await t.db
    .updateTable("products")
    .set({ updated_at: "2031-05-06T07:08:09.000Z" })
    .where("slug", "=", "onion-lots-00017")
    .execute();
});
afterAll(() => t.cleanup());

describe(`sitemap index on ${engineName}`, () => {
  it("splits the URLs into files of at most the limit, each URL in exactly one file", async () => {
    const app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN, sitemapMaxUrls: MAX });
    const { index, files, paths } = await readSitemap(app.request, ORIGIN);
    expect(index.headers.get("Cache-Control")).toBe("public, max-age=3600");
    // 7 static pages + 6 categories = 13 pages, then 25 products: 2 + 3 files.
    expect(files.map((f) => f.path)).toEqual([
      "/sitemaps/pages-1.xml",
      "/sitemaps/pages-2.xml",
      "/sitemaps/products-1.xml",
      "/sitemaps/products-2.xml",
      "/sitemaps/products-3.xml",
    ]);
    for (const file of files) {
      expect(file.urls.length, file.path).toBeLessThanOrEqual(MAX);
      expect(file.urls.length, file.path).toBeGreaterThan(0);
      expect(file.response.headers.get("Content-Type"), file.path).toContain("application/xml");
      expect(file.response.headers.get("Cache-Control"), file.path).toBe("public, max-age=3600");
    }
    expect(new Set(paths).size).toBe(paths.length);
    const products = Array.from(
      { length: PRODUCTS },
      (_, i) => `/products/onion-lots/onion-lots-${String(i + 1).padStart(5, "0")}`,
    );
    const categories = ["/products/onion-lots", ...[1, 2, 3, 4, 5].map((n) => `/products/shelf-${n}`)];
    expect(paths.length).toBe(STATIC_PAGES + categories.length + PRODUCTS);
    expect(paths).toEqual(expect.arrayContaining([...categories, ...products, "/", "/contact-us"]));
  });

  it("gives each file the newest change of its own URLs", async () => {
    const app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN, sitemapMaxUrls: MAX });
    const { files } = await readSitemap(app.request, ORIGIN);
    const changed = files.find((f) => f.urls.includes("/products/onion-lots/onion-lots-00017"))!;
    expect(changed.lastmod).toBe("2031-05-06");
    expect(changed.lastmods).toContain("2031-05-06");
    for (const file of files.filter((f) => f.path.includes("products") && f !== changed)) {
      expect(file.lastmod, file.path).toBe(file.lastmods.sort().at(-1));
      expect(file.lastmod, file.path).not.toBe("2031-05-06");
    }
  });

  it("reads a file in pieces after the last id as at once, and numbers the files in one pass, drafts left out", async () => {
    // Drafts between live products: the pieces and the files' numbering must skip them alike (issue 42).
    const drafts = ["onion-lots-00003", "onion-lots-00012", "onion-lots-00013", "onion-lots-00024"];
    const setStatus = (status: "draft" | "published") =>
      t.db.updateTable("products").set({ status }).where("slug", "in", drafts).execute();
    await setStatus("draft");
    try {
      const shows = () => {};
      const files = await listSitemapFiles(t.db, MAX, shows);
      const productFiles = files.filter((f) => f.name.startsWith("products-"));
      // 21 live products: three files of 10, 10 and 1.
      expect(productFiles.map((f) => f.name)).toEqual(["products-1", "products-2", "products-3"]);
      const live = await t.db
        .selectFrom("products")
        .select(["slug", "updated_at"])
        .where("status", "=", "published")
        .orderBy("id")
        .execute();
      for (const [i, file] of productFiles.entries()) {
        const whole = await readSitemapFile(t.db, file.name, MAX, shows);
        const own = live.slice(i * MAX, (i + 1) * MAX);
        expect(whole!.map((e) => e.path)).toEqual(own.map((p) => `/products/onion-lots/${p.slug}`));
        expect(file.lastmod).toBe(
          own
            .map((p) => p.updated_at)
            .sort()
            .at(-1),
        );
        for (const rowsPerQuery of [1, 3, 4]) {
          expect(
            await readSitemapFile(t.db, file.name, MAX, shows, rowsPerQuery),
            `${file.name} by ${rowsPerQuery}`,
          ).toEqual(whole);
        }
      }
      expect(await readSitemapFile(t.db, "products-4", MAX, shows, 3)).toBeNull();
    } finally {
      await setStatus("published");
    }
  });

  it("keeps everything in one file of each kind under the protocol's limit", async () => {
    const app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN });
    const { files, paths } = await readSitemap(app.request, ORIGIN);
    expect(files.map((f) => f.path)).toEqual(["/sitemaps/pages-1.xml", "/sitemaps/products-1.xml"]);
    expect(paths.length).toBe(STATIC_PAGES + 6 + PRODUCTS);
  });

  it("answers 404 for files that do not exist", async () => {
    const app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN, sitemapMaxUrls: MAX });
    for (const path of [
      "/sitemaps/products-4.xml",
      "/sitemaps/products-0.xml",
      "/sitemaps/pages-3.xml",
      "/sitemaps/products-1",
      "/sitemaps/products.xml",
      "/sitemaps/other-1.xml",
      "/sitemaps/products-01.xml",
      "/sitemaps/products-999999999999.xml",
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
