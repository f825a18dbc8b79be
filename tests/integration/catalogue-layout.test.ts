import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdfText } from "../support/pdf-text";
import { createTestApp } from "../support/test-app";
import {
  createTestDatabase,
  EIGHT_CERTIFICATES,
  engineName,
  insertCategory,
  insertCertificates,
  insertProduct,
  type TestDatabase,
} from "../support/test-db";

// Issue 23: the catalogue's printed page numbers, its Contents and its footers against the pages a viewer counts,
// with the demo's eight certificates; URLs and certificate numbers printed whole; one date format; tagged PDFs.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;

const LONG_SLUG = "premium-dehydrated-white-onion-kibbled-flakes-for-industrial-food-processing";
const PRODUCTS = [
  { category: "Fresh Vegetables", name: "Red Onion", slug: "red-onion" },
  { category: "Fresh Vegetables", name: "Ooty Potato", slug: "ooty-potato" },
  { category: "Dehydrated Products", name: "Onion Flakes", slug: LONG_SLUG },
  { category: "Dehydrated Products", name: "Garlic Powder", slug: "garlic-powder" },
  { category: "Spices", name: "Turmeric Fingers", slug: "turmeric-fingers" },
];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  const categories = new Map<string, string>();
  for (const p of PRODUCTS) {
    if (!categories.has(p.category))
      categories.set(
        p.category,
        await insertCategory(t.db, { name: p.category, slug: p.category.toLowerCase().replace(/ /g, "-") }),
      );
    await insertProduct(t.db, {
      category_id: categories.get(p.category)!,
      name: p.name,
      slug: p.slug,
      description: "Graded, cleaned and packed for export.",
      // "Shelf Life" both as a specification and as a trade term: printed once.
      specifications: JSON.stringify({ Moisture: "< 6 %", "Shelf Life": "24 months" }),
      trade_terms: JSON.stringify({
        hs_code: "0712.20.00",
        shelf_life: "24 months",
        price_min: 900,
        price_max: 1100,
        price_currency: "USD",
        price_unit: "MT",
        price_incoterm: "FOB",
        price_valid_until: "2999-06-30",
      }),
    });
  }
  await insertCertificates(t.db, EIGHT_CERTIFICATES);
});
afterAll(async () => {
  await t.cleanup();
});

/** The text of each page, in order. */
async function pages(bytes: Uint8Array): Promise<string[]> {
  const text = await readPdfText(bytes);
  return text.replace(/\f$/, "").split("\f");
}

/** The number of pages the file has, as a viewer counts them (the page tree's /Count). */
function pageCount(bytes: Uint8Array): number {
  const counts = [
    ...Buffer.from(bytes)
      .toString("latin1")
      .matchAll(/\/Type \/Pages\s*\/Count (\d+)/g),
  ];
  return Number(counts.at(-1)?.[1]);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe(`catalogue PDF layout on ${engineName}`, () => {
  it("numbers pages as the viewer counts them: footers, and Contents entries on the product's page", async () => {
    const bytes = new Uint8Array(await (await app.request("/catalogue.pdf")).arrayBuffer());
    if (process.env.SAVE_PDF) (await import("node:fs")).writeFileSync(process.env.SAVE_PDF, bytes);
    const text = await pages(bytes);
    const count = pageCount(bytes);
    expect(text).toHaveLength(count);
    // Cover, one contents page, five products: the cover with eight certificates stays one page.
    expect(count).toBe(7);
    text.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${count}`));
    // The footer's lines (both hold "·") can come between an entry and its number in pdftotext's reading order.
    const contents = text[1]
      .split("\n")
      .filter((line) => !line.includes("·"))
      .join("\n");
    expect(contents).toContain("Contents");
    for (const product of PRODUCTS) {
      const entry = contents.match(new RegExp(`${escape(product.name)}[\\s.]*(\\d+)`));
      expect(entry, product.name).not.toBeNull();
      const page = Number(entry![1]);
      expect(text[page - 1], `${product.name} on page ${page}`).toContain(`/products/`);
      expect(text[page - 1]).toContain(product.name);
      expect(text[page - 1].replace(/\s+/g, "")).toContain(`/${product.slug}`);
    }
  });

  it("prints product URLs and certificate numbers whole, dates in one format, Shelf Life once", async () => {
    const bytes = new Uint8Array(await (await app.request("/catalogue.pdf")).arrayBuffer());
    const text = await pages(bytes);
    const all = text.join("\n");
    expect(all).not.toMatch(/\/products\/\S*…/);
    // The long address on one line, uncut.
    expect(all.split("\n").some((line) => line.includes(`/products/dehydrated-products/${LONG_SLUG}`))).toBe(true);
    // Every certificate number on the cover on one line, never broken at a hyphen or slash.
    const coverLines = text[0].split("\n");
    for (const [, , number] of EIGHT_CERTIFICATES)
      expect(
        coverLines.some((line) => line.includes(number)),
        number,
      ).toBe(true);
    // "24 November 2026" throughout: no "November 24, 2026".
    expect(all).toMatch(
      /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/,
    );
    expect(all).not.toMatch(/\b[A-Z][a-z]+ \d{1,2}, \d{4}\b/);
    for (const product of PRODUCTS) {
      const page = text.find((p) => p.replace(/\s+/g, "").includes(`/${product.slug}`))!;
      expect(page.match(/Shelf Life/g), product.name).toHaveLength(1);
    }
  });

  it("makes both PDFs tagged, with their language and their text in structure elements", async () => {
    for (const url of ["/catalogue.pdf", "/products/spices/turmeric-fingers/spec-sheet.pdf"]) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      const raw = Buffer.from(await response.arrayBuffer()).toString("latin1");
      expect(raw, url).toMatch(/^%PDF-1\.7/);
      expect(raw, url).toMatch(/\/MarkInfo \d+ 0 R/);
      expect(raw, url).toMatch(/\/Marked true/);
      expect(raw, url).toMatch(/\/Lang \(en\)/);
      expect(raw, url).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(raw, url).toMatch(/\/S \/Document/);
      expect(raw, url).toMatch(/\/S \/Sect/);
    }
  });
});
