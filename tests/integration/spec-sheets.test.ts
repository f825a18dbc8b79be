import { afterRefresh, noOtherInstances } from "../support/page-cache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache } from "~/features/page-cache/store.server";
import { pdfResponse } from "~/features/spec-sheets/pdf-response.server";
import { readPdfText } from "../support/pdf-text";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// Spec sheets and the catalogue as PDF (ADR 0024), read back with poppler's pdftotext (pdfjs-dist where it is missing).
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let garlicId: string;
let productId: string;

const HINDI_WORD = "लहसुन";
const EXPIRED_PRICE = {
  price_min: 380,
  price_max: 420,
  price_currency: "USD",
  price_unit: "MT",
  price_incoterm: "FOB",
};
const termsWith = (price: Record<string, unknown>) =>
  JSON.stringify({ hs_code: "0703.20.00", min_order_quantity: 25, min_order_unit: "MT", ...price });

const insertGarlic = (values: { name: string; slug: string; description?: string; trade_terms?: string }) =>
  insertProduct(t.db, {
    category_id: garlicId,
    specifications: JSON.stringify({ Variety: "Ooty", Organic: true }),
    ...values,
  });

/** The PDF's text (optionally only pages `first` to `last`). */
async function pdfText(response: Response, pages?: { first: number; last: number }): Promise<string> {
  return readPdfText(new Uint8Array(await response.arrayBuffer()), pages);
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cached = await createTestApp(t.db, t.dataDir, { pageCache: true });
  cookie = (await signedInAs(t.db, "admin")).cookie;
  garlicId = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
  productId = await insertGarlic({
    name: "Ooty Garlic",
    slug: "ooty-garlic",
    description: `Firm white bulbs from the Nilgiris (${HINDI_WORD}, प्याज़ नहीं).`,
    trade_terms: termsWith({ ...EXPIRED_PRICE, price_valid_until: "2020-01-31" }),
  });
  await insertGarlic({ name: "Peeled Garlic Cloves", slug: "peeled-garlic" });
});
afterAll(async () => {
  await t.cleanup();
});

describe(`PDF spec sheets on ${engineName}`, () => {
  it("makes an A4 sheet with the name, the HS code, Hindi text and no expired price", async () => {
    const response = await app.request("/products/garlic/ooty-garlic/spec-sheet.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="ooty-garlic-spec-sheet.pdf"');
    expect(Date.parse(response.headers.get("Expires")!)).toBeGreaterThan(Date.now());
    const text = await pdfText(response);
    expect(text).toContain("Ooty Garlic");
    expect(text).toContain("0703.20.00");
    expect(text).toContain("25 MT");
    expect(text).toContain(HINDI_WORD);
    expect(text).toContain("Yes"); // the boolean specification
    expect(text).not.toContain("USD 380");
    expect(text).toMatch(/Page 1 of \d/);
  });

  it("shows a price that is still valid", async () => {
    await t.db
      .updateTable("products")
      .set({ trade_terms: termsWith({ ...EXPIRED_PRICE, price_valid_until: "2999-12-31" }) })
      .where("id", "=", productId)
      .execute();
    const text = await pdfText(await app.request("/products/garlic/ooty-garlic/spec-sheet.pdf"));
    expect(text).toContain("USD 380–420 per MT, FOB");
  });

  it("answers the site's 404 page for an unknown product or category, and 301 to the bare address", async () => {
    for (const missing of ["/products/garlic/no-such-garlic/spec-sheet.pdf", "/products/nothing/x/spec-sheet.pdf"]) {
      const response = await app.request(missing);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain("Page Not Found");
    }
    const query = await app.request("/products/garlic/ooty-garlic/spec-sheet.pdf?v=2");
    expect(query.status).toBe(301);
    expect(query.headers.get("Location")).toBe("/products/garlic/ooty-garlic/spec-sheet.pdf");
  });

  it("makes the catalogue: cover, contents with page numbers, a page per product", async () => {
    const response = await app.request("/catalogue.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const contents = await pdfText(response.clone(), { first: 2, last: 2 });
    expect(contents).toContain("Contents");
    expect(contents).toContain("Ooty Garlic");
    expect(contents).toContain("Peeled Garlic Cloves");
    const text = await pdfText(response);
    expect(text).toContain("2 products in 1 category"); // the cover
    expect(text).toContain(HINDI_WORD);
    // Cover, contents, two products.
    expect(text).toContain("Page 4 of 4");
  });

  it("is cached with an ETag, and changes after an edit in the back office", async () => {
    const url = "/products/garlic/ooty-garlic/spec-sheet.pdf";
    const first = await cached.request(url);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const bytes = Buffer.from(await first.arrayBuffer());
    const again = await cached.request(url, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Content-Encoding")).toBeNull(); // a PDF is compressed inside already
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await cached.request(url, { headers: { "If-None-Match": etag! } })).status).toBe(304);

    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: "Ooty Garlic Premium",
      slug: "ooty-garlic",
      category_id: garlicId,
      description: "Now with a new description.",
    }))
      form.append(key, value);
    const saved = await cached.request(`/admin/manage-products/edit/${productId}`, { multipart: form, cookie });
    expect(saved.status).toBe(302);
    const after = await afterRefresh(cached.app.pageCache, () => cached.request(url));
    expect(after.headers.get("ETag")).not.toBe(etag);
    const text = await pdfText(after);
    expect(text).toContain("Ooty Garlic Premium");
    expect(text).toContain("Now with a new description.");
  });

  it("sends an old product address's sheet to the new one", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: "Ooty Garlic", slug: "nilgiri-garlic", category_id: garlicId }))
      form.append(key, value);
    expect((await app.request(`/admin/manage-products/edit/${productId}`, { multipart: form, cookie })).status).toBe(
      302,
    );
    const old = await app.request("/products/garlic/ooty-garlic/spec-sheet.pdf");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/products/garlic/nilgiri-garlic/spec-sheet.pdf");
  });
});

describe("page cache and Expires", () => {
  const response = (expires: Date) => ({
    response: new Response("%PDF-1.7 test", {
      headers: { "Content-Type": "application/pdf", Expires: expires.toUTCString() },
    }),
    shows: new Set<string>(),
  });

  it("keeps a response until its Expires time, then renders it again", async () => {
    const cache = new PageCache({ maxBytes: 1 << 20, changes: noOtherInstances });
    await cache.fill("/later.pdf", async () => response(new Date(Date.now() + 60_000)));
    expect(cache.lookup("/later.pdf")).toBeDefined();
    await cache.fill("/past.pdf", async () => response(new Date(Date.now() - 1000)));
    expect(cache.lookup("/past.pdf")).toBeUndefined();
    expect(cache.size.pages).toBe(1);
  });

  it("reads Expires against the server's clock, the one the PDF was made by, not the machine's", async () => {
    let clock = Date.parse("2031-05-10T23:59:00Z");
    const made = pdfResponse(
      { bytes: new Uint8Array([37, 80, 68, 70]), complete: true },
      { name: "sheet.pdf", fallback: "sheet.pdf" },
      new Date(clock),
    );
    expect(made.headers.get("Expires")).toBe("Sun, 11 May 2031 00:00:00 GMT");
    const cache = new PageCache({
      maxBytes: 1 << 20,
      changes: noOtherInstances,
      wallClock: () => clock,
    });
    await cache.fill("/sheet.pdf", async () => response(new Date(clock + 30_000)));
    expect(cache.lookup("/sheet.pdf")).toBeDefined();
    clock += 60_000;
    expect(cache.lookup("/sheet.pdf")).toBeUndefined();
  });
});
