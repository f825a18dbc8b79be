import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPost, insertSetting } from "../support/builders";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// Issue 23, "Documents and findability": structured data and OpenGraph on every public page type, the blog's feed,
// the icons and web manifest, and the site's 404 page for an unknown sitemap file.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = "https://www.example.com";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN });
  const categoryId = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await insertProduct(t.db, {
    category_id: categoryId,
    name: "Red Onion",
    slug: "red-onion",
    description: "Firm red bulbs",
    specifications: JSON.stringify({ Size: "55 mm", "Shelf Life": "30 days" }),
    trade_terms: JSON.stringify({
      shelf_life: "30 days",
      price_min: 300,
      price_max: 350,
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
    }),
  });
  const post = (slug: string, status: "published" | "draft", published_at: string | null) =>
    insertPost(t.db, {
      title: `Onion market <${slug}> & more`,
      slug,
      content: "Body",
      excerpt: "Prices & crops",
      author_name: "Export Team",
      status,
      published_at,
    });
  await post("spring-crop", "published", "2026-03-01T00:00:00.000Z");
  await post("summer-crop", "published", "2026-06-01T00:00:00.000Z");
  await post("secret", "draft", null);
  const set = (key: string, value: string) => insertSetting(t.db, key, value);
  await set("social_facebook_url", "https://www.facebook.com/");
  await set("social_linkedin_url", "https://www.linkedin.com/company/ganga");
  await set("contact_address", "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India");
});
afterAll(() => t.cleanup());

async function html(path: string) {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Every JSON-LD object of a page, parsed. */
function jsonLd(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

const meta = (page: string, property: string) =>
  page.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1] ?? null;

const PAGES: Array<[string, string]> = [
  ["/", "Organization"],
  ["/about-us", "AboutPage"],
  ["/our-products", "CollectionPage"],
  ["/products/onions", "BreadcrumbList"],
  ["/products/onions/red-onion", "Product"],
  ["/certificates-memberships", "CollectionPage"],
  ["/gallery", "CollectionPage"],
  ["/blog", "CollectionPage"],
  ["/blog/summer-crop", "BlogPosting"],
  ["/contact-us", "ContactPage"],
];

describe(`structured data and OpenGraph on ${engineName}`, () => {
  it("gives every indexable page JSON-LD, og:image with its alt text, and the logo's size when it is the logo", async () => {
    for (const [path, type] of PAGES) {
      const page = await html(path);
      const types = jsonLd(page).map((d) => d["@type"]);
      expect(types, path).toContain(type);
      expect(meta(page, "og:image"), path).toMatch(/^https:\/\/www\.example\.com\//);
      expect(meta(page, "og:image:alt"), path).toBeTruthy();
      if (meta(page, "og:image") === `${ORIGIN}/logo-512.png`) {
        expect(meta(page, "og:image:width"), path).toBe("512");
        expect(meta(page, "og:image:height"), path).toBe("512");
      }
    }
  });

  it("describes the company: a logo of 512 px, its address in parts, only real profiles in sameAs", async () => {
    const organization = jsonLd(await html("/")).find((d) => d["@type"] === "Organization")!;
    expect(organization.logo).toBe(`${ORIGIN}/logo-512.png`);
    expect(organization.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "117/N/72, Kakadeo",
      addressLocality: "Kanpur",
      addressRegion: "Uttar Pradesh",
      postalCode: "208025",
      addressCountry: "IN",
    });
    expect(organization.sameAs).toEqual(["https://www.linkedin.com/company/ganga"]);
    const logo = await app.request("/logo-512.png");
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/png");
  });

  it("makes the post's author the company, dates the article, counts the offer and names Shelf Life once, on the page too", async () => {
    const post = await html("/blog/summer-crop");
    const posting = jsonLd(post).find((d) => d["@type"] === "BlogPosting")!;
    expect((posting.author as Record<string, unknown>)["@type"]).toBe("Organization");
    expect(meta(post, "article:published_time")).toBe("2026-06-01T00:00:00.000Z");
    const page = await html("/products/onions/red-onion");
    const product = jsonLd(page).find((d) => d["@type"] === "Product")!;
    expect((product.offers as Record<string, unknown>).offerCount).toBe(1);
    const names = (product.additionalProperty as Array<{ name: string }>).map((p) => p.name);
    expect(names.filter((name) => name === "Shelf Life")).toHaveLength(1);
    // On the page a buyer reads, too: once, as the trade term (the specification that repeats it is left out).
    const body = page.slice(page.indexOf("<main"));
    expect(body.match(/<dt[^>]*>Shelf Life<\/dt>/g)).toHaveLength(1);
    expect(body).toMatch(/<dt[^>]*>Size<\/dt>/);
  });
});

describe(`feed, icons and sitemap files on ${engineName}`, () => {
  it("serves the blog's published posts as RSS 2.0, named on the blog's pages", async () => {
    const response = await app.request("/blog/feed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]);
    expect(items).toHaveLength(2);
    // Newest first, escaped, with its address and date; the draft is not there.
    expect(items[0]).toContain("<title>Onion market &lt;summer-crop&gt; &amp; more</title>");
    expect(items[0]).toContain(`<link>${ORIGIN}/blog/summer-crop</link>`);
    expect(items[0]).toContain("<pubDate>Mon, 01 Jun 2026 00:00:00 GMT</pubDate>");
    expect(xml).not.toContain("secret");
    // Well-formed: every opened element closed, in order.
    const stack: string[] = [];
    for (const [, close, name, selfClosing] of xml.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
      if (selfClosing) continue;
      if (close) expect(stack.pop()).toBe(name);
      else stack.push(name);
    }
    expect(stack).toEqual([]);
    for (const path of ["/blog", "/blog/summer-crop"])
      expect(await html(path)).toContain(
        `<link rel="alternate" type="application/rss+xml" title="Ganga Agro Exports Blog" href="${ORIGIN}/blog/feed.xml"/>`,
      );
  });

  it("keeps the feed in the page cache like the sitemap: a strong ETag and 304", async () => {
    const cached = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN, pageCache: true });
    const first = await cached.request("/blog/feed.xml");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await cached.request("/blog/feed.xml", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("answers /favicon.ico, the apple-touch-icon and the web manifest, all linked from the pages", async () => {
    const expected: Array<[string, string]> = [
      ["/favicon.ico", "image/x-icon"],
      ["/apple-touch-icon.png", "image/png"],
      ["/site.webmanifest", "application/manifest+json"],
    ];
    for (const [path, type] of expected) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toBe(type);
    }
    const ico = Buffer.from(await (await app.request("/favicon.ico")).arrayBuffer());
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const touch = Buffer.from(await (await app.request("/apple-touch-icon.png")).arrayBuffer());
    expect([touch.readUInt32BE(16), touch.readUInt32BE(20)]).toEqual([180, 180]);
    const manifest = await (await app.request("/site.webmanifest")).json();
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toContain("512x512");
    const home = await html("/");
    expect(home).toContain('<link rel="icon" href="/favicon.ico"');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(home).toContain('<link rel="manifest" href="/site.webmanifest"/>');
  });

  it("answers the site's 404 page for an unknown sitemap file", async () => {
    const response = await app.request("/sitemaps/nope.xml");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Page Not Found");
    expect((await app.request("/sitemaps/pages-1.xml")).status).toBe(200);
  });
});
