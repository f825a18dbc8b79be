import { expect, test } from "./support/fixtures";

const NAV = ["Home", "About Us", "Our Products", "Certificates", "Gallery", "Blog", "Contact Us"];

test.describe("phone header", () => {
  test("mobile menu: slides in with the same links, closed by a link, the logo, the close button and Escape", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(menu).toBeHidden();

    await open.click();
    await expect(menu).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("navigation").getByRole("link")).toHaveText(NAV);
    await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole("link", { name: "Home" }).first().click();
    await expect(menu).toBeHidden();

    await page.goto("/somewhere-else");
    await open.click();
    await menu.getByRole("link", { name: "Home" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
  });
});
