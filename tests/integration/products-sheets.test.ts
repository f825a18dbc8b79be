import ExcelJS from "exceljs";
import Papa from "papaparse";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "~/features/catalogue/csv/columns";
import { COLUMN_RULES } from "~/features/catalogue/csv/column-rules";
import { NOT_XLSX, XLSX_TOO_LARGE } from "~/features/catalogue/csv/xlsx.server";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { visibleText } from "../support/page-text";
import { importFormOf, PRODUCT_IMPORT } from "../support/product-import";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, type TestDatabase } from "../support/test-db";

// Issue 29, the spreadsheet side of the product import: templates, XLSX files and the habits of spreadsheets.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await insertCategory(t.db, { name: "Spices", slug: "spices" });
});
afterAll(() => t.cleanup());

type Cell = string | number | boolean | Date | null | ExcelJS.CellValue;

const csvFile = (rows: Cell[][], name = "products.csv") =>
  new File(
    [
      Papa.unparse(
        rows.map((r) => r.map((c) => (c === null ? "" : String(c)))),
        { newline: "\r\n" },
      ),
    ],
    name,
    {
      type: "text/csv",
    },
  );
async function xlsxFile(rows: Array<Cell[] | null>, name = "products.xlsx") {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Products");
  // null: a row left blank.
  rows.forEach((cells, i) =>
    cells?.forEach((value, c) => (sheet.getCell(i + 1, c + 1).value = value as ExcelJS.CellValue)),
  );
  return new File([new Uint8Array(await workbook.xlsx.writeBuffer())], name);
}
const preview = async (file: File) => {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", file);
  return app.request(PRODUCT_IMPORT, { multipart: form, cookie });
};
const importPreviewed = (html: string) => app.request(PRODUCT_IMPORT, { form: importFormOf(html), cookie });
/** The preview's tables as "line | name | text" rows. */
const tableRows = (html: string, testId: string) => {
  const table = html.match(new RegExp(`data-testid="${testId}"[\\s\\S]*?</table>`))?.[0] ?? "";
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((m) => [...m[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => visibleText(c[1]).trim()).join(" | "))
    .filter(Boolean);
};
const product = (slug: string) => t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
const clearProducts = () => t.db.deleteFrom("products").execute();
/** What an import wrote, without ids and times. */
const catalogue = async () =>
  (
    await t.db
      .selectFrom("products")
      .select(["name", "slug", "category_id", "description", "specifications", "export_info", "is_featured"])
      .select(["image_url", "gallery_images", "trade_terms"])
      .orderBy("slug")
      .execute()
  ).map((p) => ({ ...p, is_featured: Number(p.is_featured) }));

describe(`spreadsheet import on ${engineName}`, () => {
  it("imports each row's status, drafts for rows without a picture when asked, and says how many go live", async () => {
    // Seen (issue 41): imported products went live at once, with placeholder pictures; the template had no status.
    await clearProducts();
    const picture = "/media/application-assets/public/products/x/product-abcdefgh.jpg";
    const rows = [
      ["name", "category_slug", "image_url", "status"],
      ["Draft Onion", "onions", picture, "Draft"],
      ["Live Onion", "onions", picture, "published"],
      ["Bare Onion", "onions", "", ""],
      ["Pictured Onion", "onions", picture, ""],
      ["Typo Onion", "onions", picture, "Live"],
    ];
    const form = new FormData();
    form.append("intent", "preview");
    form.append("file", await xlsxFile(rows));
    form.append("drafts_without_picture", "on");
    const html = await (await app.request(PRODUCT_IMPORT, { multipart: form, cookie })).text();
    expect(visibleText(html)).toContain("2 of 5 will be published on the site once imported; 3 will be drafts.");
    expect(tableRows(html, "import-warnings")).toEqual([
      '6 | Typo Onion | status is "Live", not Published or Draft; the product will be a draft.',
    ]);
    expect((await importPreviewed(html)).status).toBe(302);
    const statuses = await t.db.selectFrom("products").select(["slug", "status"]).orderBy("slug").execute();
    expect(statuses).toEqual([
      { slug: "bare-onion", status: "draft" },
      { slug: "draft-onion", status: "draft" },
      { slug: "live-onion", status: "published" },
      { slug: "pictured-onion", status: "published" },
      { slug: "typo-onion", status: "draft" },
    ]);
    // Without the option a row without a picture is published, as before; an update without a status keeps it.
    const again = await (
      await preview(
        csvFile([
          ["name", "category_slug"],
          ["Draft Onion", "onions"],
          ["New Onion", "onions"],
        ]),
      )
    ).text();
    expect(visibleText(again)).toContain("1 of 2 will be published on the site once imported; 1 will be drafts.");
    expect((await importPreviewed(again)).status).toBe(302);
    expect((await product("draft-onion"))?.status).toBe("draft");
    expect((await product("new-onion"))?.status).toBe("published");
    await clearProducts();
  });

  it("says a habit once for twenty rows that share it, with the rows, and offers Import at the top too", async () => {
    await clearProducts();
    const rows = [["name", "category_slug", "incoterms"]];
    for (let i = 1; i <= 20; i++) rows.push([`Onion ${i}`, "onions", "FOB, CIF"]);
    const html = await (await preview(csvFile(rows))).text();
    const lines = Array.from({ length: 12 }, (_, i) => i + 2).join(", ");
    expect(tableRows(html, "import-notes")).toEqual([
      `incoterms: items separated by commas (,). | ${lines} … (20 rows)`,
    ]);
    expect(html.match(/Import 20 Products/g)).toHaveLength(2);
  });

  it("reads a spreadsheet typed as people type: names for categories, TRUE, 20ft container, 31-03-2030, HS numbers", async () => {
    // Seen (issue 41): each of these was dropped with a warning, or refused the row.
    await clearProducts();
    const rows = [
      [
        "name",
        "category_slug",
        "is_featured",
        "hs_code",
        "min_order_quantity",
        "min_order_unit",
        "price_min",
        "price_currency",
        "price_unit",
        "price_incoterm",
        "price_valid_until",
      ],
      ["Typed Onion", "Onions", "TRUE", 7031019, 1, "20ft container", 300, "usd", "mt", "fob", "31-03-2030"],
    ];
    const html = await (await preview(await xlsxFile(rows))).text();
    expect(tableRows(html, "import-warnings")).toEqual([]);
    expect(tableRows(html, "import-skipped")).toEqual([]);
    const habits = tableRows(html, "import-notes").map((row) => row.split(" | ")[0]);
    expect(habits).toEqual([
      "is_featured: TRUE, Yes or 1 read as true.",
      "hs_code: a number that lost its leading 0, given it back (703.10 as 0703.10).",
      "min_order_unit: written as 20 ft container (case and spaces aside).",
      "price_currency: written as USD (case and spaces aside).",
      "price_unit: written as MT (case and spaces aside).",
      "price_incoterm: written as FOB (case and spaces aside).",
      "price_valid_until read day first (31/12/2026 as 2026-12-31).",
    ]);
    expect((await importPreviewed(html)).status).toBe(302);
    const typed = (await product("typed-onion"))!;
    expect(typed.is_featured).toBe(1);
    expect(parseTradeTerms(typed.trade_terms)).toMatchObject({
      hs_code: "07031019",
      min_order_unit: "20 ft container",
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
      price_valid_until: "2030-03-31",
    });
    await clearProducts();
  });

  it("names the file's kind when a workbook has nothing to import", async () => {
    const response = await preview(
      await xlsxFile([
        ["name", "category_slug"],
        ["", "onions"],
      ]),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("No Products to Import");
    expect(html).toContain("The XLSX file might be empty or products are missing required fields");
    expect(html).not.toContain("CSV might be empty");
  });

  it("matches a category by its name or its slug, case, spaces and hyphens aside", async () => {
    // Seen (issue 41): "Spices" and "Fresh Onions", as the lists show them, refused every row.
    await clearProducts();
    const rows = [
      ["name", "category_slug"],
      ["Cumin", "Spices"],
      ["Red Onion", " ONIONS "],
      ["Pepper", "spices"],
    ];
    const html = await (await preview(await xlsxFile(rows))).text();
    expect(tableRows(html, "import-skipped")).toEqual([]);
    expect((await importPreviewed(html)).status).toBe(302);
    const [spices, onions] = await Promise.all(
      ["spices", "onions"].map(
        async (slug) =>
          (await t.db.selectFrom("product_categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow())
            .id,
      ),
    );
    expect((await product("cumin"))?.category_id).toBe(spices);
    expect((await product("pepper"))?.category_id).toBe(spices);
    expect((await product("red-onion"))?.category_id).toBe(onions);
    await clearProducts();
  });

  it("offers the template as CSV and XLSX, to administrators only", async () => {
    const anonymous = await app.request(`${PRODUCT_IMPORT}/template/xlsx`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const user = await signedInAs(t.db, "user");
    const refused = await app.request(`${PRODUCT_IMPORT}/template/csv`, { cookie: user.cookie });
    expect(refused.status).toBe(302);
    expect(await refused.text()).not.toContain("category_slug");
    expect((await app.request(`${PRODUCT_IMPORT}/template/ods`, { cookie })).status).toBe(404);

    const page = await (await app.request(PRODUCT_IMPORT, { cookie })).text();
    expect(visibleText(page)).toContain("Download Template:");
    expect(page).toContain(`href="${PRODUCT_IMPORT}/template/xlsx"`);
    expect(page).toContain(`href="${PRODUCT_IMPORT}/template/csv"`);
    // Every column the import reads is named on the page with its rule.
    for (const column of CSV_COLUMNS) expect(visibleText(page)).toContain(`${column} ${COLUMN_RULES[column].rule}`);

    const csv = await app.request(`${PRODUCT_IMPORT}/template/csv`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="products-template.csv"');
    const rows = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    // The example names one of the site's own categories (issue 41: "onions" was no seeded category's slug).
    const category = CSV_COLUMNS.indexOf("category_slug");
    expect(rows[1][category]).toBe("onions");

    const xlsx = await app.request(`${PRODUCT_IMPORT}/template/xlsx`, { cookie });
    expect(xlsx.headers.get("Content-Disposition")).toBe('attachment; filename="products-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Products", "Columns", "Categories"]);
    expect((workbook.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual([...CSV_COLUMNS]);
    expect(workbook.worksheets[0].actualRowCount).toBe(2);
    // The site's categories on their own sheet, offered as a drop-down in the category column.
    expect(
      workbook.worksheets[2]
        .getSheetValues()
        .slice(1)
        .map((row) => (row as string[]).slice(1)),
    ).toEqual([
      ["Name", "Slug"],
      ["Onions", "onions"],
      ["Spices", "spices"],
    ]);
    expect(workbook.worksheets[0].getCell(3, category + 1).dataValidation).toMatchObject({
      type: "list",
      formulae: ["Categories!$B$2:$B$3"],
    });
    const explained = workbook.worksheets[1].getColumn(1).values.slice(2, 2 + CSV_COLUMNS.length);
    expect(explained).toEqual([...CSV_COLUMNS]);
  });

  it("round-trips the templates: download, fill a row, import, and the product is as written", async () => {
    await clearProducts();
    // The XLSX template, filled in a spreadsheet: the example row changed, a second row typed below.
    const download = await app.request(`${PRODUCT_IMPORT}/template/xlsx`, { cookie });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const col = (name: string) => CSV_COLUMNS.indexOf(name as never) + 1;
    sheet.getCell(3, col("name")).value = "Cumin Seeds";
    sheet.getCell(3, col("category_slug")).value = "spices";
    sheet.getCell(3, col("specifications")).value = "Purity: 99%; Organic: true";
    sheet.getCell(3, col("price_min")).value = 2100;
    sheet.getCell(3, col("price_currency")).value = "USD";
    sheet.getCell(3, col("price_unit")).value = "MT";
    sheet.getCell(3, col("price_incoterm")).value = "FOB";
    sheet.getCell(3, col("price_valid_until")).value = new Date(Date.UTC(2027, 2, 31));
    const filled = new File([new Uint8Array(await workbook.xlsx.writeBuffer())], "filled.xlsx");
    const html = await (await preview(filled)).text();
    expect(visibleText(html)).toContain("2 to add");
    expect((await importPreviewed(html)).status).toBe(302);
    const onion = (await product("nashik-red-onion"))!;
    expect(onion).toMatchObject({
      name: "Nashik Red Onion",
      description: "Deep red, field-cured onions.",
      specifications: '{"Size":"45 mm+","Moisture":"10%"}',
      is_featured: expect.anything(),
    });
    expect(parseTradeTerms(onion.trade_terms)).toMatchObject({
      hs_code: "0703.10.19",
      min_order_quantity: 1,
      min_order_unit: "40 ft container",
      grades: ["40–55 mm", "55 mm+"],
      incoterms: ["FOB", "CIF"],
      availability_months: [1, 10, 11, 12],
      price_min: 330,
      price_max: 380,
      price_valid_until: "2026-12-31",
    });
    const cumin = (await product("cumin-seeds"))!;
    expect(cumin.specifications).toBe('{"Purity":"99%","Organic":true}');
    expect(parseTradeTerms(cumin.trade_terms)).toMatchObject({ price_min: 2100, price_valid_until: "2027-03-31" });

    // The CSV template, filled the same way in a text editor.
    await clearProducts();
    const text = (await (await app.request(`${PRODUCT_IMPORT}/template/csv`, { cookie })).text()).replace(
      /^\uFEFF/,
      "",
    );
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    rows[1][col("name") - 1] = "Garlic Flakes";
    rows[1][col("slug") - 1] = "";
    const csvHtml = await (await preview(csvFile(rows))).text();
    expect((await importPreviewed(csvHtml)).status).toBe(302);
    expect(parseTradeTerms((await product("garlic-flakes"))!.trade_terms)).toMatchObject({
      incoterms: ["FOB", "CIF"],
      price_valid_until: "2026-12-31",
    });
  });

  it("gives the same preview and the same products from an XLSX and a CSV of the same rows", async () => {
    const header = ["name", "slug", "category_slug", "description", "specifications", "is_featured"];
    const terms = ["incoterms", "lead_time_days", "price_min", "price_currency", "price_unit", "price_incoterm"];
    const csvRows: Cell[][] = [
      [...header, ...terms, "price_valid_until"],
      [
        "Red Onion",
        "",
        "onions",
        "Line one\nLine two",
        "Size: 55 mm",
        "true",
        "FOB; CIF",
        "7",
        "330.5",
        "USD",
        "MT",
        "FOB",
        "2027-01-31",
      ],
      [
        "Cumin",
        "",
        "spices",
        "",
        '{"Purity":"99%"}',
        "false",
        "FOB, CFR",
        "14",
        "2100",
        "USD",
        "MT",
        "CIF",
        "31/12/2026",
      ],
      ["No Category", "", "pulses", "", "", "", "", "", "", "", "", "", ""],
    ];
    // The workbook holds what a spreadsheet would: numbers, a date cell, rich text, a formula's result, true/false.
    const xlsxRows: Cell[][] = [
      csvRows[0],
      [
        { richText: [{ text: "Red " }, { font: { bold: true }, text: "Onion" }] },
        null,
        "onions",
        "Line one\nLine two",
        "Size: 55 mm",
        true,
        "FOB; CIF",
        7,
        { formula: "330+0.5", result: 330.5 },
        "USD",
        "MT",
        "FOB",
        new Date(Date.UTC(2027, 0, 31)),
      ],
      [
        "Cumin",
        null,
        "spices",
        null,
        '{"Purity":"99%"}',
        false,
        "FOB, CFR",
        14,
        2100,
        "USD",
        "MT",
        "CIF",
        "31/12/2026",
      ],
      ["No Category", null, "pulses"],
    ];
    await clearProducts();
    const fromCsv = await (await preview(csvFile(csvRows, "same.csv"))).text();
    const fromXlsx = await (await preview(await xlsxFile(xlsxRows, "same.xlsx"))).text();
    const shown = (html: string) => visibleText(html.slice(html.indexOf("Preview of"))).replace(/same\.(csv|xlsx)/, "");
    expect(shown(fromXlsx)).toEqual(shown(fromCsv));
    expect(tableRows(fromXlsx, "import-skipped")).toEqual([
      '4 | No Category | No category named "pulses". The categories are: Onions (onions), Spices (spices).',
    ]);
    expect((await importPreviewed(fromCsv)).status).toBe(302);
    const viaCsv = await catalogue();
    await clearProducts();
    expect((await importPreviewed(fromXlsx)).status).toBe(302);
    expect(await catalogue()).toEqual(viaCsv);
    expect(viaCsv.map((p) => p.slug)).toEqual(["cumin", "red-onion"]);
    expect(viaCsv[1]).toMatchObject({ description: "Line one\nLine two", is_featured: 1 });
  });

  it("accepts the spreadsheet habits and says in the preview how it read each", async () => {
    await clearProducts();
    const header = ["name", "category_slug", "specifications", "incoterms", "packaging", "availability_months"];
    const price = ["price_min", "price_currency", "price_unit", "price_incoterm", "price_valid_until"];
    const rows: Cell[][] = [
      [...header, ...price],
      [
        "Commas",
        "onions",
        "Size: 45 mm+; Moisture: 10%",
        "FOB, CIF",
        "25 kg mesh bag",
        "Jan, Feb",
        300,
        "USD",
        "MT",
        "FOB",
        "31/12/2026",
      ],
      [
        "Semicolons",
        "onions",
        '{"Size":"40 mm"}',
        "FOB; CIF",
        "5, 10 kg; 25 kg",
        "1;2;3",
        300,
        "USD",
        "MT",
        "FOB",
        "2026-12-31",
      ],
      ["Lines", "onions", "Size: 45 mm\nColour: red\nTime: 10:30", "", "", "", "", "", "", "", ""],
    ];
    for (const file of [csvFile(rows), await xlsxFile(rows)]) {
      await clearProducts();
      const html = await (await preview(file)).text();
      // Each habit once, with the rows it was read on (issue 41: a line per row and habit before).
      expect(tableRows(html, "import-notes")).toEqual([
        "specifications read as Key: value pairs. | 2, 4",
        "incoterms: items separated by commas (,). | 2",
        "availability_months: items separated by commas (,). | 2",
        "price_valid_until read day first (31/12/2026 as 2026-12-31). | 2",
        "packaging: items separated by semicolons (;). | 3",
        "incoterms: items separated by semicolons (;). | 3",
        "availability_months: items separated by semicolons (;). | 3",
      ]);
      expect(tableRows(html, "import-warnings")).toEqual([]);
      expect((await importPreviewed(html)).status).toBe(302);
      const commas = (await product("commas"))!;
      expect(commas.specifications).toBe('{"Size":"45 mm+","Moisture":"10%"}');
      expect(parseTradeTerms(commas.trade_terms)).toMatchObject({
        incoterms: ["FOB", "CIF"],
        packaging: ["25 kg mesh bag"],
        availability_months: [1, 2],
        price_min: 300,
        price_valid_until: "2026-12-31",
      });
      expect(parseTradeTerms((await product("semicolons"))!.trade_terms)).toMatchObject({
        packaging: ["5, 10 kg", "25 kg"],
        availability_months: [1, 2, 3],
      });
      expect((await product("lines"))!.specifications).toBe('{"Size":"45 mm","Colour":"red","Time":"10:30"}');
    }
  });

  it("refuses by name what it cannot read: a price without a readable expiry is left out whole", async () => {
    await clearProducts();
    const rows: Cell[][] = [
      [
        "name",
        "category_slug",
        "specifications",
        "price_min",
        "price_max",
        "price_currency",
        "price_unit",
        "price_incoterm",
        "price_valid_until",
      ],
      ["US Date", "onions", "", 300, 350, "USD", "MT", "FOB", "12/31/2026"],
      ["Words", "onions", "Size 45 mm; Moisture: 10%", 300, "", "USD", "MT", "FOB", "end of 2026"],
      ["No Such Day", "onions", "", 300, "", "USD", "MT", "FOB", "31/02/2027"],
    ];
    for (const file of [csvFile(rows), await xlsxFile(rows)]) {
      await clearProducts();
      const html = await (await preview(file)).text();
      const dropped = (found: string) =>
        `price_valid_until "${found}" is not a date written 2026-12-31 or 31/12/2026; the indicative price is left out, so it is never shown without its expiry.`;
      expect(tableRows(html, "import-warnings")).toEqual([
        `2 | US Date | ${dropped("12/31/2026")}`,
        '3 | Words | specifications: "Size 45 mm" is not written Key: value; left out.',
        `3 | Words | ${dropped("end of 2026")}`,
        `4 | No Such Day | ${dropped("31/02/2027")}`,
      ]);
      expect((await importPreviewed(html)).status).toBe(302);
      for (const slug of ["us-date", "words", "no-such-day"])
        expect(parseTradeTerms((await product(slug))!.trade_terms)).toMatchObject({
          price_min: null,
          price_max: null,
          price_currency: null,
          price_valid_until: null,
        });
      expect((await product("words"))!.specifications).toBe('{"Moisture":"10%"}');
    }
  });

  it("numbers lines as the spreadsheet shows them, blank rows counted", async () => {
    await clearProducts();
    const rows: Array<Cell[] | null> = [
      ["name", "category_slug"],
      ["First", "onions"],
      null,
      null,
      ["Fifth", "nowhere"],
      ["", "onions"],
    ];
    const csv = new File(["name,category_slug\r\nFirst,onions\r\n\r\n,\r\nFifth,nowhere\r\n,onions\r\n"], "lines.csv");
    for (const file of [csv, await xlsxFile(rows)]) {
      const html = await (await preview(file)).text();
      expect(tableRows(html, "import-skipped")).toEqual([
        '5 | Fifth | No category named "nowhere". The categories are: Onions (onions), Spices (spices).',
        "6 | — | No name.",
      ]);
    }
    // A file's errors count the same way.
    const short = new File(["name,category_slug,description\r\nA,onions,x\r\n\r\nB,onions\r\n"], "short.csv");
    expect(visibleText(await (await preview(short)).text())).toContain("Line 4 has fewer cells than the header row.");
  });

  it("refuses a hostile or broken workbook safely, in plain words", async () => {
    const hostile = (bytes: Buffer) => new File([new Uint8Array(bytes)], "hostile.xlsx");
    const zip = async (entries: Array<[string, Buffer]>) => {
      const file = new yazl.ZipFile();
      for (const [name, content] of entries) file.addBuffer(content, name);
      file.end();
      const chunks: Buffer[] = [];
      for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const expectRefused = async (file: File, message: string) => {
      const response = await preview(file);
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(`Import Error: ${message}`);
    };
    await expectRefused(new File(["name,category_slug\nA,onions\n"], "products.xlsx"), NOT_XLSX);
    await expectRefused(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], "cut.xlsx"), NOT_XLSX);
    await expectRefused(hostile(await zip([["hello.txt", Buffer.from("not a workbook")]])), NOT_XLSX);
    // 210 MB of zeros packs into a few hundred kilobytes; it is refused before anything holds it.
    const bomb = await zip([["xl/worksheets/sheet1.xml", Buffer.alloc(210 * 1024 * 1024)]]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(hostile(bomb), XLSX_TOO_LARGE);
    // A bomb that lies: 20 MB of zeros declared as 1,000 bytes, in its local header and its central directory. The
    // inflating stops at the declared size, and the file is damaged.
    const liar = await zip([["xl/worksheets/sheet1.xml", Buffer.alloc(20 * 1024 * 1024)]]);
    liar.writeUInt32LE(1000, 22);
    liar.writeUInt32LE(1000, liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    await expectRefused(hostile(liar), NOT_XLSX);
    expect(
      await t.db.selectFrom("csv_import_drafts").select("id").where("file_name", "=", "hostile.xlsx").execute(),
    ).toEqual([]);
  });
});
