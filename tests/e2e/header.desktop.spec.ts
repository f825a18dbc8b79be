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
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("box-shadow", "none");
  });

  // Public pages run no client-side router (ADR 0058): a header or footer link loads its page, which marks itself.
  test("header links: the section shown is current, and a click loads that page, marked current", async ({ page }) => {
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
    await expect(main.locator("[aria-current]")).toHaveCount(1);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBeUndefined();

    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(main.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the seven links load their pages, the current one bold; the phone menu's opener is not shown", async ({
    page,
  }) => {
    await page.goto("/about-us");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link")).toHaveText(NAV);
    await expect(main.getByRole("link", { name: "About Us" })).toHaveCSS("font-weight", "700");
    await main.getByRole("link", { name: "Certificates" }).click();
    await expect(page).toHaveURL(/\/certificates-memberships$/);
    await expect(main.getByRole("link", { name: "Certificates" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Open menu" })).toBeHidden();
    // The phone menu's panel is in the page but never shown on a desktop, even as the address's target.
    await page.goto("/about-us#mobile-menu");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("visible");
  });
});
