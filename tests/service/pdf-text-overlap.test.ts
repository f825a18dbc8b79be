import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LANGUAGES } from "~/features/i18n/demo-languages";
import { makeQuotePdf } from "~/features/quotes/quote-pdf.server";
import { makeCataloguePdf } from "~/features/spec-sheets/catalogue-pdf.server";
import { makeSpecSheet } from "~/features/spec-sheets/spec-sheet.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { overlappingText, pdfReaderName, pdfTextBoxes } from "../support/pdf-text";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// Issue 40: no PDF prints text over other text (a Bengali amount once wrapped and "USD" was printed over its digits).
// Every word's box (poppler) or run's box (pdf.js) is compared with every other on its page. pdf.js ignores the
// ActualText that spells Arabic and Bengali runs and sees their drawn pieces, which overlap as letters and their marks
// do: with it, only numbers and Latin words are compared (what the amount's collision was made of).
let t: TestDatabase;
let services: Parameters<typeof makeCataloguePdf>[0];
const LANGUAGES: Language[] = [DEFAULT_LANGUAGE, ...DEMO_LANGUAGES];
const NUMBER_OR_LATIN = /^[\p{Nd}\p{Script=Latin}.,:;%+\-–/()&'’]+$/u;
const collisions = async (bytes: Uint8Array) => {
  const boxes = await pdfTextBoxes(bytes);
  return overlappingText(
    pdfReaderName() === "pdftotext" ? boxes : boxes.filter((box) => NUMBER_OR_LATIN.test(box.text.trim())),
  );
};
beforeAll(async () => {
  t = await createTestDatabase();
  const storage = createLocalStorage(path.join(t.dataDir, "storage"));
  await seedDemoIfEmpty(t.db, storage);
  services = { db: t.db, storage, config: { publicUrl: "https://www.gangaagroexports.example", port: 3000 } };
}, 120_000);
afterAll(() => t.cleanup());

/** Eight lines with long names, grades and amounts in the billions. */
const LINES = Array.from({ length: 8 }, (_, i) => ({
  product_name: `Nashik Red Onion, hand-graded export lot number ${i + 1} for the Gulf`,
  grade: "45–65 mm, double-sorted",
  packaging: "25 kg mesh bag, private label",
  quantity: String(12_345.678 + i),
  unit: i % 2 ? "MT" : "40 ft container",
  unit_price_minor: 98_765_432,
  line_total_minor: 1_219_325_670_123 + i,
}));

const QUOTE = {
  number: "Q-2026-0042",
  revision: 2,
  buyer_name: "Rahim Uddin Chowdhury",
  buyer_company: "Chattogram Fresh Produce Importers Ltd",
  buyer_country: "Bangladesh",
  currency: "USD",
  incoterm: "CIF",
  named_port: "Chattogram",
  payment_terms: "30% advance by TT, 70% against scanned documents",
  lead_time: "Within 14 days of the advance",
  valid_until: "2026-12-31",
  notes: "Prices hold for the quantities above.",
  total_minor: 9_754_605_361_012,
  sent_at: "2026-11-28T10:00:00.000Z",
  created_at: "2026-11-28T09:00:00.000Z",
};

describe(`PDF text never overlaps on ${engineName}, read with ${pdfReaderName()}`, () => {
  it.each(LANGUAGES)("a quote with 8 long lines and long amounts in %s", async (lang) => {
    const pdf = await makeQuotePdf(services, { ...QUOTE, lang }, LINES, "2026-11-28");
    expect(await collisions(pdf.bytes)).toEqual([]);
  });

  it.each(LANGUAGES)(
    "every spec sheet and the catalogue in %s",
    async (lang) => {
      const products = await t.db
        .selectFrom("products")
        .innerJoin("product_categories", "product_categories.id", "products.category_id")
        .select(["products.slug as product", "product_categories.slug as category"])
        .execute();
      const now = new Date("2026-11-28T12:00:00Z");
      for (const { category, product } of products) {
        const sheet = await makeSpecSheet(services, category, product, now, lang);
        expect(await collisions(sheet!.bytes), `${lang} ${product}`).toEqual([]);
      }
      const catalogue = await makeCataloguePdf(services, now, lang);
      expect(await collisions(catalogue.bytes), `${lang} catalogue`).toEqual([]);
    },
    120_000,
  );
});
