import { expect, test } from "./support/fixtures";

// Runs at phone and desktop sizes; the header itself differs by width (header.desktop / menu.phone).

test.describe("public shell", () => {
  test("footer: contact details and social links from settings, '#' hidden", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer).toContainText("Kanpur");
    await expect(footer.getByRole("link", { name: "exports@gangaagroexports.com" })).toHaveAttribute(
      "href",
      "mailto:exports@gangaagroexports.com",
    );
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /^https:\/\//);
    await expect(footer.getByRole("link", { name: "LinkedIn" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Twitter" })).toHaveCount(0);
  });

  test("chat button: appears after 300 px of scrolling and links with the number's digits only", async ({ page }) => {
    await page.goto("/");
    const chat = page.getByTestId("chat-button");
    await expect(chat).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    await expect(chat).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute("href", "https://wa.me/919839012345");
  });

  test.describe("on a site of its own", () => {
    test.use({ site: "own" });

    // Issue 27: a cleared chat number hides the button, instead of sending buyers to a built-in demo number.
    test("a cleared chat number hides the chat button and the footer's chat link", async ({ adminPage: page }) => {
      const chat = page.getByTestId("chat-button");
      const scrolled = async () => {
        await page.goto("/");
        await page.evaluate(() => window.scrollTo(0, 600));
      };
      await scrolled();
      await expect(chat).toBeVisible();

      await page.goto("/admin/site-settings");
      const number = page.getByRole("textbox", { name: "WhatsApp number", exact: true });
      const original = await number.inputValue();
      await number.fill("");
      await page.getByRole("button", { name: "Save All Changes" }).first().click();
      await expect(page.getByTestId("toast")).toContainText("Settings Saved!");
      await expect(number).toHaveValue("");
      try {
        await scrolled();
        await page.waitForTimeout(300);
        await expect(chat).toHaveCount(0);
        await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
        await expect(page.locator("footer")).toContainText("Kanpur");
      } finally {
        await page.goto("/admin/site-settings");
        await number.fill(original);
        await page.getByRole("button", { name: "Save All Changes" }).first().click();
        await expect(page.getByTestId("toast")).toContainText("Settings Saved!");
      }
      await scrolled();
      await expect(chat).toHaveAttribute("href", "https://wa.me/919839012345");
    });
  });

  test("not-found page with status 404 for an unknown path, and back home", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found.");
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a client-side navigation reads out the new page's title and takes focus to its content", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    const announcer = page.getByTestId("route-announcer");
    await expect(announcer).toHaveAttribute("aria-live", "polite");
    await expect(announcer).toHaveText("");
    await page.locator("footer").getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Blog");
    await expect(announcer).toHaveText(await page.title());
    expect(await page.title()).toMatch(/Blog/);
    await expect(page.locator("main")).toBeFocused();
    // Not a page load: the same document, only its content changed.
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });

  test("scrolls to the top on every path change", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Home" }).click();
    await page.waitForURL(/\/$/);
    await page.locator("footer").getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
