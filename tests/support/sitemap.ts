import { expect } from "vitest";

type Request = (path: string) => Promise<Response>;

const tagValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => m[1].replace(/&amp;/g, "&"));

/** The sitemap index at /sitemap.xml and every file it lists, each with its URLs, read through the server. */
export async function readSitemap(request: Request, origin: string) {
  const index = await request("/sitemap.xml");
  expect(index.status).toBe(200);
  const xml = await index.text();
  expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const entries = [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/sitemap>/g)];
  expect(entries.length, "files listed with a lastmod each").toBe(tagValues(xml, "loc").length);
  const files = [];
  for (const [, loc, lastmod] of entries) {
    expect(loc.startsWith(`${origin}/sitemaps/`), loc).toBe(true);
    const path = loc.slice(origin.length);
    const response = await request(path);
    expect(response.status, path).toBe(200);
    const body = await response.text();
    // With other languages, the xhtml namespace of the alternates too.
    expect(body, path).toMatch(
      /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"(?: xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml")?>/,
    );
    const urls = tagValues(body, "loc").map((url) => url.slice(origin.length));
    files.push({ path, lastmod, urls, lastmods: tagValues(body, "lastmod"), response });
  }
  return { index, files, paths: files.flatMap((f) => f.urls) };
}
