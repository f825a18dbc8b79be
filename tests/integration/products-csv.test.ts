import Papa from "papaparse";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CHANGED, DRAFT_GONE } from "~/features/catalogue/csv/drafts.server";
import { exportProductsCsv } from "~/features/catalogue/csv/export.server";
import { NOT_CSV } from "~/features/catalogue/csv/limits";
import { parseProductsCsv } from "~/features/catalogue/csv/parse";
import { planImport } from "~/features/catalogue/csv/plan-import.server";
import { applyImport } from "~/features/catalogue/csv/write.server";
import { TRADE_TERM_FIELDS } from "~/features/catalogue/trade-terms/vocabulary";
import { visibleText } from "../support/page-text";
import { importFormOf, PRODUCT_IMPORT } from "../support/product-import";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import {
  engineName,
  insertCategory,
  insertProduct,
  insertProducts,
  testActor,
  type TestDatabase,
  usingPostgres,
} from "../support/test-db";
import { flashOf } from "../support/flash";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let garlic: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  garlic = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | File | Array<string | File>>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  return app.request(path, { multipart: form, cookie });
};
const product = (slug: string) => t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();

describe(`CSV export and import on ${engineName}`, () => {
  const csv = (rows: string[][]) => Papa.unparse(rows, { newline: "\r\n" });
  const csvFile = (content: string | Uint8Array<ArrayBuffer>, name = "products.csv") =>
    new File([content], name, { type: "text/csv" });
  const previewCsv = (file: File) => post(PRODUCT_IMPORT, { intent: "preview", file });
  const importPreviewed = (html: string, as = cookie) =>
    app.request(PRODUCT_IMPORT, { form: importFormOf(html), cookie: as });

  it("exports the spec's columns with formula cells neutralised, as a dated download", async () => {
    await insertProduct(t.db, {
      name: '=HYPERLINK("http://evil")',
      slug: "formula",
      category_id: onions,
      description: "+1 line\nsecond, with comma",
      specifications: '{"Size":"-5 mm","Ok":true}',
      export_info: "@admin\ttab",
    });
    const response = await app.request("/admin/manage-products/export", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="products-export-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, row] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual([
      "name",
      "slug",
      "category_slug",
      "description",
      "specifications",
      "export_info",
      "is_featured",
      "image_url",
      "gallery_images",
      "status",
      ...TRADE_TERM_FIELDS,
    ]);
    expect(row[0]).toBe('\'=HYPERLINK("http://evil")');
    expect(row[3]).toBe("'+1 line\nsecond, with comma");
    expect(row[5]).toBe("'@admin\ttab");
    expect(row[4]).toBe('{"Size":"-5 mm","Ok":true}');
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("sends the export in pieces with the same bytes as one query over the whole catalogue would give", async () => {
    // Equal names (ordered by slug), drafts, and more products than one piece holds, in two categories.
    const shallots = await insertCategory(t.db, { name: "Shallots", slug: "a-shallots" });
    await insertProducts(t.db, [
      ...["b", "a", "c", "e", "d"].map((s) => ({
        name: "Same Name",
        slug: `same-${s}`,
        category_id: onions,
        status: "published" as const,
      })),
      ...Array.from({ length: 7 }, (_, i) => ({
        name: `Shallot ${7 - i}`,
        slug: `shallot-${i}`,
        category_id: shallots,
        status: i % 3 ? ("published" as const) : ("draft" as const),
      })),
    ]);
    // What the export sent before it streamed (issue 42): every row from one query, unparsed at once.
    const rows = await t.db
      .selectFrom("products")
      .innerJoin("product_categories as c", "c.id", "products.category_id")
      .select(["products.name", "products.slug", "c.slug as category_slug", "products.status"])
      .selectAll("products")
      .orderBy("c.slug")
      .orderBy("products.name")
      .orderBy("products.slug")
      .execute();
    const whole = await exportProductsCsv(t.db);
    const parsed = Papa.parse<string[]>(whole).data;
    expect(parsed.slice(1).map((r) => [r[1], r[2], r[9]])).toEqual(
      rows.map((r) => [r.slug, r.category_slug, r.status === "published" ? "Published" : "Draft"]),
    );
    for (const rowsPerQuery of [1, 2, 3, 1000]) expect(await exportProductsCsv(t.db, rowsPerQuery)).toBe(whole);
    const response = await app.request("/admin/manage-products/export", { cookie });
    const sent = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(sent).toBe(`\uFEFF${whole}`);
  });

  it("round-trips: an export imported into an empty catalogue gives back the same products", async () => {
    await insertProduct(t.db, {
      name: "Garlic Ooty",
      slug: "garlic-ooty",
      category_id: garlic,
      image_url: "/media/application-assets/public/products/x/product-abcdefgh.jpg",
      gallery_images: '["/media/application-assets/public/products/x/gallery/gallery-abcdefgh.jpg"]',
      specifications: '{"Zeta":"z","Alpha":false}',
      export_info: "Cartons",
      trade_terms:
        '{"hs_code":"0703.20.00","min_order_quantity":1,"min_order_unit":"40 ft container","grades":["40–45 mm","45 mm+"],"incoterms":["FOB","CIF"],"availability_months":[1,2,12],"price_min":1150,"price_max":1300,"price_currency":"USD","price_unit":"MT","price_incoterm":"FOB","price_valid_until":"2031-01-31"}',
      is_featured: 1,
    });
    const fields = [
      "name",
      "slug",
      "category_id",
      "description",
      "image_url",
      "gallery_images",
      "specifications",
      "export_info",
      "is_featured",
      "trade_terms",
    ] as const;
    const snapshot = async () =>
      (
        await t.db
          .selectFrom("products")
          .select([...fields])
          .orderBy("slug")
          .execute()
      ).map((r) => ({ ...r }));
    const before = await snapshot();
    const exported = await exportProductsCsv(t.db);
    await t.db.deleteFrom("products").execute();
    const parsed = parseProductsCsv(exported);
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    expect(plan.skipped).toEqual([]);
    expect(await applyImport(t.db, testActor, plan)).toBe(before.length);
    expect(await snapshot()).toEqual(before);
  });

  it("previews adds, updates and skips with reasons, then imports in one go", async () => {
    const text = csv([
      [
        "name",
        "slug",
        "category_slug",
        "description",
        "specifications",
        "export_info",
        "is_featured",
        "image_url",
        "gallery_images",
      ],
      ["White Onion", "", "onions", "New", '{"Size":"60 mm"}', "", "true", "", ""],
      ["Garlic Ooty", "garlic-ooty", "garlic", "Updated text", "not json", "", "TRUE", "javascript:alert(1)", "[]"],
      ["", "nameless", "onions", "", "", "", "", "", ""],
      ["Lost", "lost", "no-such-category", "", "", "", "", "", ""],
      ["White Onion", "white-onion", "onions", "Duplicate", "", "", "", "", ""],
    ]);
    const before = (await product("garlic-ooty"))!;
    const preview = await previewCsv(csvFile(text));
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/>1<\/span> to add/);
    expect(html).toMatch(/>1<\/span> to update/);
    expect(html).toMatch(/>3<\/span> to skip/);
    expect(html).toContain("No name.");
    expect(html).toContain("No category named &quot;no-such-category&quot;. The categories are: ");
    expect(html).toContain("Same category and slug as line 2.");
    expect(visibleText(html)).toContain("Garlic Line 3: Garlic Ooty");
    expect(await product("white-onion")).toBeUndefined();

    const done = await importPreviewed(html);
    expect(done.status).toBe(302);
    expect(flashOf(done)).toMatchObject({ title: "Import Successful", description: "2 products imported." });
    expect(await product("white-onion")).toMatchObject({
      description: "New",
      is_featured: 1,
      specifications: '{"Size":"60 mm"}',
    });
    // 'TRUE' as a spreadsheet writes it is true (issue 41, over spec §5's exact 'true'); an unsafe image address
    // keeps the current image; "[]" asks for no gallery.
    expect(await product("garlic-ooty")).toMatchObject({
      description: "Updated text",
      specifications: "{}",
      image_url: before.image_url,
      gallery_images: "[]",
      is_featured: 1,
    });
  });

  it("names every product it will update, and keeps an updated product's pictures when their cells are blank or their columns absent", async () => {
    const pictures = {
      image_url: "/media/application-assets/public/products/bellary/product-aaaaaaaa.jpg",
      gallery_images: '["/media/application-assets/public/products/bellary/gallery/gallery-aaaaaaaa.jpg"]',
    };
    await insertProducts(t.db, [
      {
        name: "Bellary Red",
        slug: "bellary-red",
        category_id: onions,
        description: "Old",
        specifications: '{"Size":"50 mm"}',
        export_info: "Jute bags",
        is_featured: 1,
        ...pictures,
      },
      { name: "Krishnapuram", slug: "krishnapuram", category_id: onions, ...pictures },
    ]);
    const text = csv([
      [
        "name",
        "slug",
        "category_slug",
        "description",
        "specifications",
        "export_info",
        "is_featured",
        "image_url",
        "gallery_images",
      ],
      // No slug: the one derived from the name matches the product above.
      ["Bellary Red", "", "onions", "New text", '{"Size":"50 mm"}', "Jute bags", "true", "", ""],
      [
        "Krishnapuram Onion",
        "krishnapuram",
        "onions",
        "",
        "",
        "",
        "",
        "https://cdn.example.com/k.jpg",
        '["/media/x/k1.jpg"]',
      ],
      ["Sambar Onion", "", "onions", "", "", "", "", "", ""],
    ]);
    const html = await (await previewCsv(csvFile(text))).text();
    expect(html).toMatch(/>1<\/span> to add/);
    expect(html).toMatch(/>2<\/span> to update/);
    const page = visibleText(html);
    expect(page).toContain(
      "2 existing products will be updated (same category and slug) Onions Line 2: Bellary Red Line 3: Krishnapuram (renamed to Krishnapuram Onion)",
    );
    expect((await importPreviewed(html)).status).toBe(302);
    expect(await product("bellary-red")).toMatchObject({ description: "New text", ...pictures });
    expect(await product("krishnapuram")).toMatchObject({
      name: "Krishnapuram Onion",
      image_url: "https://cdn.example.com/k.jpg",
      gallery_images: '["/media/x/k1.jpg"]',
    });

    // A file with only the required columns changes nothing else on the products it updates.
    const narrow = await (
      await previewCsv(
        csvFile(
          csv([
            ["name", "category_slug", "Colour", ""],
            ["Bellary Red", "onions", "red", ""],
          ]),
        ),
      )
    ).text();
    expect(visibleText(narrow)).toContain(
      "Not in the file: slug, description, specifications, export_info, is_featured, image_url, gallery_images. Updated products keep their current values for these.",
    );
    expect(visibleText(narrow)).toContain("Columns that are not read: colour.");
    expect((await importPreviewed(narrow)).status).toBe(302);
    expect(await product("bellary-red")).toMatchObject({
      description: "New text",
      specifications: '{"Size":"50 mm"}',
      export_info: "Jute bags",
      is_featured: 1,
      ...pictures,
    });
  });

  it("reports row by row the specifications, gallery cells and image addresses it cannot keep as written", async () => {
    const pictures = {
      image_url: "/media/application-assets/public/products/malwa/product-bbbbbbbb.jpg",
      gallery_images: '["/media/application-assets/public/products/malwa/gallery/gallery-bbbbbbbb.jpg"]',
    };
    await insertProduct(t.db, {
      name: "Malwa Garlic",
      slug: "malwa-garlic",
      category_id: garlic,
      specifications: '{"Size":"40 mm"}',
      ...pictures,
    });
    const text = csv([
      [
        "name",
        "slug",
        "category_slug",
        "description",
        "specifications",
        "export_info",
        "is_featured",
        "image_url",
        "gallery_images",
      ],
      ["Malwa Garlic", "malwa-garlic", "garlic", "", "{not json", "", "", "javascript:alert(1)", "not a list"],
      [
        "Desi Garlic",
        "",
        "garlic",
        "",
        '["a","b"]',
        "",
        "",
        "",
        '["https://ok.example.com/a.jpg","javascript:x","data:image/png;base64,AAA"]',
      ],
      [
        "Plain Garlic",
        "",
        "garlic",
        "",
        '{"Size":40,"Pack":{"kg":10},"Organic":true}',
        "",
        "",
        "",
        '["ftp://x/y.jpg"]',
      ],
      ["Bare Host Garlic", "", "garlic", "", "", "", "", "https://example.com", ""],
    ]);
    const html = await (await previewCsv(csvFile(text))).text();
    const page = visibleText(html);
    for (const message of [
      "Malwa Garlic specifications are not valid JSON; they will be imported as empty.",
      'Malwa Garlic image_url "javascript:alert(1)" is not an http(s) address or a path on this site; the current main image is kept.',
      'Malwa Garlic gallery_images is not a JSON list of picture addresses such as ["https://example.com/a.jpg"]; the current gallery is kept.',
      'Desi Garlic specifications are not a JSON object such as {"Size": "55 mm"}; they will be imported as empty.',
      'Desi Garlic gallery_images: these entries are not an http(s) address or a path on this site and are left out: "javascript:x", "data:image/png;base64,AAA".',
      'Plain Garlic specification "Pack" is not text or true/false; left out.',
      "Plain Garlic gallery_images has no usable address; the product will have no gallery.",
    ]) {
      expect(page).toContain(message);
    }
    expect(page).not.toContain("Bare Host Garlic image_url");
    expect((await importPreviewed(html)).status).toBe(302);
    expect(await product("malwa-garlic")).toMatchObject({ specifications: "{}", ...pictures });
    expect(await product("desi-garlic")).toMatchObject({
      specifications: "{}",
      image_url: null,
      gallery_images: '["https://ok.example.com/a.jpg"]',
    });
    expect(await product("plain-garlic")).toMatchObject({
      specifications: '{"Size":"40","Organic":true}',
      gallery_images: "[]",
    });
    // Until now an http(s) address that the URL parser writes differently (here with a final "/") was dropped.
    expect(await product("bare-host-garlic")).toMatchObject({ image_url: "https://example.com/" });
  });

  it("features a product for true as spreadsheets write it (TRUE, Yes, 1), and says so for other texts", async () => {
    // Seen (issue 41): "TRUE" was dropped with a warning; the spec's exact 'true' still works.
    const values = ["true", "TRUE", "True", "yes", "1", "false", "", "FALSE", "maybe"];
    const text = csv([
      ["name", "category_slug", "is_featured"],
      ...values.map((v, i) => [`Featured Check ${i}`, "onions", v]),
    ]);
    const html = await (await previewCsv(csvFile(text))).text();
    const page = visibleText(html);
    expect(page).toContain("is_featured: TRUE, Yes or 1 read as true.");
    expect(page).toContain("is_featured: FALSE, No or 0 read as false.");
    expect(page).toContain('is_featured is "maybe", not "true"; the product will not be featured.');
    expect(page).not.toContain('is_featured is "TRUE"');
    expect((await importPreviewed(html)).status).toBe(302);
    const featured = await Promise.all(values.map(async (_, i) => (await product(`featured-check-${i}`))!.is_featured));
    expect(featured).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0]);
  });

  it("answers an empty, blank, binary or unreadable file in plain words as 'Import Error'", async () => {
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Length 8 >>\nstream\n", "latin1"),
      Buffer.from([0x78, 0x9c, 0x00, 0xff, 0x10, 0x00, 0x80, 0x81]),
      Buffer.from("\nendstream\n"),
    ]);
    const noisy = Buffer.from(Array.from({ length: 3000 }, (_, i) => 0x80 + ((i * 37) % 0x7f)));
    const cases: Array<[File, string]> = [
      [new File([], ""), "Please choose a CSV file."],
      [csvFile(""), "The file is empty."],
      [csvFile("  \r\n\n \t \n"), "The file is empty."],
      [csvFile(new Uint8Array(pdf), "catalogue.pdf"), NOT_CSV],
      [csvFile("%PDF-1.4\nname,category_slug\n"), NOT_CSV],
      [csvFile(new Uint8Array(noisy)), NOT_CSV],
      [csvFile(new Uint8Array(Buffer.from("name,category_slug\r\nA,onions\r\n\u0000\u0000", "utf16le"))), NOT_CSV],
      [
        csvFile('name,category_slug\nA,onions\nB,onions\n"unclosed,onions\nC,onions\n'),
        "Line 4 could not be read: a quoted cell is not closed.",
      ],
      [
        csvFile('name,category_slug\nA,onions\n"x"y,onions\n'),
        'Line 3 could not be read: a quoted cell has text after its closing quote (a quote inside a cell is written twice: "").',
      ],
      [
        csvFile("name,category_slug,description\nA,onions,x\nB,onions\n"),
        "Line 3 has fewer cells than the header row.",
      ],
      [csvFile("name,category_slug\nA,onions,x\n"), "Line 2 has more cells than the header row."],
      // One column: papaparse finds no delimiter, which by itself is no reason to stop.
      [csvFile("name\nWhite Onion\n"), "The file needs a header row with at least the columns name and category_slug."],
    ];
    for (const [file, message] of cases) {
      const response = await previewCsv(file);
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(visibleText(html)).toContain(`Import Error: ${message}`);
      for (const papaparse of [
        "Quoted field unterminated",
        "Trailing quote",
        "auto-detect",
        "Too few fields",
        "Too many fields",
      ])
        expect(html).not.toContain(papaparse);
    }
    // A few bytes from another encoding are not a binary file: the row is imported, with a warning.
    const latin1 = await previewCsv(
      csvFile(
        new Uint8Array(Buffer.from("name,category_slug,description\nCr\xE8me Onion,onions,Caf\xE9 grade\n", "latin1")),
      ),
    );
    expect(latin1.status).toBe(200);
    expect(visibleText(await latin1.text())).toContain(
      "some characters could not be read (the file is not saved as UTF-8)",
    );
  });

  it("keeps the file on the server between preview and import, so the preview page stays small", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `Bulk Preview ${i}`,
      `bulk-preview-${i}`,
      "onions",
      `Field-cured onions, lot ${i}, packed in 25 kg mesh bags. Row-marker-${i}.`,
      '{"Size":"55 mm"}',
      "Mesh bags",
      "false",
      "",
      "[]",
    ]);
    const text = csv([
      [
        "name",
        "slug",
        "category_slug",
        "description",
        "specifications",
        "export_info",
        "is_featured",
        "image_url",
        "gallery_images",
      ],
      ...rows,
    ]);
    expect(text.length).toBeGreaterThan(1_500_000);
    const response = await previewCsv(csvFile(text, "big.csv"));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(Buffer.byteLength(html)).toBeLessThan(text.length / 4);
    expect(html).not.toContain("Row-marker-4242");
    expect(html).toMatch(/>10000<\/span> to add/);
    expect(visibleText(html)).toContain("CSV file (at most 20 MB)");
    const draft = await t.db
      .selectFrom("csv_import_drafts")
      .selectAll()
      .where("id", "=", importFormOf(html).draftId)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ file_name: "big.csv", content: text });
  });

  it("imports a draft once, only for the administrator who previewed it, and not after 24 hours", async () => {
    const html = await (
      await previewCsv(
        csvFile(
          csv([
            ["name", "category_slug"],
            ["Draft Onion", "onions"],
          ]),
        ),
      )
    ).text();
    const { draftId } = importFormOf(html);
    const other = await signedInAs(t.db, "admin");
    const stranger = await importPreviewed(html, other.cookie);
    expect(stranger.status).toBe(400);
    expect(visibleText(await stranger.text())).toContain(`Import Error: ${DRAFT_GONE}`);
    expect(await product("draft-onion")).toBeUndefined();

    // Two clicks at once import the file once.
    const [first, second] = await Promise.all([importPreviewed(html), importPreviewed(html)]);
    expect([first.status, second.status].sort()).toEqual([302, 400]);
    expect(await t.db.selectFrom("products").select("id").where("slug", "=", "draft-onion").execute()).toHaveLength(1);
    expect(
      await t.db.selectFrom("csv_import_drafts").select("id").where("id", "=", draftId).executeTakeFirst(),
    ).toBeUndefined();
    const again = await importPreviewed(html);
    expect(again.status).toBe(400);
    expect(visibleText(await again.text())).toContain(DRAFT_GONE);

    const stale = await (
      await previewCsv(
        csvFile(
          csv([
            ["name", "category_slug"],
            ["Stale Onion", "onions"],
          ]),
        ),
      )
    ).text();
    const staleId = importFormOf(stale).draftId;
    await t.db
      .updateTable("csv_import_drafts")
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where("id", "=", staleId)
      .execute();
    expect(visibleText(await (await importPreviewed(stale)).text())).toContain(DRAFT_GONE);
    expect(await product("stale-onion")).toBeUndefined();
    // The next preview clears drafts older than a day.
    await previewCsv(
      csvFile(
        csv([
          ["name", "category_slug"],
          ["Later Onion", "onions"],
        ]),
      ),
    );
    expect(
      await t.db.selectFrom("csv_import_drafts").select("id").where("id", "=", staleId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("does not import when the catalogue changed since the preview: it shows the new preview instead", async () => {
    const text = csv([
      ["name", "category_slug", "description"],
      ["Changing Onion", "onions", "From the file"],
    ]);
    const html = await (await previewCsv(csvFile(text))).text();
    expect(html).toMatch(/>1<\/span> to add/);
    await insertProduct(t.db, {
      name: "Changing Onion",
      slug: "changing-onion",
      category_id: onions,
      description: "Added meanwhile",
    });
    const changed = await importPreviewed(html);
    expect(changed.status).toBe(409);
    const again = await changed.text();
    expect(visibleText(again)).toContain(`Import Error: ${CATALOGUE_CHANGED}`);
    expect(again).toMatch(/>0<\/span> to add/);
    expect(visibleText(again)).toContain("Onions Line 2: Changing Onion");
    expect(await product("changing-onion")).toMatchObject({ description: "Added meanwhile" });
    const done = await importPreviewed(again);
    expect(done.status).toBe(302);
    expect(await product("changing-onion")).toMatchObject({ description: "From the file" });
  });

  it("says 'Import Error' for unreadable CSV and 'No Products to Import' when nothing is usable", async () => {
    const broken = await post("/admin/manage-products/import", {
      intent: "preview",
      file: new File(['name,category_slug\n"unclosed,onions\n'], "x.csv"),
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("Import Error");
    const empty = await post("/admin/manage-products/import", {
      intent: "preview",
      file: new File(["name,category_slug\n,onions\n"], "x.csv"),
    });
    const html = await empty.text();
    expect(html).toContain("No Products to Import");
    expect(html).toContain(
      "CSV might be empty or products are missing required fields (name, slug, valid category_slug).",
    );
  });

  it("imports all rows or none: a failure part-way leaves the catalogue as it was", async () => {
    const count = async () => (await t.db.selectFrom("products").select("id").execute()).length;
    const before = await count();
    const rows = [
      ["name", "category_slug"],
      ...Array.from({ length: 30 }, (_, i) => [`Bulk ${i}`, "onions"]),
      ["Poison", "onions"],
    ];
    const parsed = parseProductsCsv(csv(rows));
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    if (usingPostgres) {
      await sql`create function refuse_poison() returns trigger language plpgsql as $$ begin if new.name = 'Poison' then raise exception 'refused'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger poison before insert on products for each row execute function refuse_poison()`.execute(
        t.db,
      );
    } else {
      await sql`create trigger poison before insert on products when new.name = 'Poison' begin select raise(abort, 'refused'); end`.execute(
        t.db,
      );
    }
    try {
      await expect(applyImport(t.db, testActor, plan)).rejects.toThrow();
    } finally {
      await sql`drop trigger poison ${usingPostgres ? sql`on products` : sql``}`.execute(t.db);
    }
    expect(await count()).toBe(before);
  });
});
