import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPEC_CSV_COLUMNS } from "~/features/catalogue/csv/columns";
import { exportProductsCsv } from "~/features/catalogue/csv/export.server";
import { parseProductsCsv } from "~/features/catalogue/csv/parse";
import { planImport } from "~/features/catalogue/csv/plan-import.server";
import { applyImport } from "~/features/catalogue/csv/write.server";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { TRADE_TERM_FIELDS } from "~/features/catalogue/trade-terms/vocabulary";
import { addDays, utcDate } from "~/lib/time";
import { insertSettings } from "../support/settings";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  testActor,
  type TestDatabase,
} from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cookie = (await signedInAs(t.db, "admin")).cookie;
  // The exporter's contact details, the Organization's contactPoint (none is invented when missing, ADR 0035).
  await insertSettings(t.db);
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  return app.request(path, { multipart: form, cookie });
};
const product = (slug: string) => t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
const inDays = (days: number) => addDays(utcDate(Date.now()), days);

const insertTermsProduct = (slug: string, tradeTerms: object) =>
  insertProduct(t.db, {
    name: `Product ${slug}`,
    slug,
    category_id: onions,
    description: "Deep red onions.",
    specifications: '{"Size":"55 mm+"}',
    trade_terms: JSON.stringify(tradeTerms),
  });

/** The page's schema.org Product. */
function productJsonLd(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
  return blocks.find((b) => b["@type"] === "Product");
}

const VALID_FORM = {
  name: "Nashik Red Onion",
  slug: "nashik-red-onion",
  hs_code: "0703.10.10",
  min_order_quantity: "1",
  min_order_unit: "40 ft container",
  supply_capacity: "1,500",
  supply_capacity_unit: "MT",
  grades: ["45–65 mm", "", "55 mm+"],
  packaging: ["25 kg mesh bag"],
  container_20ft_mt: "14",
  container_40ft_mt: "29",
  container_type: "reefer",
  ports_of_loading: ["Nhava Sheva (JNPT)", "Mundra"],
  incoterms: ["FOB", "CIF"],
  payment_terms: ["L/C at sight", "CAD"],
  lead_time_days: "7",
  shelf_life: "60 days at 0–2 °C",
  origin: "Maharashtra (Nashik)",
  availability_months: ["1", "2", "11", "12"],
  price_min: "330",
  price_max: "380",
  price_currency: "USD",
  price_unit: "MT",
  price_incoterm: "FOB",
};

describe(`export terms in the product form on ${engineName}`, () => {
  it("refuses terms that break the rules, with a message on each field, and writes nothing", async () => {
    const response = await post("/admin/manage-products/add", {
      ...VALID_FORM,
      category_id: onions,
      slug: "refused-onion",
      hs_code: "07.03",
      min_order_quantity: "-5",
      lead_time_days: "4.5",
      availability_months: ["13"],
      incoterms: ["FOB", "XYZ"],
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("HS Code must have 6 to 10 digits; dots are allowed (e.g. 0703.10.19).");
    expect(html).toContain("Minimum Order must be more than 0.");
    expect(html).toContain("Lead Time must be a whole number of days.");
    expect(html).toContain("Availability months must be 1 to 12 (or January to December).");
    expect(html).toContain("Incoterms must be among EXW, FCA, FAS, FOB, CFR, CIF, CPT, CIP, DAP, DPU, DDP.");
    // What was typed stays in the form.
    expect(html).toContain('value="07.03"');
    expect(await product("refused-onion")).toBeUndefined();

    const incomplete = await post("/admin/manage-products/add", {
      ...VALID_FORM,
      category_id: onions,
      slug: "refused-price",
      price_currency: "",
      price_max: "300",
    });
    expect(incomplete.status).toBe(400);
    const text = await incomplete.text();
    expect(text).toContain("Choose the price&#x27;s currency.");
    expect(text).toContain("Price (max) must not be less than price (min).");
    expect(await product("refused-price")).toBeUndefined();
  });

  it("stores typed terms; the product page shows Trade Terms, Availability and the price; the card the minimum order", async () => {
    const validUntil = inDays(30);
    const saved = await post("/admin/manage-products/add", {
      ...VALID_FORM,
      category_id: onions,
      price_valid_until: validUntil,
    });
    expect(saved.status).toBe(302);
    const terms = parseTradeTerms((await product("nashik-red-onion"))!.trade_terms);
    expect(terms).toMatchObject({
      hs_code: "0703.10.10",
      min_order_quantity: 1,
      min_order_unit: "40 ft container",
      supply_capacity: 1500,
      grades: ["45–65 mm", "55 mm+"],
      incoterms: ["FOB", "CIF"],
      availability_months: [1, 2, 11, 12],
      price_valid_until: validUntil,
    });

    const html = await (await app.request("/products/onions/nashik-red-onion")).text();
    for (const label of [
      "Trade Terms",
      "HS Code",
      "Minimum Order",
      "Supply Capacity",
      "Grades / Sizes",
      "Packaging",
      "Container Load",
      "Port of Loading",
      "Incoterms",
      "Payment Terms",
      "Lead Time",
      "Shelf Life",
      "Origin",
      "Availability",
    ])
      expect(html).toContain(`>${label}<`);
    expect(html).toContain("1 × 40 ft container");
    expect(html).toContain("1,500 MT per month");
    expect(html).toContain("20 ft: 14 MT, 40 ft: 29 MT (reefer)");
    expect(html).toContain("USD 330–380 per MT, FOB");
    expect(html).toContain("January: available");
    expect(html).toContain("March: not available");

    const ld = productJsonLd(html);
    expect(ld.additionalProperty).toEqual(
      expect.arrayContaining([
        { "@type": "PropertyValue", name: "HS Code", value: "0703.10.10", propertyID: "HS" },
        { "@type": "PropertyValue", name: "Incoterms", value: "FOB, CIF" },
      ]),
    );
    expect(ld.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: 330,
      highPrice: 380,
      priceCurrency: "USD",
      priceValidUntil: validUntil,
      eligibleQuantity: { minValue: 1, unitText: "40 ft container" },
    });
    expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|PreOrder)$/);
    expect(ld.manufacturer).toMatchObject({ "@type": "Organization", contactPoint: expect.any(Array) });

    const category = await (await app.request("/products/onions")).text();
    expect(category).toMatch(/Minimum Order:<\/span> (<!-- -->)?1 × 40 ft container/);

    // The edit form shows the saved terms in their inputs.
    const edit = await (
      await app.request(`/admin/manage-products/edit/${(await product("nashik-red-onion"))!.id}`, { cookie })
    ).text();
    expect(edit).toContain('value="0703.10.10"');
    expect(edit).toContain('value="Nhava Sheva (JNPT)"');
  });

  it("never shows or offers an expired price, and shows no section for a product without terms", async () => {
    await insertTermsProduct("expired-price", {
      hs_code: "0703.10.10",
      price_min: 300,
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
      price_valid_until: inDays(-1),
    });
    const expired = await (await app.request("/products/onions/expired-price")).text();
    expect(expired).toContain(">HS Code<");
    expect(expired).not.toContain("USD 300");
    expect(productJsonLd(expired).offers).toBeUndefined();

    await insertTermsProduct("valid-today", {
      price_min: 300,
      price_currency: "EUR",
      price_unit: "kg",
      price_incoterm: "CIF",
      price_valid_until: utcDate(Date.now()),
    });
    const today = await (await app.request("/products/onions/valid-today")).text();
    expect(today).toContain("EUR 300 per kg, CIF");
    expect(productJsonLd(today).offers).toMatchObject({ lowPrice: 300, highPrice: 300, priceCurrency: "EUR" });

    await insertTermsProduct("no-terms", {});
    const bare = await (await app.request("/products/onions/no-terms")).text();
    expect(bare).not.toContain(">Trade Terms<");
    expect(bare).not.toContain("Minimum Order");
    expect(productJsonLd(bare).offers).toBeUndefined();
  });
});

describe(`export terms in the catalogue CSV on ${engineName}`, () => {
  const nine: string[] = [...SPEC_CSV_COLUMNS];

  it("exports one column per term and imports them back unchanged", async () => {
    await insertTermsProduct("round-trip", {
      hs_code: "0703.10.19",
      min_order_quantity: 25,
      min_order_unit: "MT",
      grades: ["40–55 mm", 'with "quotes", commas'],
      ports_of_loading: ["Mundra"],
      incoterms: ["EXW", "DDP"],
      availability_months: [3, 4],
      lead_time_days: 0,
      price_min: 1.5,
      price_currency: "USD",
      price_unit: "kg",
      price_incoterm: "FCA",
      price_valid_until: "2031-12-31",
    });
    const before = (await product("round-trip"))!.trade_terms;
    const exported = await exportProductsCsv(t.db);
    const [header, ...rows] = Papa.parse<string[]>(exported, { skipEmptyLines: true }).data;
    expect(header).toEqual([...nine, "status", ...TRADE_TERM_FIELDS]);
    const row = rows.find((r) => r[1] === "round-trip")!;
    expect(row[header.indexOf("grades")]).toBe('["40–55 mm","with \\"quotes\\", commas"]');
    expect(row[header.indexOf("availability_months")]).toBe("[3,4]");

    await t.db.updateTable("products").set({ trade_terms: "{}" }).where("slug", "=", "round-trip").execute();
    const parsed = parseProductsCsv(exported);
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    expect(plan.warnings).toEqual([]);
    expect(plan.missingColumns).toEqual([]);
    expect(plan.unknownColumns).toEqual([]);
    await applyImport(t.db, testActor, plan);
    expect(parseTradeTerms((await product("round-trip"))!.trade_terms)).toEqual(parseTradeTerms(before));
  });

  it("imports a file with only the spec's nine columns as before: new products have no terms, updated ones keep theirs", async () => {
    await insertTermsProduct("keeps-terms", { hs_code: "0703.20.00", origin: "Gujarat" });
    const kept = (await product("keeps-terms"))!.trade_terms;
    const text = Papa.unparse(
      [
        nine,
        ["Product keeps-terms", "keeps-terms", "onions", "Updated", "", "", "false", "", ""],
        ["Plain New", "plain-new", "onions", "", "", "", "", "", ""],
      ],
      { newline: "\r\n" },
    );
    const parsed = parseProductsCsv(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    expect(plan.missingColumns).toEqual([]);
    expect(plan.warnings).toEqual([]);
    expect(await applyImport(t.db, testActor, plan)).toBe(2);
    expect(await product("keeps-terms")).toMatchObject({ description: "Updated", trade_terms: kept });
    expect((await product("plain-new"))!.trade_terms).toBe("{}");
  });

  it("leaves out, with a warning per row, a cell that breaks the form's rules, and the parts that cannot stand alone", async () => {
    await insertTermsProduct("warned", { hs_code: "0703.10.10", origin: "Nashik" });
    const header = [
      "name",
      "slug",
      "category_slug",
      "hs_code",
      "min_order_quantity",
      "incoterms",
      "grades",
      "price_min",
      "price_currency",
      "availability_months",
    ];
    const text = Papa.unparse(
      [
        header,
        [
          "Product warned",
          "warned",
          "onions",
          "12",
          "20",
          '["FOB","ABC"]',
          '["unclosed"',
          "100",
          "USD",
          "Jan; Feb; 12",
        ],
        ["Semicolons", "semicolons", "onions", "0703.10.10", "", "FOB; CIF", "40–55 mm; 55 mm+", "", "", ""],
      ],
      { newline: "\r\n" },
    );
    const parsed = parseProductsCsv(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    const messages = plan.warnings.filter((w) => w.line === 2).map((w) => w.message);
    expect(messages).toEqual([
      'hs_code "12": HS Code must have 6 to 10 digits; dots are allowed (e.g. 0703.10.19). Left as it was.',
      'grades is not a JSON list such as ["a", "b"]; it is left as it was.',
      'incoterms "["FOB","ABC"]": Incoterms must be among EXW, FCA, FAS, FOB, CFR, CIF, CPT, CIP, DAP, DPU, DDP. Left as it was.',
      "min_order_quantity has no min_order_unit; the minimum order is left out.",
      "the indicative price needs price_currency, price_unit and price_incoterm; it is left out.",
    ]);
    await applyImport(t.db, testActor, plan);
    const warned = parseTradeTerms((await product("warned"))!.trade_terms);
    expect(warned).toMatchObject({
      hs_code: "0703.10.10",
      origin: "Nashik",
      min_order_quantity: null,
      price_min: null,
    });
    expect(warned.availability_months).toEqual([1, 2, 12]);
    expect(parseTradeTerms((await product("semicolons"))!.trade_terms)).toMatchObject({
      incoterms: ["FOB", "CIF"],
      grades: ["40–55 mm", "55 mm+"],
    });
  });
});
