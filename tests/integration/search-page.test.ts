import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCHES_PER_MINUTE } from "~/features/search/search-throttle.server";
import { createTestApp } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  insertProducts,
  type TestDatabase,
} from "../support/test-db";
import { enableLanguages, insertTranslation } from "../support/translations";

// The public search page (issue 43) through the real server: the form on every page, its results in the page's
// language, a limit per address, out of the page cache, and how browsers and search engines learn of it.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;

const window = new Window();
const parse = (html: string) => new window.DOMParser().parseFromString(html, "text/html");
const get = async (path: string, ip?: string) => {
  const response = await app.request(path, { ip });
  return { response, html: await response.text() };
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  await enableLanguages(t.db, "ar", "bn");
  const categoryId = await insertCategory(t.db, { name: "Finder Onions", slug: "finder-onions" });
  const productId = await insertProduct(t.db, {
    category_id: categoryId,
    name: "Finder Red Onion",
    slug: "finder-red-onion",
    description: "Red onions from Nashik, graded for export.",
  });
  await insertTranslation(t.db, "category", categoryId, "ar", { name: "بصل الباحث" });
  await insertTranslation(t.db, "product", productId, "ar", {
    name: "بصل الباحث الأحمر",
    description: "بصل أحمر من ناشيك، مُصنّف للتصدير.",
  });
});
afterAll(async () => {
  window.close();
  await t?.cleanup();
});

describe(`/search on ${engineName}`, () => {
  it("without a query is the form alone, titled Search, never indexed, in every language", async () => {
    const { response, html } = await get("/search");
    expect(response.status).toBe(200);
    const page = parse(html);
    expect(page.title).toBe("Search | Ganga Agro Exports");
    expect(page.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/^https?:\/\/[^/]+\/search$/);
    expect(page.querySelector("h1")?.textContent).toBe("Search");
    const form = page.querySelector("#search-q")?.closest("form");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/search");
    expect(page.querySelector("#search-q")?.getAttribute("name")).toBe("q");
    expect(page.querySelector('[role="status"]')).toBeNull();

    const arabic = parse((await get("/ar/search")).html);
    expect(arabic.title).toBe("البحث | Ganga Agro Exports");
    expect(arabic.querySelector("#search-q")?.closest("form")?.getAttribute("action")).toBe("/ar/search");
    expect(arabic.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/ar\/search$/);
  });

  it("puts a search form in the header and the phone menu of every public page, and a link to /search", async () => {
    for (const [path, action] of [
      ["/", "/search"],
      ["/products/finder-onions", "/search"],
      ["/ar/about-us", "/ar/search"],
      ["/bn/blog", "/bn/search"],
    ]) {
      const page = parse((await get(path)).html);
      const header = page.querySelector("header")!;
      for (const id of ["#header-search", "#menu-search"]) {
        const field = header.querySelector(id);
        expect(field?.getAttribute("name"), `${path} ${id}`).toBe("q");
        expect(field?.getAttribute("type")).toBe("search");
        expect(header.querySelector(`label[for="${id.slice(1)}"]`)?.textContent?.trim()).toBeTruthy();
        const form = field!.closest("form")!;
        expect(form.getAttribute("action")).toBe(action);
        expect(form.getAttribute("method")).toBe("get");
        expect(form.querySelector('button[type="submit"]')).not.toBeNull();
      }
      expect(header.querySelector(`a[href="${action}"]`), path).not.toBeNull();
    }
  });

  it("lists a product found by its name with a link to its page, in English and in Arabic", async () => {
    const english = parse((await get("/search?q=finder%20red")).html);
    expect(english.querySelector('[role="status"]')?.textContent).toBe('1 result for "finder red"');
    expect(english.querySelector("li h2")?.textContent).toBe("Finder Red Onion");
    expect(english.querySelector('a[href="/products/finder-onions/finder-red-onion"]')).not.toBeNull();
    expect((english.querySelector("#search-q") as unknown as { value: string }).value).toBe("finder red");

    // Found by its Arabic name, shown in Arabic, linked in Arabic; and found in Arabic by its English name too.
    for (const query of ["بصل الباحث الأحمر", "Finder Red Onion"]) {
      const arabic = parse((await get(`/ar/search?q=${encodeURIComponent(query)}`)).html);
      const names = [...arabic.querySelectorAll("li h2")].map((h2) => h2.textContent);
      expect(names, query).toContain("بصل الباحث الأحمر");
      expect(arabic.querySelector('a[href="/ar/products/finder-onions/finder-red-onion"]'), query).not.toBeNull();
    }
  });

  it("says nothing was found and offers the categories, in the page's language", async () => {
    const { response, html } = await get("/ar/search?q=zzzqqq");
    expect(response.status).toBe(200);
    const page = parse(html);
    expect(page.querySelector('h2[role="status"]')?.textContent).toBe("لا توجد نتائج عن «zzzqqq»");
    const suggestion = page.querySelector('a[href="/ar/products/finder-onions"]');
    expect(suggestion?.textContent).toBe("بصل الباحث");
  });

  it("pages keep the query; page 1 has one address and a page past the end is a 404", async () => {
    const first = await app.request("/search?q=finder&page=1");
    expect(first.status).toBe(301);
    expect(first.headers.get("location")).toBe("/search?q=finder");
    const past = await get("/search?q=finder&page=9");
    expect(past.response.status).toBe(404);
    expect(past.html).toContain("The results for &quot;finder&quot; fill one page.");
  });

  it("past 1,000 matches says there are more and pages through the first thousand", async () => {
    const categoryId = await insertCategory(t.db, { name: "Quagga Stock", slug: "quagga-stock" });
    await insertProducts(
      t.db,
      Array.from({ length: 1005 }, (_, i) => ({
        category_id: categoryId,
        name: `Quagga Onion ${i}`,
        slug: `quagga-${i}`,
      })),
    );
    const ip = "198.51.100.77";
    const first = parse((await get("/search?q=quagga", ip)).html);
    expect(first.querySelector('[role="status"]')?.textContent).toBe(
      'More than 1,000 results for "quagga". Add a word to narrow them down.',
    );
    expect(first.querySelectorAll("main ul li h2")).toHaveLength(20);
    expect((await get("/search?q=quagga&page=50", ip)).response.status).toBe(200);
    expect((await get("/search?q=quagga&page=51", ip)).response.status).toBe(404);
    const arabic = parse((await get("/ar/search?q=quagga", ip)).html);
    expect(arabic.querySelector('[role="status"]')?.textContent).toContain("أكثر من");
  });
});

describe(`searches from one address, on ${engineName}`, () => {
  it(`answers 429 with Retry-After past ${SEARCHES_PER_MINUTE} a minute, in the page's language; others search on`, async () => {
    const busy = "198.51.100.7";
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      const { response } = await get(`/search?q=onion${i}`, busy);
      expect(response.status, `search ${i + 1}`).toBe(200);
    }
    // The form without a query is not a search, and is never refused.
    expect((await get("/search", busy)).response.status).toBe(200);

    const refused = await get("/ar/search?q=onion", busy);
    expect(refused.response.status).toBe(429);
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const page = parse(refused.html);
    expect(page.querySelector('[role="alert"] h2')?.textContent).toBe("عمليات بحث كثيرة جدًا");
    expect(page.querySelector('[role="alert"] p')?.textContent).toBe(
      "لقد أجريت عمليات بحث كثيرة خلال وقت قصير. يرجى المحاولة مجددًا بعد دقيقة واحدة.",
    );
    // The query stays in the form, to send again later.
    expect((page.querySelector("#search-q") as unknown as { value: string }).value).toBe("onion");
    expect((await get("/search?q=onion", busy)).response.status).toBe(429);

    expect((await get("/search?q=onion", "198.51.100.8")).response.status).toBe(200);
  });
});

describe(`how browsers and search engines learn of the search, on ${engineName}`, () => {
  it("serves /opensearch.xml with the site's name and the search address, named in every public page's head", async () => {
    const { response, html: xml } = await get("/opensearch.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/opensearchdescription+xml; charset=utf-8");
    const origin = /<link rel="canonical" href="(https?:\/\/[^/"]+)\//.exec((await get("/")).html)![1];
    expect(xml).toContain("<ShortName>Ganga Agro</ShortName>");
    expect(xml).toContain("<LongName>Ganga Agro Exports</LongName>");
    expect(xml).toContain(`<Url type="text/html" method="get" template="${origin}/search?q={searchTerms}"/>`);

    for (const path of ["/", "/ar/gallery", "/search"]) {
      const link = parse((await get(path)).html).querySelector('link[rel="search"]');
      expect(link?.getAttribute("type"), path).toBe("application/opensearchdescription+xml");
      expect(link?.getAttribute("href")).toBe("/opensearch.xml");
      expect(link?.getAttribute("title")).toBe("Ganga Agro Exports");
    }
  });

  it("gives the home page's WebSite JSON-LD a SearchAction on /search in the page's language", async () => {
    for (const [path, search] of [
      ["/", "/search"],
      ["/ar", "/ar/search"],
      ["/bn", "/bn/search"],
    ]) {
      const page = parse((await get(path)).html);
      const origin = /^https?:\/\/[^/]+/.exec(page.querySelector('link[rel="canonical"]')!.getAttribute("href")!)![0];
      const graphs = [...page.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? "null"),
      );
      const site = graphs.find((g) => g?.["@type"] === "WebSite");
      expect(site, path).toBeDefined();
      expect(site.potentialAction).toEqual({
        "@type": "SearchAction",
        target: `${origin}${search}?q={search_term_string}`,
        "query-input": "required name=search_term_string",
      });
    }
  });
});

describe(`/search and the page cache, on ${engineName}`, () => {
  it("never stores a search, nor sends its query away, in any language", async () => {
    const cached = await createTestApp(t.db, t.dataDir, { pageCache: true });
    const cache = cached.app.pageCache!;
    await cached.request("/about-us");
    await cache.settled();
    const before = cache.size.pages;
    expect(before).toBeGreaterThan(0);
    for (const path of ["/search?q=finder", "/search?q=finder&utm_source=x", "/ar/search?q=بصل", "/search"]) {
      const response = await cached.request(encodeURI(path), { ip: "203.0.113.5" });
      expect(response.status, path).toBe(200);
      await response.text();
    }
    await cache.settled();
    expect(cache.size.pages).toBe(before);
  });
});
