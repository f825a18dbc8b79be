import { expect, test, type Page } from "@playwright/test";
import { jpeg } from "./support/files";
import { startSiteWithAdmin } from "./support/spawn-server";

// The catalogue back office on a site of its own (seeded), so its changes never race the public-page tests.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startSiteWithAdmin>>["server"];
let adminPage: Page;

test.beforeAll(async ({ browser }) => {
  // Starting and seeding a site of its own (pictures drawn by sharp) takes longer than a test on a busy machine.
  test.setTimeout(120_000);
  ({ server, page: adminPage } = await startSiteWithAdmin(browser, {
    name: "Catalogue Admin",
    email: "catalogue@example.com",
    password: "catalogue-password-1",
  }));
});
test.afterAll(async () => {
  await adminPage?.close();
  await server?.stop();
});

test("add, edit and delete a category, seen on the public site", async () => {
  const page = adminPage;
  await page.goto("/admin/manage-categories");
  await page.getByRole("link", { name: "Add New Category" }).click();
  await page.getByLabel("Category Name").fill("Spices & Herbs");
  await expect(page.getByLabel("Slug")).toHaveValue("spices-herbs");
  await page.getByLabel("Description").fill("Dried chillies, turmeric and cumin.");
  await page.getByLabel("Category Image").setInputFiles(await jpeg("spices.jpg", "#c0392b"));
  await expect(page.getByAltText("Category Image preview")).toBeVisible();
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.waitForURL("**/admin/manage-categories");
  await expect(page.getByTestId("toast")).toContainText("Category Added");
  await expect(page.getByRole("cell", { name: "Spices & Herbs", exact: true })).toBeVisible();

  await page.goto("/our-products");
  await expect(page.getByRole("heading", { name: "Spices & Herbs" })).toBeVisible();

  await page.goto("/admin/manage-categories");
  await page.getByRole("link", { name: "Edit Spices & Herbs" }).click();
  await page.getByLabel("Category Name").fill("Spices");
  await expect(page.getByLabel("Slug")).toHaveValue("spices");
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(page.getByTestId("toast")).toContainText("Category Updated");
  await expect((await page.request.get("/products/spices")).status()).toBe(200);

  await page.getByRole("button", { name: "Delete Spices" }).click();
  await expect(page.getByTestId("toast")).toContainText("Success!");
  await expect(page.getByRole("cell", { name: "Spices", exact: true })).toHaveCount(0);
});

test("a category with products cannot be deleted", async () => {
  const page = adminPage;
  await page.goto("/admin/manage-categories");
  await page.getByRole("button", { name: "Delete Garlic" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cannot Delete Category");
  await expect(page.getByTestId("toast")).toContainText("Please delete or reassign these products first.");
  await expect(page.getByRole("cell", { name: "Garlic", exact: true })).toBeVisible();
});

test("editing a category's name keeps its slug following while it follows, and not once edited by hand", async () => {
  const page = adminPage;
  await page.goto("/admin/manage-categories");
  await page.getByRole("link", { name: "Edit Potatoes" }).click();
  const name = page.getByLabel("Category Name");
  const slug = page.getByLabel("Slug");
  await name.press("End");
  await name.pressSequentially(" Fresh");
  await expect(slug).toHaveValue("potatoes-fresh");
  await slug.fill("spuds");
  await name.pressSequentially(" Red");
  await expect(slug).toHaveValue("spuds");
  // Nothing saved: the next tests see the category as seeded.
});

test("add a product with a main image, two gallery images and specifications; edit it; see it on the site; delete it", async () => {
  const page = adminPage;
  await page.goto("/admin/manage-products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  await page.getByLabel("Product Name").fill("Rose Onion Premium");
  await expect(page.getByLabel("Slug")).toHaveValue("rose-onion-premium");
  await page.getByLabel("Category").selectOption({ label: "Fresh Onions" });
  await page.getByLabel("Description").fill("Bangalore rose onions for pickling.");
  await page.getByLabel("Main Image").setInputFiles(await jpeg("main.jpg", "#8e44ad"));
  await page
    .getByLabel("Add gallery images")
    .setInputFiles([await jpeg("g1.jpg", "#2980b9"), await jpeg("g2.jpg", "#27ae60")]);
  await page.getByLabel("Specification 1 name").fill("Size");
  await page.getByLabel("Specification 1 value").fill("25–40 mm");
  await page.getByRole("button", { name: "Add Specification" }).click();
  await page.getByLabel("Specification 2 name").fill("Organic");
  await page.getByLabel("Specification 2 kind").selectOption("boolean");
  await page.getByLabel("Specification 2 value").selectOption("yes");
  await page.getByLabel("Export Information").fill("Mesh bags of 10 kg.");
  await page.getByLabel("Featured product").check();
  await page.getByRole("button", { name: "Add Product" }).click();
  await page.waitForURL("**/admin/manage-products");
  await expect(page.getByTestId("toast")).toContainText("Product Added!");

  await page.goto("/products/fresh-onions/rose-onion-premium");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rose Onion Premium");
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(3);
  await expect(page.locator("dl div").filter({ hasText: "Organic" }).locator("dd")).toHaveText("Yes");
  await expect(page.getByText("This is a featured product!")).toBeVisible();

  await page.goto("/admin/manage-products?q=rose%20onion%20premium");
  await page.getByRole("link", { name: "Edit Rose Onion Premium" }).click();
  await page.getByLabel("Description").fill("Updated description.");
  await page.getByLabel("Remove").first().check();
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByTestId("toast")).toContainText("Product Updated!");
  await page.goto("/products/fresh-onions/rose-onion-premium");
  await expect(page.getByText("Updated description.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(2);

  await page.goto("/admin/manage-products?q=rose");
  await page.getByRole("button", { name: "Delete Rose Onion Premium" }).click();
  await expect(page.getByTestId("toast")).toContainText("Success!");
  expect((await page.request.get("/products/fresh-onions/rose-onion-premium")).status()).toBe(404);
});

test("import a CSV with good, bad and duplicate rows after a preview, and download the export", async () => {
  const page = adminPage;
  await page.goto("/admin/manage-products");
  await page.getByRole("link", { name: "Import Products (CSV)" }).click();
  const csv = [
    "name,slug,category_slug,description,specifications,export_info,is_featured,image_url,gallery_images",
    'Imported Shallot,,fresh-onions,From the CSV,"{""Size"":""20 mm""}",,true,,',
    "Pink Onion,pink-onion,fresh-onions,Updated by CSV,,,,,",
    "Nowhere,nowhere,no-category,,,,,,",
    "Imported Shallot,imported-shallot,fresh-onions,Duplicate,,,,,",
  ].join("\r\n");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview Import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("1 to add");
  await expect(summary).toContainText("1 to update");
  await expect(summary).toContainText("2 to skip");
  await expect(page.getByText('No category with the slug "no-category".')).toBeVisible();
  await expect(page.getByText("Same category and slug as line 2.")).toBeVisible();
  // The product the file will change is named, with its category.
  const updates = page.getByTestId("import-updates");
  await expect(updates).toContainText("Fresh Onions");
  await expect(updates).toContainText("Line 3: Pink Onion");
  await page.getByRole("button", { name: "Import 2 Products" }).click();
  await page.waitForURL("**/admin/manage-products");
  await expect(page.getByTestId("toast")).toContainText("Import Successful");
  await expect(page.getByTestId("toast")).toContainText("2 products imported.");
  await page.goto("/products/fresh-onions/pink-onion");
  await expect(page.getByText("Updated by CSV")).toBeVisible();
  // Its image_url cell was blank: the picture it had is kept.
  await expect(page.getByTestId("main-image")).toBeVisible();

  await page.goto("/admin/manage-products");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Products (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text).toContain(
    "name,slug,category_slug,description,specifications,export_info,is_featured,image_url,gallery_images",
  );
  expect(text).toContain("Imported Shallot,imported-shallot,fresh-onions");
});

test("a PDF chosen by mistake is answered in plain words, and the form says how large a file may be", async () => {
  const page = adminPage;
  await page.goto("/admin/manage-products/import");
  await expect(page.getByText("CSV file (at most 20 MB)")).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles({
    name: "price-list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n", "latin1"),
  });
  await page.getByRole("button", { name: "Preview Import" }).click();
  await expect(page.getByTestId("toast")).toContainText("Import Error");
  await expect(page.getByTestId("import-message")).toContainText(
    "This is not a CSV file. Save the spreadsheet as CSV (comma-separated) and choose that file.",
  );
});
