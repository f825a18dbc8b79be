import { expect, test } from "./support/fixtures";

const NAV = ["Home", "About Us", "Our Products", "Certificates", "Gallery", "Blog", "Contact Us"];

test.describe("desktop header", () => {
  test("header: the seven links in order, the active one bold, a shadow once scrolled past 10 px", async ({ page }) => {
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveText(NAV);
    await expect(links.first()).toHaveCSS("font-weight", "700");
    await expect(links.nth(1)).not.toHaveCSS("font-weight", "700");

    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).not.toHaveCSS("box-shadow", "none");
  });

  test("header links: the section shown is current, and a click navigates in the page without reloading it", async ({
    page,
  }) => {
    await page.goto("/products/fresh-onions/nashik-red-onion");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Our Products" })).toHaveAttribute("aria-current", "page");
    await expect(main.getByRole("link", { name: "Our Products" })).toHaveCSS("font-weight", "700");
    await expect(main.locator("[aria-current]")).toHaveCount(1);

    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await main.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(main.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
