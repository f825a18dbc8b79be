import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const NAV = ["Home", "About Us", "Our Products", "Certificates", "Gallery", "Blog", "Contact Us"];

/** The page is scrolled, and how far: the open menu keeps the page behind it still. */
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe("phone header", () => {
  test("mobile menu: slides in with the same links, closed by a link, the logo, the close button and Escape", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(menu).toBeHidden();
    await expect(open).toHaveAttribute("aria-expanded", "false");

    await open.click();
    await expect(menu).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("navigation").getByRole("link")).toHaveText(NAV);
    await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
    // The page behind stays where it is, and the address does not change (no `#mobile-menu` to come back to).
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    expect(new URL(page.url()).hash).toBe("");
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    // Space opens it too (the server's link is a button here).
    await open.focus();
    await page.keyboard.press(" ");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    // A link loads its page, with the menu closed and that page marked as the one shown.
    await open.click();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(menu).toBeHidden();
    await expect(page.locator('#mobile-menu a[aria-current="page"]')).toHaveText("About Us");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    expect(await scrollY(page)).toBe(0);

    // The logo too.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: /\shome$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();

    // Back returns to a page whose menu is closed, and that menu still opens.
    await page.goBack();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("[inert]")).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
  });

  test("widening the window to the desktop layout closes the open menu and leaves nothing inert", async ({ page }) => {
    await page.goto("/gallery");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.locator("[inert]")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" })).toBeVisible();
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
  // The menu holds twelve stops (logo, close, seven links, three languages): twice round each way.
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 24; i++) {
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

test("the Arabic menu slides in from the right, named in Arabic, its languages a page load away", async ({ page }) => {
  await page.goto("/ar/about-us");
  const menu = page.getByRole("dialog", { name: "القائمة" });
  await page.getByRole("button", { name: "افتح القائمة" }).click();
  await expect(menu).toBeVisible();
  // Slid in from the right, it ends covering the screen.
  await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
  await menu.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/about-us");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu is a link to its panel: it opens, closes where the page was, and its links load their pages", async ({
    page,
  }) => {
    await page.goto("/blog");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const open = page.getByRole("link", { name: "Open menu" });
    await expect(menu).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 500));
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(0);
    await open.click();
    await expect(menu).toBeVisible();
    // Once slid in (a click on a link still moving would make the test scroll the page to reach it).
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    await expect(menu.getByRole("navigation").getByRole("link")).toHaveText(NAV);
    await expect(menu.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    // The page behind keeps still.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await menu.getByRole("link", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    expect(await scrollY(page)).toBe(before);

    await open.click();
    await menu.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.locator('#mobile-menu a[aria-current="page"]')).toHaveText("Contact Us");

    // Its languages too: the Arabic page, right to left, with the menu closed and named in Arabic.
    await open.click();
    await menu.getByRole("link", { name: "العربية", exact: true }).click();
    await expect(page).toHaveURL(/\/ar\/contact-us$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("dialog", { name: "القائمة" })).toBeHidden();
    await page.getByRole("link", { name: "افتح القائمة" }).click();
    await expect(page.getByRole("dialog", { name: "القائمة" })).toBeVisible();
  });
});
