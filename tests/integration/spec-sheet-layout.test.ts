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

// Issue 23: a spec sheet never ends on an almost blank page (the contact panel alone under the continuation band),
// with none, three or the demo's eight certificates, whatever the length of the product's trade terms.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;

// The demo's Fresh Lemon: each test product has the first n of these trade terms, so its tables end at every height.
const TERMS: Array<[string, unknown]> = [
  ["hs_code", "0805.50.00"],
  ["min_order_quantity", 1],
  ["min_order_unit", "20 ft container"],
  ["container_20ft_mt", 12],
  ["container_40ft_mt", 24],
  ["container_type", "reefer"],
  ["supply_capacity", 150],
  ["supply_capacity_unit", "MT"],
  ["grades", ["40–45 mm", "45–55 mm"]],
  ["packaging", ["5 kg carton", "10 kg carton"]],
  ["ports_of_loading", ["Nhava Sheva (JNPT)"]],
  ["incoterms", ["FOB", "CFR", "CIF"]],
  ["payment_terms", ["30% advance T/T, balance against scanned documents", "L/C at sight", "CAD"]],
  ["lead_time_days", 7],
  ["shelf_life", "4 weeks at 8–10 °C"],
  ["origin", "Andhra Pradesh, Gujarat"],
];
const SPECIFICATIONS = { Variety: "Kagzi", Size: "40–55 mm", "Juice Content": "45 %+", Waxed: false };
// What only the product's own blocks print (a table's label, a certificate's name): a page holding none of these
// holds nothing but the continuation band, the contact panel and the footer.
const CONTENT = [
  ...Object.keys(SPECIFICATIONS),
  ...["HS Code", "Minimum Order", "Supply Capacity", "Grades / Sizes", "Packaging", "Container Load"],
  ...["Port of Loading", "Incoterms", "Payment Terms", "Lead Time", "Shelf Life", "Origin"],
  ...EIGHT_CERTIFICATES.map(([name]) => name),
];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  const categoryId = await insertCategory(t.db, { name: "Fresh Vegetables", slug: "fresh-vegetables" });
  for (let n = 0; n <= TERMS.length; n++)
    await insertProduct(t.db, {
      category_id: categoryId,
      name: `Fresh Lemon ${n}`,
      slug: `lemon-${n}`,
      description: "Juicy Indian lemons (Kagzi) with thin rind and high juice content, waxed on request.",
      specifications: JSON.stringify(SPECIFICATIONS),
      trade_terms: JSON.stringify({ ...Object.fromEntries(TERMS.slice(0, n)), availability_months: [3, 4, 5, 6] }),
      export_info: "Cartons of 5 and 10 kg.",
    });
});
afterAll(async () => {
  await t.cleanup();
});

async function keepCertificates(count: number) {
  await t.db.deleteFrom("certificates").execute();
  await insertCertificates(t.db, EIGHT_CERTIFICATES.slice(0, count));
}

/** The text of each page of a product's spec sheet, in order. */
async function sheetPages(slug: string): Promise<string[]> {
  const response = await app.request(`/products/fresh-vegetables/${slug}/spec-sheet.pdf`);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (process.env.SAVE_PDF) (await import("node:fs")).writeFileSync(`${process.env.SAVE_PDF}/${slug}.pdf`, bytes);
  return (await readPdfText(bytes)).replace(/\f$/, "").split("\f");
}

describe(`spec sheet layout on ${engineName}`, () => {
  for (const certificates of [8, 3, 0])
    it(`never ends on a page with only the contact panel, with ${certificates} certificates`, async () => {
      await keepCertificates(certificates);
      const counts: number[] = [];
      for (let n = 0; n <= TERMS.length; n++) {
        const pages = await sheetPages(`lemon-${n}`);
        counts.push(pages.length);
        pages.forEach((page, i) => {
          expect(page, `lemon-${n}, page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
          const lines = page.split("\n").map((line) => line.trim());
          expect(
            CONTENT.some((label) => lines.includes(label)),
            `lemon-${n}, page ${i + 1} holds a table row or a certificate`,
          ).toBe(true);
        });
        expect(pages.at(-1), `lemon-${n}`).toContain(`Enquire about Fresh Lemon ${n}`);
      }
      // The shortest sheet fits one page without certificates; the longest takes two with them.
      if (certificates === 0) expect(counts[0]).toBe(1);
      if (certificates === 8) expect(counts.at(-1)).toBe(2);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    });
});
