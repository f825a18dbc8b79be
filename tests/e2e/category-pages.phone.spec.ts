import type { Page } from "@playwright/test";
import { createDatabase } from "../../app/db/database.server";
import { addBigCategory } from "../../bench/support/big-category";
import { expect, test } from "./support/fixtures";

// Issue 13: a long category is read a page at a time through plain links, on the narrowest phone we design for.
// A site of its own (public tests count the categories); the products are written straight into its SQLite file.
test.use({ site: "own", viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // A phone browser zooms out to show a page wider than the screen, which widens innerWidth with it.
  const screen = Math.min(innerWidth, page.viewportSize()!.width);
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${screen} px screen`).toBeLessThanOrEqual(screen);
}

test("Next and Previous walk a long category's pages without sideways scrolling", async ({ page, siteServer, uid }) => {
  const db = createDatabase({ dataDir: siteServer.dataDir! });
  const category = await addBigCategory(db, { slug: `paged-${uid}`, name: `Paged ${uid}`, count: 60 });
  try {
    const path = `/products/${category.slug}`;
    const pages = page.getByRole("navigation", { name: "Pages" });
    const cards = page.getByRole("main").getByRole("heading", { level: 2 });

    await page.goto(path);
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toHaveText(`Paged ${uid} 00001`);
    await expect(pages.getByText("Page 1 of 3")).toBeVisible();
    // The whole row fits the screen's width.
    await pages.scrollIntoViewIfNeeded();
    await expect(pages.getByRole("link", { name: "Next" })).toBeInViewport({ ratio: 1 });
    await expect(pages.locator('[aria-disabled="true"]')).toBeInViewport({ ratio: 1 }); // Previous, dimmed
    await expectNoSidewaysScroll(page);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${siteServer.url}${path}?page=2`);
    await expect(cards.first()).toHaveText(`Paged ${uid} 00025`);
    await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");
    await expectNoSidewaysScroll(page);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`${siteServer.url}${path}`);
    await expect(cards.first()).toHaveText(`Paged ${uid} 00001`);

    await pages.getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(`${siteServer.url}${path}?page=3`);
    await expect(cards).toHaveCount(12);
    await expectNoSidewaysScroll(page);
  } finally {
    await db.deleteFrom("products").where("category_id", "=", category.id).execute();
    await db.deleteFrom("product_categories").where("id", "=", category.id).execute();
    await db.destroy();
  }
});
