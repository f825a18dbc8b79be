import { compareThreeFromCategory } from "./support/compare";
import { expect, test } from "./support/fixtures";

// 'Compare' (issue 43) on a phone: three products from a category page, then the table scrolled sideways under its
// pinned column of labels, in English and in Arabic (pinned at the right).

test("compare three products from a category page, the labels pinned while the products scroll", async ({ page }) => {
  await compareThreeFromCategory(page);
  await page.goto("/products/fresh-onions");
  await page.getByTestId("compare-bar").click();
  for (const lang of ["en", "ar"]) {
    if (lang === "ar") await page.goto(page.url().replace("/compare", "/ar/compare"));
    const label = page.locator("tbody th").first();
    const before = (await label.boundingBox())!;
    const table = page.locator("table");
    expect((await table.boundingBox())!.width).toBeGreaterThan(390);
    await table.evaluate((el, left) => el.parentElement!.scrollBy({ left }), lang === "ar" ? -300 : 300);
    await expect.poll(async () => (await label.boundingBox())!.x).toBeCloseTo(before.x, 0);
    // The first product went under the labels.
    const first = page.getByTestId("compare-product").first();
    await expect.poll(async () => (await first.boundingBox())!.x).not.toBeCloseTo(before.x + before.width, 0);
  }
});
