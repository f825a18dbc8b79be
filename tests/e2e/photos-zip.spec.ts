import ExcelJS from "exceljs";
import sharp from "sharp";
import { zipOf } from "../support/zips";
import { expectNoViolations } from "./support/axe";
import { deleteProduct, expect, findProductId, test } from "./support/fixtures";

// Issue 29: twenty products from an XLSX workbook, then their photos from one ZIP, previewed, imported, and seen on
// the products' public cards.
test("a ZIP of photos is previewed and imported, and the pictures show on the products' public cards", async ({
  adminPage: page,
  adminRequest,
  onCleanup,
  seededProduct,
  uid,
}) => {
  test.setTimeout(120_000);
  const category = seededProduct.categorySlug;
  const products = Array.from({ length: 20 }, (_, i) => ({
    name: `Zip Spice ${uid} ${i}`,
    slug: `zip-spice-${uid}-${i}`,
  }));
  onCleanup(async () => {
    for (const p of products) {
      const id = await findProductId(adminRequest, category, p.slug);
      if (id) await deleteProduct(adminRequest, id);
    }
  });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Products");
  sheet.addRow(["name", "slug", "category_slug", "description"]);
  for (const p of products) sheet.addRow([p.name, p.slug, category, "From the spreadsheet"]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  await page.goto("/admin/manage-products/import");
  await page.getByLabel("XLSX or CSV file").setInputFiles({
    name: "products.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  await page.getByRole("button", { name: "Preview Import" }).click();
  await page.getByRole("button", { name: "Import 20 Products" }).first().click();
  await expect(page.getByTestId("toast")).toContainText("20 products imported.");

  const picture = async (i: number) =>
    new Uint8Array(
      await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 10 * i, g: 120, b: 200 - 5 * i } },
      })
        .jpeg()
        .toBuffer(),
    );
  const files: Array<[string, Uint8Array]> = [];
  for (const [i, p] of products.entries())
    files.push([`Catalogue Photos/${p.slug.toUpperCase()}.JPG`, await picture(i)]);
  files.push([`${products[0].slug}-2.jpg`, await picture(99)]);
  files.push([`not-a-product-${uid}.jpg`, await picture(50)]);
  const zip = await zipOf(files);

  await page.goto("/admin/manage-products/import");
  await page.getByRole("link", { name: "Import Photos (ZIP)" }).click();
  await expect(page.getByTestId("naming-rule")).toContainText("nashik-red-onion-2.jpg");
  await page
    .getByLabel("ZIP file")
    .setInputFiles({ name: "photos.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await page.getByRole("button", { name: "Upload and Check" }).click();
  // The job's page refreshes itself until the pictures are checked.
  await expect(page.getByText("Pictures for 20 products (21 pictures)")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("photo-unmatched")).toContainText(
    `not-a-product-${uid}.jpg — No product has this name or slug`,
  );
  await expect(page.locator(`[data-product="${products[0].slug}"]`)).toContainText("Gallery 2");
  await expectNoViolations(page, "the photo import preview");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Photos imported for 20 products.");
  await expect(page.getByTestId("photo-state")).toContainText("Imported");

  for (const p of products.slice(0, 3)) {
    await page.goto(`/products/${category}/${p.slug}`);
    await expect(page.getByTestId("main-image")).toHaveAttribute("src", new RegExp(`/products/${p.slug}-\\w{8}\\.jpg`));
  }
  // Every one of the twenty cards shows its own picture, not the placeholder. The category lists 24 a page, and
  // other tests add products to it at the same time: the cards are looked for on its first pages.
  const cardPictures = new Map<string, string | null>();
  for (const address of [`/products/${category}`, `/products/${category}?page=2`, `/products/${category}?page=3`]) {
    if ((await page.goto(address))?.status() !== 200) break;
    for (const p of products) {
      const card = page.getByRole("img", { name: p.name, exact: true });
      if (await card.count()) cardPictures.set(p.name, await card.getAttribute("src"));
    }
  }
  for (const p of products) expect(cardPictures.get(p.name), p.name).toMatch(new RegExp(`/products/${p.slug}-\\w{8}`));
});
