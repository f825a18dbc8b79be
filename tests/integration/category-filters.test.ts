import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

// Category filters and sort (issue 43): plain links in one canonical order, one page-cache entry per combination that
// exists, a 404 (never stored) for a value no public product holds, and the parameters' order normalised by 301.
const CATEGORY = "/products/filter-onions";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;

const terms = (values: Record<string, unknown>) => JSON.stringify(values);

beforeAll(async () => {
  t = await createTestDatabase();
  await enableLanguages(t.db, "ar", "bn");
  app = await createTestApp(t.db, t.dataDir);
  cached = await createTestApp(t.db, t.dataDir, { pageCache: true });
  const category = await insertCategory(t.db, { name: "Filter Onions", slug: "filter-onions" });
  await insertProduct(t.db, {
    category_id: category,
    name: "Alpha Red Onion",
    slug: "alpha-red-onion",
    specifications: JSON.stringify({ Organic: true }),
    trade_terms: terms({
      grades: ["55 mm+", "45–55 mm"],
      packaging: ["25 kg mesh bag"],
      origin: "Maharashtra (Nashik)",
      availability_months: [1, 2, 3],
      min_order_quantity: 2,
      min_order_unit: "20 ft container",
      price_min: 400,
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
    }),
  });
  await insertProduct(t.db, {
    category_id: category,
    name: "Bravo Pink Onion",
    slug: "bravo-pink-onion",
    specifications: JSON.stringify({ Certification: "GlobalG.A.P., HACCP", Organic: false }),
    trade_terms: terms({
      grades: ["25–40 mm"],
      packaging: ["25 kg mesh bag", "10 kg carton"],
      origin: "Karnataka",
      availability_months: [3, 4],
      min_order_quantity: 5000,
      min_order_unit: "kg",
      price_min: 0.3,
      price_currency: "USD",
      price_unit: "kg",
      price_incoterm: "FOB",
    }),
  });
  await insertProduct(t.db, {
    category_id: category,
    name: "Charlie White Onion",
    slug: "charlie-white-onion",
    trade_terms: terms({ grades: ["55 mm+"], origin: "Gujarat", min_order_quantity: 25, min_order_unit: "MT" }),
  });
  await insertProduct(t.db, {
    category_id: category,
    name: "Draft Onion",
    slug: "draft-onion",
    status: "draft",
    trade_terms: terms({ grades: ["90 mm"], origin: "Punjab" }),
  });
});
afterAll(() => t.cleanup());

const html = async (path: string, on = app) => {
  const response = await on.request(path);
  return { status: response.status, body: await response.text(), response };
};
/** The products a page lists, in order (each card links its product). */
const listed = (body: string) => [
  ...new Set([...body.matchAll(/href="\/products\/filter-onions\/([a-z-]+)"/g)].map((m) => m[1])),
];
/** Every filter or sort link of the page (its query strings). */
const filterLinks = (body: string) =>
  [...body.matchAll(/href="\/products\/filter-onions(\?[^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));

describe(`category filters on ${engineName}`, () => {
  it("offers only the values public products hold, with counts, and filters by each", async () => {
    const { status, body } = await html(CATEGORY);
    expect(status).toBe(200);
    expect(listed(body)).toEqual(["alpha-red-onion", "bravo-pink-onion", "charlie-white-onion"]);
    const links = filterLinks(body);
    expect(links).toEqual(
      expect.arrayContaining([
        "?size=55-mm-plus",
        "?size=45-55-mm",
        "?size=25-40-mm",
        "?packaging=25-kg-mesh-bag",
        "?origin=maharashtra-nashik",
        "?month=3",
        "?cert=organic",
        "?cert=globalgap",
        "?cert=haccp",
        "?sort=moq",
        "?sort=price",
      ]),
    );
    // A draft's values are not offered; "Organic: false" names no certificate.
    expect(links).not.toContain("?size=90-mm");
    expect(links).not.toContain("?origin=punjab");
    expect(body).toMatch(/55 mm\+<\/bdi><span[^>]*>\((?:<!-- -->)?2(?:<!-- -->)?\)/);

    expect(listed((await html(`${CATEGORY}?size=55-mm-plus`)).body)).toEqual([
      "alpha-red-onion",
      "charlie-white-onion",
    ]);
    expect(listed((await html(`${CATEGORY}?packaging=10-kg-carton`)).body)).toEqual(["bravo-pink-onion"]);
    expect(listed((await html(`${CATEGORY}?month=3&cert=organic`)).body)).toEqual(["alpha-red-onion"]);
    expect(listed((await html(`${CATEGORY}?cert=globalgap`)).body)).toEqual(["bravo-pink-onion"]);
    expect(listed((await html(`${CATEGORY}?origin=gujarat`)).body)).toEqual(["charlie-white-onion"]);
  });

  it("keeps the other filters in each link, replaces a filter's own value, and clears it with 'All'", async () => {
    const { body } = await html(`${CATEGORY}?size=55-mm-plus&sort=moq`);
    const links = filterLinks(body);
    // Choosing an origin keeps the size and the sort; the other size replaces this one; 'All' drops it.
    expect(links).toContain("?size=55-mm-plus&origin=gujarat&sort=moq");
    expect(links).toContain("?size=45-55-mm&sort=moq");
    expect(links).toContain("?sort=moq");
    expect(links).toContain("?size=55-mm-plus"); // sort by name: not in the address
    // Only values left by the other filters are offered: Karnataka's product is not 55 mm+.
    expect(links).not.toContain("?size=55-mm-plus&origin=karnataka&sort=moq");
  });

  it("sorts by minimum order and by price, the unpriced last, keeping the filters", async () => {
    // 5,000 kg = 5 MT < 25 MT < two 20 ft containers (about 50 MT).
    expect(listed((await html(`${CATEGORY}?sort=moq`)).body)).toEqual([
      "bravo-pink-onion",
      "charlie-white-onion",
      "alpha-red-onion",
    ]);
    // USD 0.3 per kg = 300 per MT < 400 per MT; Charlie has no price.
    expect(listed((await html(`${CATEGORY}?sort=price`)).body)).toEqual([
      "bravo-pink-onion",
      "alpha-red-onion",
      "charlie-white-onion",
    ]);
    expect(listed((await html(`${CATEGORY}?size=55-mm-plus&sort=price`)).body)).toEqual([
      "alpha-red-onion",
      "charlie-white-onion",
    ]);
    const byName = await app.request(`${CATEGORY}?size=55-mm-plus&sort=name`);
    expect(byName.status).toBe(301);
    expect(byName.headers.get("location")).toBe(`${CATEGORY}?size=55-mm-plus`);
    expect((await app.request(`${CATEGORY}?sort=cheapest`)).status).toBe(404);
  });

  it("answers a value nothing holds with 404, the filters and 'Clear filters'", async () => {
    for (const path of [`${CATEGORY}?size=99-mm`, `${CATEGORY}?size=25-40-mm&origin=gujarat`]) {
      const { status, body } = await html(path);
      expect(status, path).toBe(404);
      expect(body).toContain("No products match these filters");
      expect(body).toMatch(new RegExp(`href="${CATEGORY}"[^>]*>Clear filters</a>`));
      expect(listed(body)).toEqual([]);
    }
    // A draft's value is unknown to the public.
    expect((await html(`${CATEGORY}?size=90-mm`)).status).toBe(404);
  });

  it("pages keep the filters and the sort, in the canonical order", async () => {
    const { body } = await html(`${CATEGORY}?origin=gujarat&sort=price`);
    expect(body).toContain('name="robots" content="noindex, follow"');
    expect((await html(CATEGORY)).body).not.toContain("noindex");
    // Past the last page of a filtered list: 404 as for the whole category.
    expect((await app.request(`${CATEGORY}?origin=gujarat&sort=price&page=2`)).status).toBe(404);
  });

  it("shows the labels in Arabic and Bengali, months by name", async () => {
    const ar = (await html(`/ar${CATEGORY}`)).body;
    expect(ar).toContain("الحجم / الدرجة");
    expect(ar).toContain("مارس");
    expect(ar).toContain(`href="/ar${CATEGORY}?month=3"`);
    const bn = (await html(`/bn${CATEGORY}`)).body;
    expect(bn).toContain("আকার / গ্রেড");
    expect(bn).toContain("মার্চ");
  });
});

describe(`filters and their cache keys on ${engineName}`, () => {
  it("stores a filtered page once and serves it as a hit", async () => {
    const cache = cached.app.pageCache!;
    const path = `${CATEGORY}?size=55-mm-plus&sort=price`;
    const first = await cached.request(path);
    expect(first.status).toBe(200);
    await cache.settled();
    expect(cache.holds(path)).toBe(true);
    const hits = cache.stats.hits;
    const second = await cached.request(path);
    expect(second.status).toBe(200);
    expect(cache.stats.hits).toBe(hits + 1);
    expect(await second.text()).toBe(await first.text());
  });

  it("sends unknown parameters and another order to the one address: every link is already that one", async () => {
    const reordered = await cached.request(`${CATEGORY}?sort=moq&origin=gujarat&size=55-mm-plus`);
    expect(reordered.status).toBe(301);
    expect(reordered.headers.get("location")).toBe(`${CATEGORY}?size=55-mm-plus&origin=gujarat&sort=moq`);
    const unknown = await cached.request(`${CATEGORY}?colour=red&size=55-mm-plus&utm_source=x`);
    expect(unknown.status).toBe(301);
    expect(unknown.headers.get("location")).toBe(`${CATEGORY}?size=55-mm-plus`);
    // No link the page writes is redirected: each is the canonical address of its combination.
    for (const query of filterLinks((await html(`${CATEGORY}?size=55-mm-plus&month=3&sort=moq`, cached)).body)) {
      expect((await cached.request(`${CATEGORY}${query}`)).status, query).not.toBe(301);
    }
  });

  it("never stores a value nothing holds, so strangers cannot fill the cache with made-up ones", async () => {
    const cache = cached.app.pageCache!;
    const before = cache.size.pages;
    for (let i = 0; i < 20; i++) {
      const path = `${CATEGORY}?size=made-up-${i}`;
      expect((await cached.request(path)).status).toBe(404);
      expect(cache.holds(path)).toBe(false);
    }
    await cache.settled();
    expect(cache.size.pages).toBe(before);
  });

  it("counts each filtered address in the cache's memory, under its language", async () => {
    const cache = cached.app.pageCache!;
    const bytes = cache.size.bytes;
    const path = `/bn${CATEGORY}?origin=karnataka`;
    expect((await cached.request(path)).status).toBe(200);
    await cache.settled();
    expect(cache.holds(path)).toBe(true);
    expect(cache.size.bytes).toBeGreaterThan(bytes);
  });
});
