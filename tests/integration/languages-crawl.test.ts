import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { readSitemap } from "../support/sitemap";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// Issue 26, "Done when": a crawl of every public URL of the demo in every language finds 0 missing return hreflang
// links and 0 pages outside their sitemap. The crawl starts from the sitemap index, reads every URL it lists (each
// language's), then follows every same-origin link of the pages it reaches, as a search engine's crawler would.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = "https://www.example.com";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN });
  // The demo enables Arabic and Bengali and ships its content in both.
  expect(await seedDemoIfEmpty(t.db, app.storage)).toBe(true);
}, 120_000);
afterAll(() => t.cleanup());

interface Page {
  url: string;
  status: number;
  html: boolean;
  canonical?: string;
  lang?: string;
  noindex: boolean;
  /** Language (and x-default) → absolute URL, from the page's `<link rel="alternate" hreflang>`. */
  hreflang: Map<string, string>;
}

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<");

/** Each tag's attributes, lower-cased names, entities decoded. */
const tagsOf = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((tag) =>
    Object.fromEntries(
      [...tag[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key.toLowerCase(), decode(value)]),
    ),
  );

/** A URL as a browser sends it (percent-encoded path, no fragment), or null when it leaves the site. */
function normalise(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  url.hash = "";
  return url.href;
}

/** What a crawler of the public pages leaves alone: the back office, files, pictures, the feed. */
const skipped = (url: string) => {
  const { pathname } = new URL(url);
  return (
    /^\/admin(\/|$)/.test(pathname) ||
    /^\/(media|assets|storage|uploads)\//.test(pathname) ||
    /\.(pdf|xml|txt|jpe?g|png|webp|avif|gif|svg|ico|css|js|json|csv|woff2?|webmanifest)$/i.test(pathname) ||
    /\/feed(\.xml)?$/.test(pathname)
  );
};

/** The language a URL is in: its prefix, else English. */
const languageOf = (url: string, languages: string[]) => {
  const first = new URL(url).pathname.split("/")[1];
  return languages.includes(first) ? first : "en";
};

describe(`crawl of the demo in every language on ${engineName}`, () => {
  it("finds no missing return hreflang link and no page outside its sitemap", async () => {
    const { paths } = await readSitemap(app.request, ORIGIN);
    const sitemap = new Set(paths.map((path) => normalise(path, ORIGIN)!));
    expect(sitemap.size, "sitemap URLs, each once").toBe(paths.length);

    const pages = new Map<string, Page>();
    const queue: string[] = [...sitemap];
    const queued = new Set(queue);
    const enqueue = (url: string | null) => {
      if (!url || queued.has(url) || skipped(url)) return;
      queued.add(url);
      queue.push(url);
    };
    // Bounded: the demo is a few hundred pages; a crawl that grows past this is following a loop of URLs.
    while (queue.length > 0 && pages.size < 5000) {
      const url = queue.shift()!;
      const u = new URL(url);
      const response = await app.request(u.pathname + u.search);
      const page: Page = { url, status: response.status, html: false, noindex: false, hreflang: new Map() };
      pages.set(url, page);
      if (response.status >= 300 && response.status < 400) {
        enqueue(normalise(response.headers.get("Location") ?? "", url));
        continue;
      }
      page.html = (response.headers.get("Content-Type") ?? "").includes("text/html");
      if (response.status !== 200 || !page.html) {
        await response.body?.cancel();
        continue;
      }
      const html = await response.text();
      page.lang = html.match(/<html lang="([^"]+)"/)?.[1];
      for (const meta of tagsOf(html, "meta"))
        if (meta.name === "robots" && /noindex/.test(meta.content ?? "")) page.noindex = true;
      for (const link of tagsOf(html, "link")) {
        if (link.rel === "canonical") page.canonical = normalise(link.href, url) ?? link.href;
        if (link.rel === "alternate" && link.hreflang) {
          expect(page.hreflang.has(link.hreflang), `${url}: hreflang ${link.hreflang} named twice`).toBe(false);
          const target = normalise(link.href, url);
          expect(target, `${url}: hreflang ${link.hreflang} off the site: ${link.href}`).not.toBeNull();
          page.hreflang.set(link.hreflang, target!);
          enqueue(target);
        }
      }
      // As a search engine's crawler does, a link marked nofollow is not followed: a category's filter and sort links
      // (thousands of combinations, each noindex) and 'Compare' (issue 43).
      for (const a of tagsOf(html, "a"))
        if (a.href && !/\bnofollow\b/.test(a.rel ?? "")) enqueue(normalise(a.href, url));
    }
    expect(queue, "the crawl ended").toEqual([]);

    const languages = [...new Set([...pages.values()].flatMap((page) => [...page.hreflang.keys()]))].filter(
      (lang) => lang !== "x-default",
    );
    expect(languages.sort()).toEqual(["ar", "bn", "en"]);
    const html = [...pages.values()].filter((page) => page.status === 200 && page.html);
    const perLanguage = Object.fromEntries(
      languages.map((lang) => [lang, html.filter((page) => languageOf(page.url, languages) === lang).length]),
    );
    const others = [...pages.values()].filter((page) => !(page.status === 200 && page.html));
    console.log(
      `languages crawl on ${engineName}: ${html.length} pages (${Object.entries(perLanguage)
        .map(([lang, n]) => `${lang} ${n}`)
        .join(", ")}), ${html.filter((page) => page.hreflang.size > 0).length} with hreflang sets, ` +
        `${sitemap.size} sitemap URLs, ${others.length} other answers (${[...new Set(others.map((p) => p.status))].join(", ")})`,
    );

    const missingReturns: string[] = [];
    const outsideSitemap: string[] = [];
    const problems: string[] = [];
    for (const page of html) {
      // Every page is in its own language, says so, and names one canonical URL.
      expect(page.lang, page.url).toBe(languageOf(page.url, languages));
      expect(page.canonical, `${page.url}: canonical`).toBeDefined();
      if (page.hreflang.size > 0) {
        const set = [...page.hreflang.entries()].sort();
        if (![...page.hreflang.values()].includes(page.canonical!))
          problems.push(`${page.url}: its canonical ${page.canonical} is not in its own hreflang set`);
        if (page.hreflang.get("x-default") !== page.hreflang.get("en"))
          problems.push(`${page.url}: x-default is not the English version`);
        for (const [lang, target] of page.hreflang) {
          const other = pages.get(target);
          if (other?.status !== 200 || !other.html) {
            missingReturns.push(`${page.url} → ${lang} ${target}: answers ${other?.status}`);
            continue;
          }
          if (lang !== "x-default" && other.canonical !== target)
            problems.push(`${page.url} → ${lang} ${target}: whose canonical is ${other.canonical}`);
          const back = [...other.hreflang.entries()].sort();
          if (JSON.stringify(back) !== JSON.stringify(set))
            missingReturns.push(`${page.url} → ${lang} ${target}, which names ${JSON.stringify(back)}`);
          // A version a search engine may index is in the sitemap (the quote list, noindex, is in no sitemap).
          if (!other.noindex && !sitemap.has(target))
            outsideSitemap.push(`${target} (in the hreflang set of ${page.url})`);
        }
      }
      // A page a search engine may index is in the sitemap, under its canonical URL.
      if (!page.noindex && !sitemap.has(page.canonical!))
        outsideSitemap.push(`${page.canonical} (the canonical of ${page.url})`);
    }
    // Every sitemap URL is a page that answers and names itself as canonical.
    for (const url of sitemap) {
      const page = pages.get(url)!;
      if (page.status !== 200 || !page.html) problems.push(`sitemap URL ${url} answers ${page.status}`);
      else if (page.canonical !== url) problems.push(`sitemap URL ${url} names ${page.canonical} as canonical`);
      else if (page.noindex) problems.push(`sitemap URL ${url} is noindex`);
    }
    expect([...new Set(missingReturns)], "missing return hreflang links").toEqual([]);
    expect([...new Set(outsideSitemap)], "pages outside their sitemap").toEqual([]);
    expect([...new Set(problems)]).toEqual([]);
    // Every language of the demo was crawled, not only English.
    for (const lang of languages) expect(perLanguage[lang], lang).toBeGreaterThan(10);
  }, 600_000);
});
