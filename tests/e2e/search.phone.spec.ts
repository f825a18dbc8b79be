import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// The site's search from the header of a 390 px phone (issue 43): the menu's form or the header's icon, a product
// typed in the page's language, its card among the results, and its page. The demo's Nashik Red Onion is named in
// Arabic and Bengali.

/** The results page's card of a product, by its name as shown, and its page through the card's link. */
async function followCard(page: Page, name: string) {
  const card = page.locator("li").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.locator("img")).toBeVisible();
  await card
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

/** The page is no wider than the phone: nothing in the header (or below it) makes it scroll sideways. */
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test.describe("search from the phone header", () => {
  test("in Arabic, from the menu's form: the product's card, then its page", async ({ page }) => {
    await page.goto("/ar");
    await noSidewaysScroll(page);
    await page.locator('[aria-controls="mobile-menu"]').click();
    const menu = page.locator("#mobile-menu");
    const field = menu.getByRole("searchbox", { name: "ابحث في المنتجات والفئات والمقالات" });
    await expect(field).toBeVisible();
    await field.fill("بصل ناشيك");
    await menu.getByRole("button", { name: "بحث" }).click();

    await expect(page).toHaveURL(/\/ar\/search\?q=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("بصل ناشيك");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("البحث");
    await expect(page.getByRole("status")).toContainText("«بصل ناشيك»");
    await expect(page.locator("#search-q")).toHaveValue("بصل ناشيك");
    await noSidewaysScroll(page);
    await followCard(page, "بصل ناشيك الأحمر");
    await expect(page).toHaveURL(/\/ar\/products\/[^/]+\/[^/]+$/);
  });

  test("in Bengali, from the header's icon: the search page, the product's card, then its page", async ({ page }) => {
    await page.goto("/bn/about-us");
    await noSidewaysScroll(page);
    await page.locator("header").getByRole("link", { name: "খুঁজুন" }).click();
    await expect(page).toHaveURL(/\/bn\/search$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("অনুসন্ধান");
    await page.getByRole("searchbox", { name: "পণ্য, বিভাগ ও নিবন্ধ খুঁজুন" }).last().fill("নাসিকের পেঁয়াজ");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/bn\/search\?q=/);
    await expect(page.getByRole("status")).toContainText("নাসিকের পেঁয়াজ");
    await noSidewaysScroll(page);
    await followCard(page, "নাসিকের লাল পেঁয়াজ");
    await expect(page).toHaveURL(/\/bn\/products\/[^/]+\/[^/]+$/);
  });
});

test.describe("search from the phone menu without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("in English: the menu opens as a link, its form is a plain GET, the card links to the product", async ({
    page,
  }) => {
    await page.goto("/gallery");
    await page.locator('a[href="#mobile-menu"]').click();
    const menu = page.locator("#mobile-menu");
    const field = menu.getByRole("searchbox", { name: "Search products, categories and articles" });
    await expect(field).toBeVisible();
    await field.fill("nashik red");
    await field.press("Enter");

    await expect(page).toHaveURL(/\/search\?q=nashik\+red$/);
    await expect(page.getByRole("status")).toContainText('for "nashik red"');
    await followCard(page, "Nashik Red Onion");
    await expect(page).toHaveURL(/\/products\/fresh-onions\/nashik-red-onion$/);
  });
});

test("axe finds nothing on the phone's results and 'No results' pages, nor with the menu's search", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const path of [
    "/bn/search?q=%E0%A6%AA%E0%A7%87%E0%A6%81%E0%A6%AF%E0%A6%BC%E0%A6%BE%E0%A6%9C",
    "/search?q=zzzqqq",
  ]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  await page.goto("/ar");
  await page.locator('[aria-controls="mobile-menu"]').click();
  await expect(page.locator("#menu-search")).toBeVisible();
  await expectNoViolations(page, "/ar with the menu open");
});
