import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * 'Compare' with JavaScript from a category page (issue 43): three cards' 'Compare' pressed, the bar's count, and the
 * comparison it leads to; a fifth product past the four refused with a toast.
 */
export async function compareThreeFromCategory(page: Page) {
  await page.goto("/products/fresh-onions");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const bar = page.getByTestId("compare-bar");
  await expect(bar).toBeHidden();
  for (const name of ["Nashik Red Onion", "Pink Onion", "White Onion"]) {
    const toggle = page.getByRole("button", { name: new RegExp(`^Compare ?: ${name}$`) });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  }
  await expect(bar).toHaveText("Compare (3)");
  // Pressed again, it leaves the list; and back.
  const pink = page.getByRole("button", { name: /^Compare ?: Pink Onion$/ });
  await pink.click();
  await expect(pink).toHaveAttribute("aria-pressed", "false");
  await expect(bar).toHaveText("Compare (2)");
  await pink.click();
  await expect(bar).toHaveText("Compare (3)");

  await bar.click();
  await expect(page).toHaveURL(/\/compare\?products=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare products");
  const products = page.getByTestId("compare-product");
  await expect(products).toHaveCount(3);
  await expect(products.getByRole("link", { name: "Nashik Red Onion", exact: true })).toBeVisible();
  await expect(page.locator("tr[data-differs]").first()).toBeVisible();

  // The list is kept across pages: a fourth from another category, then a fifth is refused.
  await page.goto("/products/garlic");
  await page.getByRole("button", { name: /^Compare ?: Peeled Garlic$/ }).click();
  await expect(page.getByTestId("compare-bar")).toHaveText("Compare (4)");
  const single = page.getByRole("button", { name: /^Compare ?: Single Clove Garlic$/ });
  await single.click();
  await expect(page.getByTestId("toast")).toContainText("You can compare up to 4 products");
  await expect(single).toHaveAttribute("aria-pressed", "false");
}
