import { slugify } from "../../app/lib/slug";
import { deleteProduct, expect, findProductId, test } from "./support/fixtures";
import { jpeg } from "./support/files";

// The catalogue back office. Each test makes what it changes under names of its own, on the main site; adding a
// category changes the category list that public tests count, so that test runs on a site of the worker's own.

test.describe("on a site of its own", () => {
  test.use({ site: "own" });

  test("add, edit and delete a category, seen on the public site", async ({ adminPage: page, uid }) => {
    const name = `Spices & Herbs ${uid}`;
    const renamed = `Spices ${uid}`;
    await page.goto("/admin/manage-categories");
    await page.getByRole("link", { name: "Add New Category" }).click();
    await page.getByLabel("Category Name").fill(name);
    await expect(page.getByLabel("Slug")).toHaveValue(`spices-herbs-${uid}`);
    await page.getByLabel("Description").fill("Dried chillies, turmeric and cumin.");
    await page.getByLabel("Category Image").setInputFiles(await jpeg("spices.jpg", "#c0392b"));
    await expect(page.getByAltText("Category Image preview")).toBeVisible();
    await page.getByRole("button", { name: "Add Category" }).click();
    await page.waitForURL("**/admin/manage-categories");
    await expect(page.getByTestId("toast")).toContainText("Category Added");
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

    await page.goto("/our-products");
    await expect(page.getByRole("heading", { name })).toBeVisible();

    await page.goto("/admin/manage-categories");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Category Name").fill(renamed);
    await expect(page.getByLabel("Slug")).toHaveValue(`spices-${uid}`);
    await page.getByRole("button", { name: "Update Category" }).click();
    await expect(page.getByTestId("toast")).toContainText("Category Updated");
    await expect((await page.request.get(`/products/spices-${uid}`)).status()).toBe(200);

    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Success!");
    await expect(page.getByRole("cell", { name: renamed, exact: true })).toHaveCount(0);
  });
});

test("a category with products cannot be deleted", async ({ adminPage: page }) => {
  await page.goto("/admin/manage-categories");
  await page.getByRole("button", { name: "Delete Garlic" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cannot Delete Category");
  await expect(page.getByTestId("toast")).toContainText("Please delete or reassign these products first.");
  await expect(page.getByRole("cell", { name: "Garlic", exact: true })).toBeVisible();
});

test("editing a category's name keeps its slug following while it follows, and not once edited by hand", async ({
  adminPage: page,
}) => {
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
  // Nothing saved: every other test sees the category as seeded.
});

test("add a product with a main image, two gallery images and specifications; edit it; see it on the site; delete it", async ({
  adminPage: page,
  adminRequest,
  onCleanup,
  uid,
}) => {
  // In a category whose products no other test counts.
  const name = `Rose Onion Premium ${uid}`;
  const slug = `rose-onion-premium-${uid}`;
  const path = `/products/fresh-vegetables/${slug}`;
  onCleanup(async () => {
    const id = await findProductId(adminRequest, "fresh-vegetables", slug);
    if (id) await deleteProduct(adminRequest, id);
  });
  await page.goto("/admin/manage-products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  await page.getByLabel("Product Name").fill(name);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByLabel("Category").selectOption({ label: "Fresh Vegetables" });
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

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(3);
  await expect(page.locator("dl div").filter({ hasText: "Organic" }).locator("dd")).toHaveText("Yes");
  await expect(page.getByText("This is a featured product!")).toBeVisible();

  await page.goto(`/admin/manage-products?q=${encodeURIComponent(name.toLowerCase())}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByLabel("Description").fill("Updated description.");
  await page.getByLabel("Remove").first().check();
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByTestId("toast")).toContainText("Product Updated!");
  await page.goto(path);
  await expect(page.getByText("Updated description.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(2);

  await page.goto("/admin/manage-products?q=rose");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Success!");
  expect((await page.request.get(path)).status()).toBe(404);
});

test("import a CSV with good, bad and duplicate rows after a preview, and download the export", async ({
  adminPage: page,
  adminRequest,
  onCleanup,
  seededProduct,
  uid,
}) => {
  // One row adds a product of this test's own, one updates the seeded product; both in the seeded product's category.
  const category = seededProduct.categorySlug;
  const added = { name: `Imported Shallot ${uid}`, slug: slugify(`Imported Shallot ${uid}`) };
  onCleanup(async () => {
    const id = await findProductId(adminRequest, category, added.slug);
    if (id) await deleteProduct(adminRequest, id);
  });
  await page.goto("/admin/manage-products");
  await page.getByRole("link", { name: "Import Products (CSV)" }).click();
  const csv = [
    "name,slug,category_slug,description,specifications,export_info,is_featured,image_url,gallery_images",
    `${added.name},,${category},From the CSV,"{""Size"":""20 mm""}",,true,,`,
    `${seededProduct.name},${seededProduct.slug},${category},Updated by CSV,,,,,`,
    "Nowhere,nowhere,no-category,,,,,,",
    `${added.name},${added.slug},${category},Duplicate,,,,,`,
  ].join("\r\n");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview Import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("1 to add");
  await expect(summary).toContainText("1 to update");
  await expect(summary).toContainText("2 to skip");
  await expect(page.getByText('No category named "no-category". The categories are: ')).toBeVisible();
  await expect(page.getByText("Same category and slug as line 2.")).toBeVisible();
  // The product the file will change is named, with its category.
  const updates = page.getByTestId("import-updates");
  await expect(updates).toContainText(seededProduct.categoryName);
  await expect(updates).toContainText(`Line 3: ${seededProduct.name}`);
  await page.getByRole("button", { name: "Import 2 Products" }).first().click();
  await page.waitForURL("**/admin/manage-products");
  await expect(page.getByTestId("toast")).toContainText("Import Successful");
  await expect(page.getByTestId("toast")).toContainText("2 products imported.");
  await page.goto(seededProduct.url);
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
  expect(text).toContain(`${added.name},${added.slug},${category}`);
});

test("a PDF chosen by mistake is answered in plain words, and the form says how large a file may be", async ({
  adminPage: page,
}) => {
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
