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

test("the open menu keeps the keyboard: Tab and Shift+Tab go round inside it, nothing behind it takes focus", async ({
  page,
}) => {
  await page.goto("/about-us");
  const menu = page.getByRole("dialog", { name: "Menu" });
  const open = page.getByRole("button", { name: "Open menu" });
  await open.click();
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
  const focusInMenu = () =>
    page.evaluate(() =>
      document.activeElement?.closest("#mobile-menu")
        ? "menu"
        : `outside: ${document.activeElement?.outerHTML.slice(0, 80)}`,
    );
  // The menu holds nine stops (logo, close, seven links): twice round each way.
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 18; i++) {
      await page.keyboard.press(key);
      expect(await focusInMenu(), `${key} × ${i + 1}`).toBe("menu");
    }
  }
  // Behind the menu, every link, button and field is inert (as behind a modal <dialog>): not reachable at all.
  const reachableBehind = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")].filter(
          (element) => !element.closest("#mobile-menu") && !element.closest("[inert]"),
        ).length,
    );
  expect(await reachableBehind()).toBe(0);

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();
  expect(await reachableBehind()).toBeGreaterThan(10);
  expect(await page.locator("[inert]").count()).toBe(0);
});
