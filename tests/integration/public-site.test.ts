import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~/lib/time";
import { insertPost } from "../support/builders";
import { readSitemap } from "../support/sitemap";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { insertSettings } from "../support/settings";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const EVIL = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { publicUrl: "https://www.example.com" });
  // The exporter's contact details, which the page shows (none is invented when missing, ADR 0035).
  await insertSettings(t.db);
  const now = nowIso();
  const categoryId = await insertCategory(t.db, {
    name: "Onions",
    slug: "onions",
    description: "Red and white onions",
  });
  const product = { category_id: categoryId, export_info: "Mesh bags", created_at: now, updated_at: now };
  await insertProduct(t.db, {
    ...product,
    name: `Red ${EVIL}`,
    slug: "red",
    description: `Tasty ${EVIL}`,
    specifications: JSON.stringify({ Organic: true, Cured: false, Size: "55 mm" }),
  });
  await insertProduct(t.db, { ...product, name: "White", slug: "white" });
  const post = (
    slug: string,
    status: "draft" | "published" | "archived",
    published_at: string | null,
    content = "Body",
  ) =>
    insertPost(t.db, {
      title: `Post ${slug}`,
      slug,
      content,
      author_name: "Team",
      tags: '["a","b","c"]',
      status,
      published_at,
      created_at: now,
      updated_at: now,
    });
  await post("older", "published", "2026-01-01T00:00:00.000Z", `**Bold** ${EVIL}`);
  await post("newer", "published", "2026-06-01T00:00:00.000Z");
  await post("draft", "draft", null);
  await post("archived", "archived", "2026-03-01T00:00:00.000Z");
});
afterAll(() => t.cleanup());

const page = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, html: await response.text() };
};

describe(`public pages on ${engineName}`, () => {
  it("renders hostile product text as text on the category and product pages", async () => {
    for (const path of ["/products/onions", "/products/onions/red"]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;");
    }
  });

  it("shows the short description fallback and Yes/No specifications", async () => {
    expect((await page("/products/onions")).html).toContain("Premium White available for export.");
    const { html } = await page("/products/onions/red");
    expect(html).toMatch(/Organic<\/dt><dd[^>]*>Yes<\/dd>/);
    expect(html).toMatch(/Cured<\/dt><dd[^>]*>No<\/dd>/);
    expect(html).toContain("No images available for this product.");
  });

  it("lists published posts only, newest first, and answers 404 for drafts, archived and unknown slugs", async () => {
    const { html } = await page("/blog");
    expect(html.indexOf("Post newer")).toBeGreaterThan(-1);
    expect(html.indexOf("Post newer")).toBeLessThan(html.indexOf("Post older"));
    expect(html).not.toContain("Post draft");
    expect(html).not.toContain("Post archived");
    expect(html).toContain("Read more to find out...");
    for (const slug of ["draft", "archived", "missing"]) {
      const post = await page(`/blog/${slug}`);
      expect(post.status).toBe(404);
      expect(post.html).toContain("The blog post you are looking for does not exist or is not available.");
    }
    const older = await page("/blog/older");
    expect(older.html).toContain("<strong>Bold</strong>");
    expect(older.html).not.toContain("<script>alert");
    expect(older.html).toContain("January 1, 2026");
  });

  it("uses PUBLIC_URL for canonical links and carries structured data", async () => {
    const { html } = await page("/products/onions/red");
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/products/onions/red"/>');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    const product = jsonLd.find((d) => d["@type"] === "Product");
    expect(product).toMatchObject({
      category: "Onions",
      brand: { name: "Ganga Agro Exports" },
      manufacturer: { "@type": "Organization" },
    });
    expect(product.name).toContain("<script>");
    expect(jsonLd.find((d) => d["@type"] === "BreadcrumbList").itemListElement).toHaveLength(4);
    const home = await page("/");
    expect(home.html).toContain('"@type":"Organization"');
    expect(home.html).toContain('"contactPoint"');
    const post = await page("/blog/newer");
    expect(post.html).toContain('"@type":"BlogPosting"');
  });

  it("lists every public URL in the sitemap and points robots.txt at it", async () => {
    const { index, files, paths } = await readSitemap(app.request, "https://www.example.com");
    expect(index.headers.get("Content-Type")).toContain("application/xml");
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/about-us",
        "/our-products",
        "/products/onions",
        "/products/onions/red",
        "/products/onions/white",
        "/blog/newer",
        "/blog/older",
        "/gallery",
        "/contact-us",
        "/certificates-memberships",
      ]),
    );
    expect(paths).not.toContain("/blog/draft");
    expect(paths).not.toContain("/blog/archived");
    for (const { path, lastmod, lastmods } of files) {
      expect(
        [lastmod, ...lastmods].every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day)),
        path,
      ).toBe(true);
    }
    const robots = await (await app.request("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });

  it("shows the spec's error toast and an empty list when the database fails", async () => {
    const broken = await createTestDatabase();
    const brokenApp = await createTestApp(broken.db, broken.dataDir);
    await broken.db.destroy();
    const gallery = await brokenApp.request("/gallery");
    expect(gallery.status).toBe(200);
    const html = await gallery.text();
    expect(html).toContain("Error Loading Gallery");
    expect(html).toContain("Our Gallery is Currently Empty");
    const blog = await (await brokenApp.request("/blog")).text();
    expect(blog).toContain("Error Loading Blog");
    await broken.cleanup().catch(() => {});
  });
});
