import fs from "node:fs/promises";
import { createDatabase } from "../../app/db/database.server";
import { enableLanguages } from "../support/translations";
import { expect, test } from "./support/fixtures";

// The Translations screen (issue 26) in the browser: a translation turns outdated when the English product
// description is edited, and an exported file re-imported unchanged changes nothing. A site of the worker's own:
// Arabic is enabled there, which changes what public tests read.
test.use({ site: "own" });

test("marks a translation outdated after the English description is edited; an unchanged export re-imports as nothing", async ({
  adminPage: page,
  seededProduct,
  siteServer,
}, testInfo) => {
  const db = createDatabase({ dataDir: siteServer.dataDir! });
  const before = await db.selectFrom("languages").select("enabled").where("code", "=", "ar").executeTakeFirst();
  await enableLanguages(db, "ar");
  try {
    const row = page.getByTestId(`translation-row-product/${seededProduct.id}`);
    const arabicCell = row.locator('[data-lang="ar"]');

    // Translate the product into Arabic, side by side with the English.
    await page.goto(`/admin/translations?kind=product`);
    await expect(page.getByRole("heading", { name: "Translations", level: 1 })).toBeVisible();
    await expect(arabicCell).toContainText("Missing");
    await arabicCell.getByRole("link").click();
    await expect(page.getByLabel("Name (Arabic)")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await page.getByLabel("Name (Arabic)").fill("بصل تجريبي");
    await page.getByLabel("Web address (Arabic)").fill("بصل-تجريبي");
    await page.getByLabel("Description (Arabic)").fill("وصف تجريبي للمنتج.");
    // Whatever else the seeded product has (export notes, trade terms) gets a text too, so the cell is done.
    for (const field of await page.locator('[name^="t:"]').all())
      if (!(await field.inputValue())) await field.fill("نص تجريبي");
    await page.getByRole("button", { name: "Save Arabic" }).click();
    await expect(page.getByText("Translation Saved")).toBeVisible();
    await page.goto(`/admin/translations?kind=product`);
    await expect(arabicCell).toContainText("Done");

    // The English description changes in the product form: the Arabic one is now outdated.
    await page.goto(`/admin/manage-products/edit/${seededProduct.id}`);
    await page.getByLabel("Description").fill("A new English description, longer than before.");
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-products$/);
    await page.goto(`/admin/translations?kind=product&status=outdated`);
    await expect(arabicCell).toContainText("Outdated");
    await arabicCell.getByRole("link").click();
    await expect(page.getByText("The English changed since this was translated")).toBeVisible();

    // Export Arabic's missing and outdated fields, then import the file as it is: nothing changes.
    const stored = () =>
      db
        .selectFrom("content_translations")
        .selectAll()
        .where("entity_id", "=", seededProduct.id)
        .orderBy("field")
        .execute();
    const saved = await stored();
    await page.goto(`/admin/translations?kind=product`);
    await page.getByLabel("Language", { exact: true }).selectOption("ar");
    await page.getByLabel("Format", { exact: true }).selectOption("xliff");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export missing and outdated" }).click();
    const download = await downloading;
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    expect(await fs.readFile(file, "utf8")).toContain(`<unit id="product/${seededProduct.id}/description">`);

    await page.getByRole("link", { name: "Import translations" }).click();
    await page.getByLabel(/Translation file/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview Import" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText(/^0 fields will change\. \d+ unchanged\.$/);
    await expect(page.getByText("Nothing to import: the file changes nothing.")).toBeVisible();
    expect(await stored()).toEqual(saved);
    await page.goto(`/admin/translations?kind=product`);
    await expect(arabicCell).toContainText("Outdated");
  } finally {
    await db.deleteFrom("content_translations").where("entity_id", "=", seededProduct.id).execute();
    if (before) await db.updateTable("languages").set({ enabled: before.enabled }).where("code", "=", "ar").execute();
    else await db.deleteFrom("languages").where("code", "=", "ar").execute();
    await db.destroy();
  }
});
