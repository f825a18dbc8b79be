import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// A category's filters and sort on a 390 px phone (issue 43), as a buyer in Dhaka uses them: the Bengali page's
// 'Filter and sort' opened, a packaging chosen, then a sort, each a plain link whose address says it all; and the
// same without JavaScript. The demo's onion category holds four products (its Bengali
// address is its own): three come in 5 kg mesh bags, one from Gujarat.

const productNames = (page: Page) => page.locator("main ul li h2").allInnerTexts();

async function openFilters(page: Page) {
  const panel = page.getByTestId("category-filters").locator("details");
  await panel.locator("summary").click();
  await expect(panel).toHaveAttribute("open", "");
  return panel;
}

test("in Bengali: a packaging, then a sort, then cleared; every step its own address", async ({ page }) => {
  await page.goto("/bn/products/fresh-onions");
  const all = await productNames(page);
  expect(all).toHaveLength(4);
  let panel = await openFilters(page);
  await expect(panel.locator("summary")).toHaveText("ফিল্টার ও সাজানো");

  const fiveKg = panel.locator('a[href$="?packaging=5-kg-mesh-bag"]');
  await expect(fiveKg).toContainText("(৩)");
  await fiveKg.click();
  await expect(page).toHaveURL(/\/bn\/products\/[^/?]+\?packaging=5-kg-mesh-bag$/);
  const chosen = await productNames(page);
  expect(chosen).toHaveLength(3);
  expect(all).toEqual(expect.arrayContaining(chosen));

  panel = await openFilters(page);
  // The chosen value is marked (each other filter's 'All' keeps it too, so the one with its count).
  await expect(panel.locator('a[aria-current="true"]', { hasText: "(৩)" })).toHaveAttribute(
    "href",
    /\?packaging=5-kg-mesh-bag$/,
  );
  await panel.locator('a[href$="?packaging=5-kg-mesh-bag&sort=price"]').click();
  await expect(page).toHaveURL(/\?packaging=5-kg-mesh-bag&sort=price$/);
  // The same three, in another order: by the indicative price, lowest first.
  expect((await productNames(page)).sort()).toEqual([...chosen].sort());

  panel = await openFilters(page);
  await panel.getByRole("link", { name: "ফিল্টার মুছুন" }).click();
  await expect(page).toHaveURL(/\/bn\/products\/[^/?]+\?sort=price$/);
  expect(await productNames(page)).toHaveLength(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an origin chosen in English: one product, and 'All' brings the rest back", async ({ page }) => {
    await page.goto("/products/fresh-onions");
    const panel = await openFilters(page);
    await panel.getByRole("link", { name: /^Gujarat/ }).click();
    await expect(page).toHaveURL(/\/products\/fresh-onions\?origin=/);
    expect(await productNames(page)).toHaveLength(1);
    const again = await openFilters(page);
    await again.getByRole("group", { name: "Origin" }).getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/products\/fresh-onions$/);
    expect(await productNames(page)).toHaveLength(4);
  });
});
