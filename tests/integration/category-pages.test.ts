import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBigCategory } from "../../bench/support/big-category";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, type TestDatabase } from "../support/test-db";

// Issue 13: a category page shows 24 products, with plain links to the others.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = "https://www.example.com";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN });
  await addBigCategory(t.db, { slug: "onion-lots", name: "Onion Lot", count: 60 });
  // Equal names: the order between them must still be one order, or a product would show twice or never.
  const same = await addBigCategory(t.db, { slug: "same-names", name: "Same", count: 30 });
  await t.db.updateTable("products").set({ name: "Garlic" }).where("category_id", "=", same.id).execute();
  await insertCategory(t.db, { name: "Empty Shelf", slug: "empty-shelf" });
});
afterAll(() => t.cleanup());

async function get(path: string) {
  const response = await app.request(path);
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

/** The product links of the cards on the page, in order. */
const cardSlugs = (html: string, category: string) =>
  [...html.matchAll(new RegExp(`href="/products/${category}/([^"]+)"[^>]*>View Details`, "g"))].map((m) => m[1]);

const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"\/>/)?.[1];
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const pagesNav = (html: string) => html.match(/<nav aria-label="Pages".*?<\/nav>/s)?.[0] ?? "";
/** The page links' `rel` (prev, next or none) and target, in order. */
const pageLinks = (html: string) =>
  [...pagesNav(html).matchAll(/<a ([^>]*)>/g)].map(([, attributes]) => ({
    rel: attributes.match(/rel="([^"]*)"/)?.[1] ?? "",
    href: attributes.match(/href="([^"]*)"/)?.[1],
  }));

describe(`category pages on ${engineName}`, () => {
  it("shows the first 24 products on the bare URL, with links to pages 2 and 3", async () => {
    const { status, html } = await get("/products/onion-lots");
    expect(status).toBe(200);
    const slugs = cardSlugs(html, "onion-lots");
    expect(slugs).toHaveLength(24);
    expect(slugs[0]).toBe("onion-lots-00001");
    expect(slugs[23]).toBe("onion-lots-00024");
    expect(html).not.toContain("onion-lots-00025");
    expect(pageLinks(html)).toEqual([
      { rel: "", href: "/products/onion-lots?page=2" },
      { rel: "", href: "/products/onion-lots?page=3" },
      { rel: "next", href: "/products/onion-lots?page=2" },
    ]);
    expect(pagesNav(html)).toContain("Page 1 of 3");
    expect(canonical(html)).toBe(`${ORIGIN}/products/onion-lots`);
    expect(title(html)).not.toContain("Page");
  });

  it("names each later page as its own canonical URL and in its title", async () => {
    const { status, html } = await get("/products/onion-lots?page=2");
    expect(status).toBe(200);
    const slugs = cardSlugs(html, "onion-lots");
    expect(slugs).toEqual(Array.from({ length: 24 }, (_, i) => `onion-lots-${String(25 + i).padStart(5, "0")}`));
    expect(canonical(html)).toBe(`${ORIGIN}/products/onion-lots?page=2`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/products/onion-lots?page=2"/>`);
    expect(title(html)).toMatch(/^Onion Lot Exporter from India – Page 2 \| /);
    // Page 1 has one URL, the bare one.
    expect(pageLinks(html)).toEqual([
      { rel: "prev", href: "/products/onion-lots" },
      { rel: "", href: "/products/onion-lots" },
      { rel: "", href: "/products/onion-lots?page=3" },
      { rel: "next", href: "/products/onion-lots?page=3" },
    ]);
  });

  it("shows the remaining 12 on the last page, without a Next link", async () => {
    const { status, html } = await get("/products/onion-lots?page=3");
    expect(status).toBe(200);
    expect(cardSlugs(html, "onion-lots")).toHaveLength(12);
    expect(cardSlugs(html, "onion-lots").at(-1)).toBe("onion-lots-00060");
    expect(pageLinks(html).map((link) => link.rel)).not.toContain("next");
    expect(pagesNav(html)).toContain("Page 3 of 3");
    expect(title(html)).toContain("– Page 3 |");
  });

  it("sends ?page=1 to the bare URL for good", async () => {
    const { status, location } = await get("/products/onion-lots?page=1");
    expect(status).toBe(301);
    expect(location).toBe("/products/onion-lots");
  });

  it("answers the not-found page for a page past the last and for values that name no page, never a 500", async () => {
    const past = await get("/products/onion-lots?page=4");
    expect(past.status).toBe(404);
    expect(past.html).toContain("Oops! Page Not Found.");
    expect(past.html).toContain("has 3 pages of products.");
    for (const value of ["abc", "0", "-1", "2.5", "02", "", "1e1", "%zz", "99999999999"]) {
      const { status, html } = await get(`/products/onion-lots?page=${value}`);
      expect(status, value).toBe(404);
      expect(html, value).toContain("Oops! Page Not Found.");
    }
  });

  it("shows every product exactly once across the pages when names are equal", async () => {
    const first = cardSlugs((await get("/products/same-names")).html, "same-names");
    const second = cardSlugs((await get("/products/same-names?page=2")).html, "same-names");
    expect(first).toHaveLength(24);
    expect(second).toHaveLength(6);
    expect(new Set([...first, ...second]).size).toBe(30);
  });

  it("keeps the spec's empty text for a category without products, and no page links", async () => {
    const { status, html } = await get("/products/empty-shelf");
    expect(status).toBe(200);
    expect(html).toContain(
      "No products currently listed in the &quot;Empty Shelf&quot; category. Please check back soon!",
    );
    expect(html).not.toContain('aria-label="Pages"');
    expect((await get("/products/empty-shelf?page=2")).status).toBe(404);
  });
});
