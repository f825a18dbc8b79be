import { compareThreeFromCategory } from "./support/compare";
import { expect, test } from "./support/fixtures";

// 'Compare' (issue 43) on a desktop: three products from a category page with JavaScript, and without it, a
// product page's link to its comparison and the form that adds another.

test("compare three products from a category page", async ({ page }) => {
  await compareThreeFromCategory(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a product page's 'Compare' leads to its comparison, where a form adds another product", async ({ page }) => {
    await page.goto("/products/fresh-onions/nashik-red-onion");
    await page.getByRole("link", { name: /^Compare ?: Nashik Red Onion$/ }).click();
    await expect(page).toHaveURL(/\/compare\?products=[\w-]+$/);
    await expect(page.getByTestId("compare-product")).toHaveCount(1);
    await page.getByLabel("Add a product to compare").selectOption({ label: "Pink Onion" });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByTestId("compare-product")).toHaveCount(2);
    await expect(
      page.getByTestId("compare-product").nth(1).getByRole("link", { name: "Pink Onion", exact: true }),
    ).toBeVisible();
    await page.getByRole("link", { name: /^Remove ?: Nashik Red Onion$/ }).click();
    await expect(page.getByTestId("compare-product")).toHaveCount(1);
  });
});
