import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_PATH } from "~/features/blog/feed";
import { nowIso } from "~/lib/time";
import { insertPost } from "../support/builders";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertInquiry,
  insertProduct,
  type TestDatabase,
} from "../support/test-db";

// What a back-office save drops from the page cache (ADR 0027), through the real admin actions: the pages that show
// what it changed, and nothing else. The other side, that every page declares what it shows, is
// page-dependencies.test.ts.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let garlic: string;
let red: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { pageCache: true });
  ({ cookie } = await signedInAs(t.db, "admin"));
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  garlic = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
  red = await insertProduct(t.db, { name: "Red Onion", slug: "red-onion", category_id: onions });
  await insertProduct(t.db, { name: "White Garlic", slug: "white-garlic", category_id: garlic });
  const now = nowIso();
  await insertPost(t.db, {
    title: "Season Notes",
    slug: "season-notes",
    content: "Text",
    status: "published",
    published_at: now,
    author_name: "Editor",
    created_at: now,
    updated_at: now,
  });
});
afterAll(() => t.cleanup());

const PAGES = [
  "/",
  "/about-us",
  "/our-products",
  "/products/onions",
  "/products/onions/red-onion",
  "/products/onions/red-onion.data",
  "/products/onions/red-onion/spec-sheet.pdf",
  "/products/garlic",
  "/products/garlic/white-garlic",
  "/certificates-memberships",
  "/gallery",
  "/blog",
  "/blog/season-notes",
  FEED_PATH,
  "/sitemap.xml",
  "/sitemaps/pages-1.xml",
  "/sitemaps/products-1.xml",
  "/catalogue.pdf",
  "/robots.txt",
];

/**
 * Every page cached anew, then `save` sent as the administrator: which of them it made stale (served as they were
 * until one rendering refreshes them, ADR 0027) or dropped.
 */
async function droppedBy(save: () => Promise<Response>): Promise<string[]> {
  const cache = app.app.pageCache!;
  cache.clear();
  for (const url of PAGES) {
    const response = await app.request(url);
    expect(response.status, url).toBe(200);
    await response.arrayBuffer();
    expect(cache.tagsOf(url), url).toBeDefined();
  }
  const response = await save();
  expect(response.status).toBeLessThan(400);
  return PAGES.filter((url) => cache.isStale(url) !== false);
}

const multipart = (path: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return app.request(path, { multipart: form, cookie });
};
const saveProduct = (fields: Record<string, string>) =>
  multipart(`/admin/manage-products/edit/${red}`, {
    name: "Red Onion",
    slug: "red-onion",
    category_id: onions,
    ...fields,
  });

const PRODUCT_PAGES = [
  "/products/onions/red-onion",
  "/products/onions/red-onion.data",
  "/products/onions/red-onion/spec-sheet.pdf",
];
const CATALOGUE = ["/sitemap.xml", "/sitemaps/pages-1.xml", "/sitemaps/products-1.xml", "/catalogue.pdf"];

// These pass once the page cache drops pages by what they show (the coordinator's store, issue 25); before it, every
// save drops every page.
describe(`what a back-office save drops from the page cache, on ${engineName}`, () => {
  it("a product save: its page, data and spec sheet, its category's list and the catalogue answers, nothing else", async () => {
    const dropped = await droppedBy(() => saveProduct({ description: "Now with a description" }));
    expect(dropped.sort()).toEqual([...PRODUCT_PAGES, "/products/onions", ...CATALOGUE].sort());
  });

  it("a product moved to another category: both categories' lists", async () => {
    try {
      const dropped = await droppedBy(() => saveProduct({ category_id: garlic }));
      expect(dropped.sort()).toEqual([...PRODUCT_PAGES, "/products/onions", "/products/garlic", ...CATALOGUE].sort());
    } finally {
      expect((await saveProduct({ category_id: onions })).status).toBe(302);
    }
  });

  it("a product delete: its pages, its category's list and the catalogue answers", async () => {
    const doomed = await insertProduct(t.db, { name: "Brown Onion", slug: "brown-onion", category_id: onions });
    const dropped = await droppedBy(() =>
      app.request("/admin/manage-products", { form: { intent: "delete", id: doomed }, cookie }),
    );
    expect(dropped.sort()).toEqual(["/products/onions", ...CATALOGUE].sort());
  });

  it("a category save: its page, its products' pages and sheets, every list of categories, the catalogue", async () => {
    const dropped = await droppedBy(() =>
      multipart(`/admin/manage-categories/edit/${onions}`, {
        name: "Onions",
        slug: "onions",
        description: "Red and white",
      }),
    );
    expect(dropped.sort()).toEqual(["/", "/our-products", "/products/onions", ...PRODUCT_PAGES, ...CATALOGUE].sort());
  });

  it("a blog post save: the post, the blog, the feed and the sitemap's pages", async () => {
    const post = await t.db.selectFrom("blog_posts").select("id").executeTakeFirstOrThrow();
    const dropped = await droppedBy(() =>
      multipart(`/admin/manage-blog/edit/${post.id}`, {
        title: "Season Notes",
        slug: "season-notes",
        content: "New text",
        status: "published",
      }),
    );
    expect(dropped.sort()).toEqual(
      ["/blog", "/blog/season-notes", FEED_PATH, "/sitemap.xml", "/sitemaps/pages-1.xml"].sort(),
    );
  });

  it("the home page's texts: the home page and the PDFs (their tagline)", async () => {
    const dropped = await droppedBy(() =>
      multipart("/admin/edit-pages/home", { hero_main_title: "Fresh from the farm" }),
    );
    expect(dropped.sort()).toEqual(["/", "/catalogue.pdf", "/products/onions/red-onion/spec-sheet.pdf"].sort());
  });

  it("the about page's texts: the about page only", async () => {
    const dropped = await droppedBy(() =>
      multipart("/admin/edit-pages/about-us", { about_main_heading: "Who we are" }),
    );
    expect(dropped).toEqual(["/about-us"]);
  });

  it("a certificate: the certificates page and the PDFs", async () => {
    const dropped = await droppedBy(() =>
      multipart("/admin/edit-pages/certificates", { intent: "save", name: "APEDA" }),
    );
    expect(dropped.sort()).toEqual(
      ["/certificates-memberships", "/catalogue.pdf", "/products/onions/red-onion/spec-sheet.pdf"].sort(),
    );
  });

  it("an inquiry's status: no page (inquiries are shown nowhere public)", async () => {
    const id = await insertInquiry(t.db);
    const dropped = await droppedBy(() =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "status", status: "contacted" }, cookie }),
    );
    expect(dropped).toEqual([]);
  });

  it("a setting: every page and PDF that shows the shell, not the feed, the sitemaps or robots.txt", async () => {
    const dropped = await droppedBy(() =>
      app.request("/admin/site-settings", {
        form: { intent: "add", setting_key: "page_changes_test", setting_value: "x" },
        cookie,
      }),
    );
    expect(dropped.sort()).toEqual(
      PAGES.filter((url) => ![FEED_PATH, "/robots.txt"].includes(url) && !url.includes("sitemap")).sort(),
    );
  });
});
