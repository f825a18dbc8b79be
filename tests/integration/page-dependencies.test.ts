import { LANGUAGE_PREFIX_PATTERN } from "~/lib/i18n/languages";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { FEED_PATH } from "~/features/blog/feed";
import { PRODUCTS_PER_PAGE } from "~/features/catalogue/products.server";
import { listCurrentCertificates } from "~/features/certificates/certificates.server";
import { categoryChanges, pageTag, postChanges, productChanges, type PageTag } from "~/lib/web/page-tags";
import { utcDate } from "~/lib/time";
import { insertPageContent } from "../support/builders";
import { insertLot } from "../support/lots";
import { createTestApp, loadBuild } from "../support/test-app";
import { createTestDatabase, engineName, insertProducts, type TestDatabase } from "../support/test-db";

// Every page the page cache can keep declares what it shows (ADR 0027): this renders every public route, changes each
// kind of content straight in the database, renders everything again, and fails when a page whose bytes changed had
// not declared the tag the back office's save of that content names. A new route without a sample address below
// fails the first test, so a new page cannot go unchecked.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let build: ServerBuild;

/** The content the samples show, read from the demo catalogue. */
interface Sample {
  category: { id: string; slug: string };
  otherCategory: { id: string; slug: string };
  product: { id: string; slug: string };
  post: { id: string; slug: string };
  certificateId: string;
  galleryId: string;
}
let s: Sample;
/** A lot of the sample product (issue 45): its page shows the lot, the product's name and the certificates. */
let lotCode: string;
/** The same content by its Arabic slugs (the English one where an item has none). */
let arabic: Sample;

/** Sample addresses for every public route: React Router's by route path, the server's own by Hono path. */
const SAMPLES: Record<string, (s: Sample) => string[]> = {
  "": () => ["/", "/_root.data"],
  "about-us": () => ["/about-us"],
  "our-products": () => ["/our-products"],
  "products/:categorySlug": (s) => [
    `/products/${s.category.slug}`,
    `/products/${s.category.slug}.data`,
    `/products/${s.otherCategory.slug}`,
    `/products/${s.otherCategory.slug}?page=2`,
  ],
  "products/:categorySlug/:productSlug": (s) => [
    `/products/${s.category.slug}/${s.product.slug}`,
    `/products/${s.category.slug}/${s.product.slug}.data`,
  ],
  "certificates-memberships": () => ["/certificates-memberships"],
  gallery: () => ["/gallery"],
  blog: () => ["/blog", "/blog.data"],
  "blog/:postSlug": (s) => [`/blog/${s.post.slug}`, `/blog/${s.post.slug}.data`],
  "contact-us": () => ["/contact-us"],
  "request-quote": () => ["/request-quote"],
  "request-quote/sent": () => ["/request-quote/sent"],
  "request-sample": (s) => ["/request-sample", `/request-sample?product=${s.product.id}`],
  "*": () => ["/no/such/page", "/ar/no/such/page"],
  "sitemap.xml": () => ["/sitemap.xml"],
  "robots.txt": () => ["/robots.txt"],
  "catalogue.pdf": () => ["/catalogue.pdf"],
  // server/app.ts
  "/products/:categorySlug/:productSlug/spec-sheet.pdf": (s) => [
    `/products/${s.category.slug}/${s.product.slug}/spec-sheet.pdf`,
  ],
  "/sitemaps/:file": () => ["/sitemaps/pages-1.xml", "/sitemaps/products-1.xml"],
  [FEED_PATH]: () => [FEED_PATH],
};

/**
 * Each language's routes are the same modules under a prefix: every one is checked in Arabic (translated slugs,
 * fallback fields, right to left); the other languages' homes and catalogues are that same code. The pages are one
 * `:lang/…` copy (app/routes.ts); a language's home and its catalogue PDF are routes of their own, and the catch-all
 * is English's for every path.
 */
for (const [route, sample] of Object.entries(SAMPLES)) {
  if (route.startsWith("/") || ["sitemap.xml", "robots.txt", "*"].includes(route)) continue;
  SAMPLES[route === "" ? "ar" : route === "catalogue.pdf" ? "ar/catalogue.pdf" : `:lang/${route}`] = () =>
    // Percent-encoded, as a browser asks for the Arabic slugs (and as the cache keys them).
    sample(arabic).map((url) => encodeURI(url === "/" ? "/ar" : url === "/_root.data" ? "/ar.data" : `/ar${url}`));
}
SAMPLES[`/:lang{${LANGUAGE_PREFIX_PATTERN}}/products/:categorySlug/:productSlug/spec-sheet.pdf`] = () => [
  encodeURI(`/ar/products/${arabic.category.slug}/${arabic.product.slug}/spec-sheet.pdf`),
];
// A lot's page (issue 45): its bare address is never cached (it answers by the browser's language), its language
// copies are.
SAMPLES[":lang/lots/:code"] = () => [`/ar/lots/${lotCode}`];
const CHECKED_IN_ARABIC = new RegExp(`^(?!ar(/|$))(${LANGUAGE_PREFIX_PATTERN})(/|$)`);

/** Server routes that answer no page the cache keeps. */
const NOT_PAGES = new Set(["/healthz", "/metrics", "*"]);
/** Public routes the page cache never keeps: a buyer's quote (policy.server.ts, issue 28). */
// A buyer's quote and its PDF, a buyer's order and its files (issue 44); the quote list's JSON answer to the public pages' script, which takes posts only.
// The site's search and the comparison in every language (issue 43), and the OpenSearch description, whose type the
// cache does not keep.
const NEVER_CACHED = new Set([
  "quotes/:token",
  "quotes/:token/pdf",
  "orders/:token",
  "orders/:token/proforma.pdf",
  "orders/:token/documents/:documentId",
  "request-quote/list",
  ":lang/request-quote/list",
  "search",
  ":lang/search",
  "opensearch.xml",
  "compare",
  ":lang/compare",
  "lots/:code",
  "lots/:code/report",
  // The buyer's own page and its sign-in link in every language (issue 45): a signed-in buyer's, never shared.
  "account",
  ":lang/account",
  "account/sign-in",
  ":lang/account/sign-in",
]);

function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/");
}

/** Every public route: React Router's (but the back office and the layouts) and the server's own GET routes. */
function publicRoutes(): string[] {
  const routes = Object.keys(build.routes)
    .filter((id) => id !== "root" && (build.routes[id]?.path !== undefined || build.routes[id]?.index))
    .map((id) => fullPath(build, id))
    .filter((path) => !/^admin(\/|$)/.test(path) && !CHECKED_IN_ARABIC.test(path) && !NEVER_CACHED.has(path));
  const server = app.app.routes
    .filter((route) => route.method === "GET" && !NOT_PAGES.has(route.path) && !route.path.startsWith("/media/"))
    .map((route) => route.path);
  return [...new Set([...routes, ...server])];
}

interface Rendered {
  status: number;
  bytes: Buffer;
  /** What the page declared, when the cache kept it. */
  tags?: ReadonlySet<string>;
}

async function renderAll(): Promise<Map<string, Rendered>> {
  const cache = app.app.pageCache!;
  cache.clear();
  const pages = new Map<string, Rendered>();
  for (const url of Object.values(SAMPLES).flatMap((sample) => sample(s))) {
    const response = await app.request(url);
    pages.set(url, {
      status: response.status,
      bytes: Buffer.from(await response.arrayBuffer()),
      tags: cache.tagsOf(url),
    });
  }
  return pages;
}

const same = (a: Rendered, b: Rendered) => a.status === b.status && a.bytes.equals(b.bytes);

/** Sets columns of one row and returns how to put them back. */
async function setRow<T extends "products" | "product_categories" | "blog_posts" | "certificates" | "gallery_items">(
  db: Db,
  table: T,
  id: string,
  values: Record<string, string>,
) {
  const before = (await db
    .selectFrom(table as "products")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  await db
    .updateTable(table as "products")
    .set(values)
    .where("id", "=", id)
    .execute();
  const old = Object.fromEntries(Object.keys(values).map((key) => [key, before[key]]));
  return () =>
    db
      .updateTable(table as "products")
      .set(old)
      .where("id", "=", id)
      .execute()
      .then(() => {});
}

/** Sets a page text (stored or not yet) and returns how to put it back. */
async function setPageText(db: Db, page: string, section: string, content: string) {
  const row = await db
    .selectFrom("page_content")
    .select(["id", "content"])
    .where("page_slug", "=", page)
    .where("section_slug", "=", section)
    .executeTakeFirst();
  if (row) {
    await db.updateTable("page_content").set({ content }).where("id", "=", row.id).execute();
    return () =>
      db
        .updateTable("page_content")
        .set({ content: row.content })
        .where("id", "=", row.id)
        .execute()
        .then(() => {});
  }
  const id = await insertPageContent(db, page, section, content);
  return () =>
    db
      .deleteFrom("page_content")
      .where("id", "=", id)
      .execute()
      .then(() => {});
}

async function setSetting(db: Db, key: string, value: string) {
  const row = await db
    .selectFrom("site_settings")
    .select(["id", "setting_value"])
    .where("setting_key", "=", key)
    .executeTakeFirstOrThrow();
  await db.updateTable("site_settings").set({ setting_value: value }).where("id", "=", row.id).execute();
  return () =>
    db
      .updateTable("site_settings")
      .set({ setting_value: row.setting_value })
      .where("id", "=", row.id)
      .execute()
      .then(() => {});
}

// A day in the future: sitemaps print the newest change's date, so it changes them too.
const LATER = "2099-01-02T03:04:05.000Z";

/**
 * Each kind of content, changed as an administrator's save would change what pages show, with the tags that save
 * names (the write functions' own lists where they have one).
 */
const CHANGES: Array<{ what: string; tags: () => PageTag[]; apply: (db: Db) => Promise<() => Promise<void>> }> = [
  {
    what: "a product's name, address and date",
    tags: () => productChanges(s.product.id, s.category.id),
    apply: (db) =>
      setRow(db, "products", s.product.id, { name: "Marker Product", slug: "marker-product", updated_at: LATER }),
  },
  {
    what: "a product moved to another category",
    tags: () => productChanges(s.product.id, s.category.id, s.otherCategory.id),
    apply: (db) => setRow(db, "products", s.product.id, { category_id: s.otherCategory.id }),
  },
  {
    what: "a category's name, address and date",
    tags: () => categoryChanges(s.category.id),
    apply: (db) =>
      setRow(db, "product_categories", s.category.id, {
        name: "Marker Category",
        slug: "marker-category",
        description: "Marker description",
        updated_at: LATER,
      }),
  },
  {
    what: "a blog post's title, address and date",
    tags: () => postChanges(s.post.id),
    apply: (db) =>
      setRow(db, "blog_posts", s.post.id, {
        title: "Marker Post",
        slug: "marker-post",
        excerpt: "Marker excerpt",
        updated_at: LATER,
      }),
  },
  {
    what: "the settings (contact email)",
    tags: () => [pageTag.settings],
    apply: (db) => setSetting(db, "contact_email", "marker@example.com"),
  },
  {
    what: "the home page's texts (its title, the PDFs' tagline)",
    tags: () => [pageTag.pageTexts("home")],
    apply: (db) => setPageText(db, "home", "hero_main_title", "Marker Home Title"),
  },
  {
    what: "the about page's texts",
    tags: () => [pageTag.pageTexts("about-us")],
    apply: (db) => setPageText(db, "about-us", "about_main_heading", "Marker About Heading"),
  },
  {
    what: "a certificate",
    tags: () => [pageTag.certificates],
    apply: (db) => setRow(db, "certificates", s.certificateId, { name: "Marker Certificate" }),
  },
  {
    what: "a gallery item",
    tags: () => [pageTag.gallery],
    apply: (db) => setRow(db, "gallery_items", s.galleryId, { title: "Marker Gallery Title" }),
  },
];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { pageCache: true });
  build = await loadBuild();
  const { seedDemoIfEmpty } = await import("~/startup/seed/demo.server");
  await seedDemoIfEmpty(t.db, app.storage);
  const categories = await t.db.selectFrom("product_categories").select(["id", "slug"]).orderBy("name").execute();
  const [category, otherCategory] = categories;
  const product = await t.db
    .selectFrom("products")
    .select(["id", "slug"])
    .where("category_id", "=", category.id)
    .orderBy("name")
    .executeTakeFirstOrThrow();
  const post = await t.db
    .selectFrom("blog_posts")
    .select(["id", "slug"])
    .where("status", "=", "published")
    .orderBy("published_at", "desc")
    .executeTakeFirstOrThrow();
  // A second page of products in the other category (its cards shift when a product moves in).
  const onFirstPage = await t.db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("category_id", "=", otherCategory.id)
    .executeTakeFirstOrThrow();
  await insertProducts(
    t.db,
    Array.from({ length: PRODUCTS_PER_PAGE + 1 - Number(onFirstPage.n) }, (_, i) => ({
      name: `Filler ${String(i).padStart(2, "0")}`,
      category_id: otherCategory.id,
    })),
  );
  const [certificate] = await listCurrentCertificates(t.db, utcDate(Date.now()));
  const gallery = await t.db.selectFrom("gallery_items").select("id").executeTakeFirstOrThrow();
  s = { category, otherCategory, product, post, certificateId: certificate.id, galleryId: gallery.id };
  const arabicSlug = async (entity: string, item: { id: string; slug: string }) => {
    const row = await t.db
      .selectFrom("content_translations")
      .select("value")
      .where("entity", "=", entity)
      .where("entity_id", "=", item.id)
      .where("lang", "=", "ar")
      .where("field", "=", "slug")
      .executeTakeFirst();
    return { ...item, slug: row?.value ?? item.slug };
  };
  ({ code: lotCode } = await insertLot(t.db, { id: product.id, name: "Sample Product" }));
  arabic = {
    ...s,
    category: await arabicSlug("category", category),
    otherCategory: await arabicSlug("category", otherCategory),
    product: await arabicSlug("product", product),
    post: await arabicSlug("blog_post", post),
  };
}, 120_000);
afterAll(() => t.cleanup());

describe(`what each page declares it shows, on ${engineName}`, () => {
  it("has a sample address for every public route", () => {
    const routes = publicRoutes();
    expect(routes.filter((route) => !(route in SAMPLES))).toEqual([]);
    // And no sample for a route that is gone.
    expect(Object.keys(SAMPLES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("drops, for each kind of content, every page that shows it (a page that changed declared its tag)", async () => {
    const before = await renderAll();
    const again = await renderAll();
    const cached = [...before].filter(([, page]) => page.tags);
    // Rendering is deterministic (else changes could not be told apart), and the cache keeps the pages it should.
    expect([...before].filter(([url, page]) => !same(page, again.get(url)!)).map(([url]) => url)).toEqual([]);
    expect([...before].filter(([, page]) => page.status === 200 && !page.tags).map(([url]) => url)).toEqual([
      "/contact-us",
      "/request-quote",
      "/request-quote/sent",
      "/ar/contact-us",
      "/ar/request-quote",
      "/ar/request-quote/sent",
    ]);
    // A page that declares nothing is dropped by every change: a forgotten declaration, not a choice.
    expect(cached.filter(([, page]) => page.tags!.size === 0).map(([url]) => url)).toEqual([]);
    // `none` is what writes that change nothing public name: a page showing it would be dropped by them.
    expect(cached.filter(([, page]) => page.tags!.has(pageTag.none)).map(([url]) => url)).toEqual([]);

    const undeclared: string[] = [];
    const overDeclared: string[] = [];
    for (const change of CHANGES) {
      const revert = await change.apply(t.db);
      const after = await renderAll();
      await revert();
      const tags = new Set<string>(change.tags());
      for (const [url, page] of cached) {
        const declared = [...page.tags!].some((tag) => tags.has(tag));
        const changed = !same(page, after.get(url)!);
        if (changed && !declared)
          undeclared.push(`${url} shows ${change.what} but declared only ${[...page.tags!].join(", ")}`);
        if (!changed && declared) overDeclared.push(`${url}: ${change.what}`);
      }
      // Each change shows somewhere, or it tests nothing.
      expect(
        cached.some(([url, page]) => !same(page, after.get(url)!)),
        change.what,
      ).toBe(true);
    }
    // Allowed (a list that names a tag drops a page that did not change), only reported.
    if (overDeclared.length) console.info(`Dropped without changing:\n  ${overDeclared.join("\n  ")}`);
    expect(undeclared).toEqual([]);
    // What each page declared, for the report.
    console.info(cached.map(([url, page]) => `${url}: ${[...page.tags!].sort().join(", ")}`).join("\n"));
    // Every sample address rendered three times and once per kind of content: a few hundred pages, which on a busy
    // two-core machine takes more than a minute.
  }, 180_000);
});
