import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages, insertTranslation } from "../support/translations";

// 'Compare' (issue 43) through the real server: /compare?products=… in every language, up to four public products
// side by side, every specification and trade term a row, rows that differ marked; never indexed, never cached.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

const window = new Window();
const parse = (html: string) => new window.DOMParser().parseFromString(html, "text/html");
const get = async (path: string) => {
  const response = await app.request(path);
  return { response, html: await response.text() };
};
const page = async (path: string) => {
  const { response, html } = await get(path);
  expect(response.status, path).toBe(200);
  return parse(html);
};
const productNames = (doc: ReturnType<typeof parse>) =>
  [...doc.querySelectorAll('[data-testid="compare-product"] a[href*="/products/"]')].map((a) => a.textContent);
/** Each row's label and cells as text, the label without the marker's screen-reader text. */
const row = (doc: ReturnType<typeof parse>, key: string) => {
  const tr = doc.querySelector(`tr[data-row="${key}"]`);
  if (!tr) return null;
  return {
    label: tr.querySelector("th [dir=auto]")?.textContent,
    cells: [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()),
    differs: tr.hasAttribute("data-differs"),
    marker: tr.querySelector('[data-testid="differs"]')?.textContent,
  };
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  await enableLanguages(t.db, "ar", "bn");
  const onions = await insertCategory(t.db, { name: "Compare Onions", slug: "compare-onions" });
  const garlic = await insertCategory(t.db, { name: "Compare Garlic", slug: "compare-garlic" });
  const terms = (extra: object) =>
    JSON.stringify({ hs_code: "0703.10", min_order_quantity: 1, min_order_unit: "MT", ...extra });
  ids.red = await insertProduct(t.db, {
    category_id: onions,
    name: "Compare Red Onion",
    slug: "compare-red-onion",
    specifications: JSON.stringify({ Size: "55 mm", Colour: "Red" }),
    trade_terms: terms({
      origin: "Nashik",
      price_min: 300,
      price_max: 350,
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
    }),
  });
  ids.white = await insertProduct(t.db, {
    category_id: onions,
    name: "Compare White Onion",
    slug: "compare-white-onion",
    specifications: JSON.stringify({ Size: "55 mm", Colour: "White" }),
    trade_terms: terms({ origin: "Nashik" }),
  });
  ids.garlic = await insertProduct(t.db, {
    category_id: garlic,
    name: "Compare Garlic Bulbs",
    slug: "compare-garlic-bulbs",
    specifications: JSON.stringify({ Size: "40 mm", Cloves: "10–12" }),
    trade_terms: terms({}),
  });
  ids.pink = await insertProduct(t.db, { category_id: onions, name: "Compare Pink Onion", slug: "compare-pink-onion" });
  ids.yellow = await insertProduct(t.db, {
    category_id: onions,
    name: "Compare Yellow Onion",
    slug: "compare-yellow-onion",
  });
  ids.draft = await insertProduct(t.db, {
    category_id: onions,
    name: "Compare Secret Onion",
    slug: "compare-secret-onion",
    status: "draft",
  });
  await insertTranslation(t.db, "category", onions, "ar", { name: "بصل المقارنة", slug: "basal-muqarana" });
  await insertTranslation(t.db, "product", ids.red, "ar", {
    name: "بصل المقارنة الأحمر",
    "spec:Colour:name": "اللون",
    "spec:Colour:value": "أحمر",
  });
  await insertTranslation(t.db, "product", ids.red, "ar", { slug: "basal-ahmar" }, onions);
});
afterAll(async () => {
  window.close();
  await t?.cleanup();
});

describe(`/compare on ${engineName}`, () => {
  it("puts the products side by side, a row per specification and trade term any of them has, differences marked", async () => {
    const doc = await page(`/compare?products=${ids.red},${ids.white},${ids.garlic}`);
    expect(doc.title).toBe("Compare products | Ganga Agro Exports");
    expect(doc.querySelector("h1")?.textContent).toBe("Compare products");
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
    expect(productNames(doc)).toEqual(["Compare Red Onion", "Compare White Onion", "Compare Garlic Bulbs"]);
    const links = [...doc.querySelectorAll('[data-testid="compare-product"] a[href*="/products/"]')];
    expect(links[0].getAttribute("href")).toBe("/products/compare-onions/compare-red-onion");
    expect(doc.querySelector('[data-testid="compare-product"]')?.textContent).toContain("Compare Onions");

    // The union of the specifications: a product without one shows "—".
    expect(row(doc, "spec:size")).toMatchObject({ label: "Size", cells: ["55 mm", "55 mm", "40 mm"], differs: true });
    expect(row(doc, "spec:colour")?.cells).toEqual(["Red", "White", "—none"]);
    expect(row(doc, "spec:cloves")?.cells).toEqual(["—none", "—none", "10–12"]);
    // A row every product says the same of is not marked.
    const hs = row(doc, "trade:HS Code");
    expect(hs).toMatchObject({ label: "HS Code", cells: ["0703.10", "0703.10", "0703.10"], differs: false });
    expect(hs?.marker).toBeUndefined();
    expect(row(doc, "trade:Minimum Order")?.differs).toBe(false);
    expect(row(doc, "trade:Origin")).toMatchObject({ cells: ["Nashik", "Nashik", "—none"], differs: true });
    // The marker is seen and said.
    expect(row(doc, "trade:Origin")?.marker).toBe("≠(differs)");
    // The indicative price while valid, first.
    const price = row(doc, "price");
    expect(price?.cells[0]).toContain("USD 300–350");
    expect(price?.cells.slice(1)).toEqual(["—none", "—none"]);
    expect(doc.querySelector("tbody tr")?.getAttribute("data-row")).toBe("price");

    // Remove: the same address without the product.
    const remove = [...doc.querySelectorAll('[data-testid="compare-remove"]')].map((a) => a.getAttribute("href"));
    expect(remove[1]).toBe(`/compare?products=${ids.red},${ids.garlic}`);
  });

  it("ignores drafts and unknown ids alike, keeps the order asked, and shows the first four of more", async () => {
    const withDraft = await page(`/compare?products=${ids.draft},nope,${ids.white},${ids.red},${ids.white}`);
    expect(productNames(withDraft)).toEqual(["Compare White Onion", "Compare Red Onion"]);
    expect(withDraft.body.textContent).not.toContain("Compare Secret Onion");
    // Nor offered to add.
    const options = [...withDraft.querySelectorAll('[data-testid="compare-add"] option')].map((o) => o.textContent);
    expect(options).toEqual(["Compare Pink Onion", "Compare Yellow Onion"]);
    expect(withDraft.querySelector('[role="status"]')).toBeNull();

    const five = [ids.red, ids.white, ids.draft, ids.garlic, ids.pink, ids.yellow].join(",");
    const full = await page(`/compare?products=${five}`);
    expect(productNames(full)).toEqual([
      "Compare Red Onion",
      "Compare White Onion",
      "Compare Garlic Bulbs",
      "Compare Pink Onion",
    ]);
    expect(full.querySelector('[role="status"]')?.textContent).toBe(
      "You can compare up to 4 products: the first 4 are shown.",
    );
    expect(full.querySelector('[data-testid="compare-add"]')).toBeNull();
  });

  it("with nothing to compare, says how to add products and links to the products", async () => {
    for (const path of ["/compare", `/compare?products=${ids.draft}`]) {
      const doc = await page(path);
      expect(doc.querySelector("h2")?.textContent).toBe("No products to compare yet");
      expect(doc.querySelector("table")).toBeNull();
      expect(doc.querySelector('section a[href="/our-products"]')?.textContent).toBe("Browse our products");
    }
  });

  it("adds a product without JavaScript: a GET form whose choice is the whole new list", async () => {
    const doc = await page(`/compare?products=${ids.red}`);
    const form = doc.querySelector('[data-testid="compare-add"]')!.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/compare");
    const white = [...form.querySelectorAll("option")].find((o) => o.textContent === "Compare White Onion");
    expect(white?.getAttribute("value")).toBe(`${ids.red},${ids.white}`);
    // The browser sends the commas encoded; the page reads them, and no parameter is sent round again.
    const sent = await get(`/compare?${new URLSearchParams({ products: white!.getAttribute("value")! })}`);
    expect(sent.response.status).toBe(200);
    expect(productNames(parse(sent.html))).toEqual(["Compare Red Onion", "Compare White Onion"]);
    // The comparison is never cached, so no address is sent round to a one spelling: other parameters are not read.
    const other = await get(`/compare?utm_source=x&products=${ids.red}`);
    expect(productNames(parse(other.html))).toEqual(["Compare Red Onion"]);
  });

  it("shows each product in the page's language, linking to its page in that language", async () => {
    const doc = await page(`/ar/compare?products=${ids.red},${ids.white}`);
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("h1")?.textContent).toBe("مقارنة المنتجات");
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
    expect(productNames(doc)).toEqual(["بصل المقارنة الأحمر", "Compare White Onion"]);
    const link = doc.querySelector('[data-testid="compare-product"] a[href*="/products/"]');
    expect(link?.getAttribute("href")).toBe("/ar/products/basal-muqarana/basal-ahmar");
    expect(doc.querySelector('[data-testid="compare-product"]')?.textContent).toContain("بصل المقارنة");
    // A specification is one row by its English name, labelled in the language where translated.
    expect(row(doc, "spec:colour")).toMatchObject({ label: "اللون", cells: ["أحمر", "White"], differs: true });
    expect(row(doc, "trade:HS Code")?.label).toBe("رمز النظام المنسّق (HS)");
    expect(doc.querySelector('[data-testid="differs"] .sr-only')?.textContent).toBe("(مختلف)");

    const bengali = await page(`/bn/compare?products=${ids.red}`);
    expect(bengali.querySelector("h1")?.textContent).toBe("পণ্য তুলনা");
  });

  it("puts 'Compare' on category pages' cards and on product pages, leading to the comparison of that product", async () => {
    const category = await page("/products/compare-onions");
    const link = category.querySelector(`a[data-compare="${ids.red}"]`);
    expect(link?.getAttribute("href")).toBe(`/compare?products=${ids.red}`);
    expect(link?.textContent).toBe("Compare: Compare Red Onion");
    expect(link?.getAttribute("data-compare-full")).toBe("You can compare up to 4 products");
    expect(link?.getAttribute("data-compare-bar")).toBe("Compare ({number})");
    expect(category.querySelector(`a[data-compare="${ids.draft}"]`)).toBeNull();

    const product = await page("/ar/products/basal-muqarana/basal-ahmar");
    const arabic = product.querySelector(`a[data-compare="${ids.red}"]`);
    expect(arabic?.getAttribute("href")).toBe(`/ar/compare?products=${ids.red}`);
    expect(arabic?.getAttribute("data-compare-page")).toBe("/ar/compare");
    expect(arabic?.getAttribute("data-compare-bar")).toBe("مقارنة ({number})");
  });

  it("is never kept by the page cache, in any language", async () => {
    const cached = await createTestApp(t.db, t.dataDir, { pageCache: true });
    const cache = cached.app.pageCache!;
    await cached.request("/about-us");
    await cache.settled();
    const before = cache.size.pages;
    expect(before).toBeGreaterThan(0);
    for (const path of [`/compare?products=${ids.red}`, `/ar/compare?products=${ids.white},${ids.red}`, "/compare"]) {
      const response = await cached.request(path);
      expect(response.status, path).toBe(200);
      await response.text();
    }
    await cache.settled();
    expect(cache.size.pages).toBe(before);
  });
});
