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
    // In the server's page, hidden: the toasts take its corner only while it is shown (app.css).
    await expect(chat).toBeHidden();
    const toastsBottom = () =>
      page.locator("[data-toast-region]").evaluate((region) => getComputedStyle(region).bottom);
    const bottomWithout = await toastsBottom();
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    await expect(chat).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute("href", "https://wa.me/919839012345");
    expect(parseFloat(await toastsBottom())).toBeGreaterThan(parseFloat(bottomWithout));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(chat).toBeHidden();
  });

  test("the product page's chat button asks about its product", async ({ page }) => {
    await page.goto("/products/fresh-onions/nashik-red-onion");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByTestId("chat-button")).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/919839012345\?text=.*Nashik%20Red%20Onion/,
    );
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

  // Public pages run no client-side router (ADR 0058): a link loads its page, which the browser shows from its top
  // and reads out by its title; the header marks it current.
  test("a link loads its page: a new document, at its top, titled and marked current", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Blog");
    expect(await page.title()).toMatch(/Blog/);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBeUndefined();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('header a[aria-current="page"]').first()).toHaveText("Blog");
    // No loading text, progress bar or announcer of a client-side router is left in the page.
    await expect(page.getByTestId("route-announcer")).toHaveCount(0);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chat button stays hidden; the footer's and the contact page's chat links serve", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByTestId("chat-button")).toBeHidden();
    await expect(page.locator("footer").getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      "https://wa.me/919839012345",
    );
    await page.goto("/contact-us");
    await expect(page.locator("main").getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      "https://wa.me/919839012345",
    );
  });

  test("the header's and footer's links load their pages, marked current; the header has no shadow", async ({
    page,
  }) => {
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Gallery");
    await expect(page.locator('header a[aria-current="page"]').first()).toHaveText("Gallery");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.locator("header").first()).toHaveCSS("box-shadow", "none");
  });
});
