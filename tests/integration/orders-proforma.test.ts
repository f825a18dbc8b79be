import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_TRADE_TERMS } from "~/features/catalogue/trade-terms/vocabulary";
import { serializeTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { insertSetting } from "../support/builders";
import { overlappingText, pdfTextBoxes, readPdfText } from "../support/pdf-text";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  insertQuote,
  type TestDatabase,
} from "../support/test-db";

// The proforma invoice of an order (issue 44): the exporter's registrations and bank details set in Site Settings,
// the order made from an accepted quote, and the PDF downloaded from the order's page and read back.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

const IEC = "AABCG1234F";
const APEDA = "RCMC/APEDA/01234/2025-26";
const BANK =
  "State Bank of India, Kanpur Main Branch\nA/c name: Ganga Agro Exports\nA/c no. 12345678901\nSWIFT: SBININBB123";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  ({ cookie } = await signedInAs(t.db, "admin"));
  await insertSetting(t.db, "contact_address", "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India");
});
afterAll(() => t?.cleanup());

/** What a PDF or page says, with money's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe(`the proforma invoice on ${engineName}`, () => {
  it("keeps the export documents' settings from the Site Settings screen, and off the public pages", async () => {
    const screen = await (await app.request("/admin/site-settings", { cookie })).text();
    expect(screen).toContain(">Export documents</h2>");
    for (const label of ["IEC number", "APEDA registration", "Bank details"])
      expect(screen, label).toMatch(new RegExp(`<label[^>]*>${label}`));

    const refused = await app.request("/admin/site-settings", {
      cookie,
      form: { intent: "save", "value:new:iec_number": "AABCG-12", "original:new:iec_number": "" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Use the 10-character Importer-Exporter Code");

    const saved = await app.request("/admin/site-settings", {
      cookie,
      form: {
        intent: "save",
        "value:new:iec_number": "aabcg 1234f",
        "original:new:iec_number": "",
        "value:new:apeda_registration": APEDA,
        "original:new:apeda_registration": "",
        "value:new:bank_details": BANK,
        "original:new:bank_details": "",
      },
    });
    expect(saved.status).toBe(302);
    const stored = await t.db
      .selectFrom("site_settings")
      .select(["setting_key", "setting_value"])
      .where("setting_key", "in", ["iec_number", "apeda_registration", "bank_details"])
      .orderBy("setting_key")
      .execute();
    expect(stored.map((row) => [row.setting_key, row.setting_value])).toEqual([
      ["apeda_registration", APEDA],
      ["bank_details", BANK],
      ["iec_number", IEC],
    ]);
    // Never on a public page, nor in the data its scripts read.
    for (const path of ["/", "/contact-us", "/_root.data", "/contact-us.data"]) {
      const body = await (await app.request(path)).text();
      for (const secret of [IEC, "RCMC", "12345678901", "SBININBB123"])
        expect(body, `${path}: ${secret}`).not.toContain(secret);
    }
  });

  it("prints the order with the exporter's registrations, the HS codes, the Incoterm, the terms and the bank details", async () => {
    const category = await insertCategory(t.db, { name: "Onions", slug: "onions" });
    const onion = await insertProduct(t.db, {
      name: "Nashik Red Onion",
      slug: "nashik-red-onion",
      category_id: category,
      trade_terms: serializeTradeTerms({ ...EMPTY_TRADE_TERMS, hs_code: "0703.10" }),
    });
    const quote = await insertQuote(
      t.db,
      {
        number: "Q-2026-0202",
        status: "accepted",
        buyer_name: "Ahmed Al Mansouri",
        buyer_company: "Gulf Fresh LLC",
        buyer_country: "United Arab Emirates",
        incoterm: "CFR",
        named_port: "Jebel Ali",
      },
      [
        {
          product_id: onion,
          product_name: "Nashik Red Onion",
          grade: "55 mm+",
          packaging: "25 kg mesh bag",
          quantity: "29",
          unit: "MT",
          unit_price_minor: 38_500,
        },
      ],
    );
    const created = await app.request(`/admin/quotes/${quote}`, { cookie, form: { intent: "create-order" } });
    expect(created.status).toBe(302);
    const orderPath = created.headers.get("Location")!;
    const terms = await app.request(orderPath, {
      cookie,
      form: {
        intent: "terms",
        version: "1",
        advance_percent: "30",
        advance_due_date: "2026-01-10",
        balance_terms: "cad",
      },
    });
    expect(terms.status).toBe(302);

    const page = await (await app.request(orderPath, { cookie })).text();
    expect(page).toContain(`href="${orderPath}/proforma.pdf"`);
    expect(page).toContain("Proforma Invoice");

    const response = await app.request(`${orderPath}/proforma.pdf`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline; filename="Proforma-SO-\d{4}-0001\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = plain(await readPdfText(bytes));
    expect(text).toMatch(/Proforma Invoice SO-\d{4}-0001/);
    for (const said of [
      "0703.10",
      "Nashik Red Onion",
      "Grade: 55 mm+",
      "USD 11,165.00",
      `IEC: ${IEC}`,
      `APEDA RCMC: ${APEDA}`,
      "Kanpur",
      "Gulf Fresh LLC",
      "Q-2026-0202 v1",
      "Incoterms® 2020: CFR Jebel Ali",
      "30% advance (USD 3,349.50) by 10 Jan 2026; balance cash against documents (CAD)",
      "A/c no. 12345678901",
      "SWIFT: SBININBB123",
    ])
      expect(text, said).toContain(said);
    expect(overlappingText(await pdfTextBoxes(bytes))).toEqual([]);
  });

  it("answers 404 for an order that does not exist", async () => {
    expect((await app.request("/admin/orders/no-such-order/proforma.pdf", { cookie })).status).toBe(404);
  });
});
