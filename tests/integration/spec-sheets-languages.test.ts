import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterRefresh } from "../support/page-cache";
import { pdfReaderName, readPdfText } from "../support/pdf-text";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { insertSettings } from "../support/settings";
import { disableLanguages, enableLanguages, insertTranslation } from "../support/translations";

// Spec sheets and the catalogue in Arabic and Bengali (issue 26): translated content, labels, right-to-left layout.
// Read back with poppler's pdftotext, which takes each Arabic run's ActualText and each Bengali line's; pdf.js ignores
// ActualText, so without poppler only what it can read is checked.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;
let garlicId: string;
let productId: string;
const poppler = pdfReaderName() === "pdftotext";

const AR_NAME = "ثوم أوتي الأبيض";
const BN_NAME = "উটি রসুন";
const SHEET = "/products/garlic/ooty-garlic/spec-sheet.pdf";
const AR_ADDRESS = "117/N/72، كاكاديو، كانبور 208025، الهند";

/** The text without the bidi marks poppler puts around right-to-left runs, spaces made single. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").replace(/[ \t]+/g, " ");

async function pdfText(response: Response, pages?: { first: number; last: number }) {
  return plain(await readPdfText(new Uint8Array(await response.arrayBuffer()), pages));
}

/** Each word pdftotext finds on page 1 and its left edge, in the order it reads them. */
function wordPositions(bytes: Uint8Array): Array<{ word: string; x: number; y: number }> {
  const html = execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", "-", "-"], { input: bytes, encoding: "utf8" });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
    word: m[3],
    x: Number(m[1]),
    y: Number(m[2]),
  }));
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cached = await createTestApp(t.db, t.dataDir, { pageCache: true });
  // The exporter's contact details, which the page shows (none is invented when missing, ADR 0035).
  await insertSettings(t.db);
  garlicId = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
  productId = await insertProduct(t.db, {
    category_id: garlicId,
    name: "Ooty Garlic",
    slug: "ooty-garlic",
    description: "Firm white bulbs from the Nilgiris.",
    specifications: JSON.stringify({ Variety: "Ooty", Organic: true }),
    trade_terms: JSON.stringify({
      hs_code: "0703.20.00",
      min_order_quantity: 25,
      min_order_unit: "MT",
      origin: "Nilgiris, Tamil Nadu",
    }),
  });
  await insertTranslation(t.db, "category", garlicId, "ar", { name: "الثوم", slug: "thawm" });
  await insertTranslation(
    t.db,
    "product",
    productId,
    "ar",
    {
      name: AR_NAME,
      slug: "thawm-ooty",
      // Latin words inside an Arabic sentence: JNPT comes first in reading order, so it sits right of Jebel Ali.
      description: "فصوص بيضاء متماسكة تُشحن من ميناء JNPT إلى ميناء Jebel Ali خلال أسبوعين.",
      "spec:Variety:value": "أوتي",
      "trade:origin": "نيلجيري في تاميل نادو",
    },
    garlicId,
  );
  await insertTranslation(
    t.db,
    "product",
    productId,
    "bn",
    { name: BN_NAME, slug: "উটি-রসুন", description: "নীলগিরির শক্ত সাদা রসুন, রপ্তানির জন্য প্যাক করা।" },
    garlicId,
  );
  await insertTranslation(t.db, "setting", "contact_address", "ar", { value: AR_ADDRESS });
  await enableLanguages(t.db, "ar", "bn");
});
afterAll(async () => {
  await t.cleanup();
});

describe(`PDFs in Arabic and Bengali on ${engineName}`, () => {
  it("makes the Arabic spec sheet with the translated name, labels and terms, numbers left to right", async () => {
    const response = await app.request(`/ar${SHEET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = plain(await readPdfText(bytes));
    expect(text).toContain("0703.20.00");
    // The minimum order in the page's words, as the Arabic product page says it (not "25 MT"); pdf.js reads no Arabic.
    const page = await (await app.request(encodeURI("/ar/products/thawm/thawm-ooty"))).text();
    expect(page).toContain("25 طنًا متريًا");
    expect(text).toContain("25");
    expect(text).not.toContain("25 MT");
    if (poppler) expect(text).toContain("طنًا متريًا"); // poppler reads the number and the words as two runs
    if (!poppler) return;
    expect(text).toContain(AR_NAME);
    expect(text).toContain("نشرة مواصفات المنتج"); // the header's label
    expect(text).toContain("المواصفات"); // Specifications
    expect(text).toContain("نيلجيري في تاميل نادو"); // the translated origin
    expect(text).toContain("الثوم"); // the translated category
    expect(text).not.toContain("Ooty Garlic");
    // Right to left: in the description line, JNPT (read first) is right of Jebel (read after it); the title and the
    // header's label end at the right margin, the website address (left to right) at the left one.
    const words = wordPositions(bytes);
    const jnpt = words.find((w) => w.word === "JNPT")!;
    const jebel = words.find((w) => w.word === "Jebel")!;
    expect(jnpt.x).toBeGreaterThan(jebel.x);
    const website = words.find((w) => w.word.startsWith("localhost") && w.y < 100);
    if (website) expect(website.x).toBeLessThan(200);
    const code = words.find((w) => w.word === "0703.20.00")!;
    expect(code.x).toBeLessThan(400); // the value column is on the left of its label
  });

  it("keeps codes and links left to right in an Arabic sheet", async () => {
    // Seen: the address's "117/N/72" printed as "N/72/117", and a link with an Arabic slug printed with the slug first.
    const id = await insertProduct(t.db, { category_id: garlicId, name: "Ooty Garlic Bulbs", slug: "ooty-bulbs" });
    await insertTranslation(t.db, "product", id, "ar", { name: "ثوم أوتي", slug: "ثوم-أوتي" }, garlicId);
    const response = await app.request(encodeURI("/ar/products/thawm/ثوم-أوتي/spec-sheet.pdf"));
    expect(response.status).toBe(200);
    const text = await pdfText(response);
    expect(text).toContain("117/N/72");
    expect(text).toContain("/ar/products/thawm/");
  });

  it("answers the Arabic sheet at its translated slugs and at the English ones", async () => {
    const translated = await app.request("/ar/products/thawm/thawm-ooty/spec-sheet.pdf");
    expect(translated.status).toBe(200);
    if (poppler) expect(await pdfText(translated)).toContain(AR_NAME);
    expect((await app.request(`/ar${SHEET}`)).status).toBe(200);
  });

  it("saves a sheet under the product's slug in the page's language, the English slug for older clients", async () => {
    const bengali = await app.request(encodeURI("/bn/products/garlic/উটি-রসুন/spec-sheet.pdf"));
    expect(bengali.status).toBe(200);
    expect(bengali.headers.get("Content-Disposition")).toBe(
      `inline; filename="ooty-garlic-spec-sheet.pdf"; filename*=UTF-8''${encodeURIComponent("উটি-রসুন")}-spec-sheet.pdf`,
    );
    const arabic = await app.request("/ar/products/thawm/thawm-ooty/spec-sheet.pdf");
    expect(arabic.headers.get("Content-Disposition")).toBe(
      `inline; filename="ooty-garlic-spec-sheet.pdf"; filename*=UTF-8''thawm-ooty-spec-sheet.pdf`,
    );
    const english = await app.request(SHEET);
    expect(english.headers.get("Content-Disposition")).toBe('inline; filename="ooty-garlic-spec-sheet.pdf"');
  });

  it("makes the Bengali spec sheet, its text in logical order", async () => {
    const response = await app.request(`/bn${SHEET}`);
    expect(response.status).toBe(200);
    const text = await pdfText(response);
    expect(text).toContain("0703.20.00");
    if (!poppler) return;
    expect(text).toContain(BN_NAME);
    // Pre-base vowel signs and conjuncts read in the order typed, not as drawn.
    expect(text).toContain("নীলগিরির শক্ত সাদা রসুন, রপ্তানির জন্য প্যাক করা।");
    expect(text).toContain("বাণিজ্যিক শর্তাবলি"); // Trade Terms
    expect(text).toContain("হ্যাঁ"); // the boolean specification
    // Untranslated fields stay English.
    expect(text).toContain("Nilgiris, Tamil Nadu");
  });

  it("makes the catalogue in Arabic", async () => {
    const response = await app.request("/ar/catalogue.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(response);
    expect(text).toContain("0703.20.00");
    if (!poppler) return;
    expect(text).toContain("المحتويات"); // Contents
    expect(text).toContain(AR_NAME);
    expect(text).toContain("كتالوج المنتجات");
  });

  it("answers the site's 404 page in a language that is not enabled, or for an unknown product", async () => {
    await disableLanguages(t.db, "bn");
    try {
      for (const path of [`/bn${SHEET}`, `/fr${SHEET}`, "/ar/products/garlic/no-such/spec-sheet.pdf"]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      }
      expect((await app.request("/fr/catalogue.pdf")).status).toBe(404);
      expect((await app.request("/bn/catalogue.pdf")).status).toBe(404);
    } finally {
      await enableLanguages(t.db, "bn");
    }
  });

  it("keeps the Arabic sheet in the page cache apart from the English one, and drops it when the product changes", async () => {
    const english = await cached.request(SHEET);
    const arabic = await cached.request(`/ar${SHEET}`);
    expect(arabic.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
    expect(arabic.headers.get("ETag")).not.toBe(english.headers.get("ETag"));
    const { cookie } = await signedInAs(t.db, "admin");
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: "Ooty Garlic",
      slug: "ooty-garlic",
      category_id: garlicId,
      description: "Firm white bulbs from the Nilgiris.",
      // Not translated: the Arabic sheet shows it in English, so it changes too.
      export_info: "Shipped within 10 days of order.",
    }))
      form.append(key, value);
    expect((await cached.request(`/admin/manage-products/edit/${productId}`, { multipart: form, cookie })).status).toBe(
      302,
    );
    const after = await afterRefresh(cached.app.pageCache, () => cached.request(`/ar${SHEET}`));
    expect(after.headers.get("ETag")).not.toBe(arabic.headers.get("ETag"));
  });
});
