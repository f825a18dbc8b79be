import ExcelJS from "exceljs";
import { slugify } from "../../app/lib/slug";
import { expectNoViolations } from "./support/axe";
import { deleteProduct, expect, findProductId, test } from "./support/fixtures";

// Issue 29: the XLSX template downloaded, filled the way a spreadsheet is, previewed and imported.

test("the XLSX template, filled in a spreadsheet, previews how its habits were read and imports", async ({
  adminPage: page,
  adminRequest,
  seededProduct,
  onCleanup,
  uid,
}, testInfo) => {
  const category = seededProduct.categorySlug;
  const name = `Sheet Onion ${uid}`;
  onCleanup(async () => {
    const id = await findProductId(adminRequest, category, slugify(name));
    if (id) await deleteProduct(adminRequest, id);
  });
  await page.goto("/admin/manage-products/import");
  await page.getByText("The 33 columns the import reads").click();
  await expect(page.getByRole("rowheader", { name: "price_valid_until" })).toBeVisible();
  await expectNoViolations(page, "import page with its columns open");
  await page.screenshot({ path: testInfo.outputPath("import-1280.png"), fullPage: true });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "XLSX" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("products-template.xlsx");
  const workbook = new ExcelJS.Workbook();
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const cell = (column: string) => sheet.getCell(2, header.indexOf(column) + 1);
  cell("name").value = name;
  cell("slug").value = null;
  // Typed as people type (issue 41): the category as the lists name it, TRUE, a unit as said, an HS code that a
  // spreadsheet kept as a number, a day-first date with dashes.
  cell("category_slug").value = seededProduct.categoryName;
  cell("is_featured").value = "TRUE";
  cell("min_order_unit").value = "40ft container";
  cell("hs_code").value = 7031019;
  cell("price_valid_until").value = "31-12-2030";

  await page.getByLabel("XLSX or CSV file").setInputFiles({
    name: "filled.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByRole("button", { name: "Preview Import" }).click();
  await expect(page.getByTestId("import-summary")).toContainText("1 to add");
  // The template's example row says Published (issue 41: the preview says how many go live).
  await expect(page.getByTestId("import-live")).toHaveText("It will be published on the site once imported.");
  const notes = page.getByTestId("import-notes");
  await expect(notes).toContainText("incoterms: items separated by commas (,).");
  await expect(notes).toContainText("specifications read as Key: value pairs.");
  await expect(notes).toContainText("is_featured: TRUE, Yes or 1 read as true.");
  await expect(notes).toContainText("min_order_unit: written as 40 ft container");
  await expect(notes).toContainText("hs_code: a number that lost its leading 0");
  await expect(notes).toContainText("price_valid_until read day first");
  await expect(page.getByTestId("import-warnings")).toHaveCount(0);
  await expect(page.getByTestId("import-skipped")).toHaveCount(0);
  await expectNoViolations(page, "preview of a workbook");
  await page.screenshot({ path: testInfo.outputPath("preview-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("preview-390.png"), fullPage: true });
  await page.getByRole("button", { name: "Import 1 Products" }).first().click();
  await page.waitForURL("**/admin/manage-products");
  await expect(page.getByTestId("toast")).toContainText("1 products imported.");
});
