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
});
