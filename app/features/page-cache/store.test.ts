import { describe, expect, it } from "vitest";
import type { ChangeFeed } from "./store.server";
import { PageCache } from "./store.server";

/** A cache alone on its database: no other instance changes anything. */
const noOtherInstances: ChangeFeed = { read: async () => ({ version: 1, changes: [] }), record: async () => 1 };

describe("the page cache's memory, language by language", () => {
  const page = (body: string) => new Response(body, { headers: { "Content-Type": "text/plain" } });
  // A quarter of a megabyte and 500 pages per language: the shares are the same as at production sizes.
  const MAX = 256 * 1024;
  const PAGES = 500;
  const fill = (cache: PageCache, path: string, i: number) =>
    cache.fill(path, async () => ({ response: page(`${path} ${"x".repeat(2000)} ${i}`), shows: new Set() }));

  it("lets a crawler walking one language take no more than its share: English keeps at least half", async () => {
    const cache = new PageCache({ maxBytes: MAX, changes: noOtherInstances });
    // English alone may use the whole budget, as before.
    for (let i = 0; i < PAGES; i++) await fill(cache, `/products/english-${i}`, i);
    expect(cache.size.bytes).toBeGreaterThan(MAX * 0.9);
    const englishBefore = cache.size.pages;

    // A crawler walks thousands of Bengali pages, then Arabic ones.
    for (let i = 0; i < PAGES; i++) await fill(cache, `/bn/products/page-${i}`, i);
    for (let i = 0; i < PAGES; i++) await fill(cache, `/ar/products/page-${i}`, i);
    expect(cache.size.bytes).toBeLessThanOrEqual(MAX);
    const english = Array.from({ length: PAGES }, (_, i) => `/products/english-${i}`).filter((key) =>
      cache.tagsOf(key),
    );
    const bengali = Array.from({ length: PAGES }, (_, i) => `/bn/products/page-${i}`).filter((key) =>
      cache.tagsOf(key),
    );
    const arabic = Array.from({ length: PAGES }, (_, i) => `/ar/products/page-${i}`).filter((key) => cache.tagsOf(key));
    // English keeps half the budget; each other language at most a quarter; the newest Bengali pages stayed.
    expect(english.length).toBeGreaterThanOrEqual(Math.floor(englishBefore / 2) - 1);
    expect(bengali.length).toBeLessThanOrEqual(Math.ceil(englishBefore / 4) + 1);
    expect(arabic.length).toBeLessThanOrEqual(Math.ceil(englishBefore / 4) + 1);
    expect(bengali.length).toBeGreaterThan(0);
    expect(cache.tagsOf(`/ar/products/page-${PAGES - 1}`)).toBeDefined();
    expect(cache.tagsOf(`/products/english-${PAGES - 1}`)).toBeDefined();
  });
});
