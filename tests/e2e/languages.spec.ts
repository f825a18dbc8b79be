import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Issue 26: the demo site ships in Arabic and Bengali besides English (the seed enables them). Run on a desktop and
// on a 390 px phone (playwright.config.ts).

/** How far the page reaches past the window's width, sideways (0 when nothing scrolls horizontally). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
  });

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

test("the Arabic pages are right to left, mirrored, and never scroll sideways", async ({ page }) => {
  for (const path of ["/ar", "/ar/about-us", "/ar/our-products", "/ar/contact-us", "/bn", "/"]) {
    await page.goto(path);
    const lang = path.slice(1, 3) || "en";
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
  // Mirrored: the logo at the right, the menu or the switcher at the left.
  await page.goto("/ar");
  const logo = await page.getByRole("banner").getByRole("link").first().boundingBox();
  const switcher = isPhone(page)
    ? await page.getByRole("button", { name: "افتح القائمة" }).boundingBox()
    : await page.getByTestId("language-switcher").boundingBox();
  expect(logo!.x).toBeGreaterThan(switcher!.x);
  await page.screenshot({ path: `test-results/languages-ar-home-${isPhone(page) ? "phone" : "desktop"}.png` });
});

test("the switcher keeps the visitor on the same page, there and back", async ({ page }) => {
  await page.goto("/about-us");
  const choose = async (name: string) => {
    if (isPhone(page)) {
      // The menu's opener, named in the page's language (a link until the page's script makes it a button).
      await page.locator('[aria-controls="mobile-menu"]').click();
      await page.getByRole("dialog").getByRole("link", { name, exact: true }).click();
    } else {
      await page.getByTestId("language-switcher").locator("summary").click();
      await page.getByTestId("language-switcher").getByRole("link", { name, exact: true }).click();
    }
  };
  await choose("العربية");
  await expect(page).toHaveURL(/\/ar\/about-us$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/languages-ar-about-${isPhone(page) ? "phone" : "desktop"}.png` });

  await choose("বাংলা");
  await expect(page).toHaveURL(/\/bn\/about-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  await choose("English");
  await expect(page).toHaveURL((url) => url.pathname === "/about-us");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the switcher, the menu's languages and the footer's keep the visitor on the same page", async ({ page }) => {
    await page.goto("/about-us");
    if (isPhone(page)) {
      await page.getByRole("link", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "العربية", exact: true }).click();
    } else {
      // A <details>: opens and closes without a script.
      const switcher = page.getByTestId("language-switcher");
      await switcher.locator("summary").click();
      await expect(switcher.getByRole("link", { name: "বাংলা", exact: true })).toBeVisible();
      await switcher.locator("summary").click();
      await expect(switcher.getByRole("link", { name: "বাংলা", exact: true })).toBeHidden();
      await switcher.locator("summary").click();
      await switcher.getByRole("link", { name: "العربية", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/ar\/about-us$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "বাংলা", exact: true }).click();
    await expect(page).toHaveURL(/\/bn\/about-us$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await page.getByRole("contentinfo").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/about-us");
  });
});

test("a page downloads the Arabic or Bengali font only when it shows those letters, and draws them with it", async ({
  browser,
  baseURL,
  page,
}) => {
  const viewport = page.viewportSize();
  // Each page in a browser of its own: Chromium asks again for the fonts the page before used.
  const fontsOf = async (path: string) => {
    const context = await browser.newContext({ baseURL, viewport });
    try {
      const fresh = await context.newPage();
      const fonts: string[] = [];
      fresh.on("request", (request) => {
        if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
      });
      await fresh.goto(path, { waitUntil: "networkidle" });
      // The heading is drawn in the font that has its letters (a device without them showed boxes).
      const heading = (await fresh.getByRole("heading", { level: 1 }).textContent()) ?? "";
      // check(): every face the text needs (by its letters) is loaded; a Latin heading needs neither.
      const drawn = await fresh.evaluate(
        (text) =>
          document.fonts.ready.then(() =>
            document.fonts.check("700 32px 'Noto Naskh Arabic', 'Noto Sans Bengali'", text),
          ),
        heading,
      );
      expect(drawn, path).toBe(true);
      return [
        ...new Set(
          fonts.map((font) => (/naskh-arabic/.test(font) ? "arabic" : /sans-bengali/.test(font) ? "bengali" : font)),
        ),
      ];
    } finally {
      await context.close();
    }
  };
  // English: nothing to download (the footer names "বাংলা" and "العربية" in the device's own fonts).
  expect(await fontsOf("/our-products")).toEqual([]);
  expect(await fontsOf("/bn/our-products")).toEqual(["bengali"]);
  expect(await fontsOf("/ar/our-products")).toEqual(["arabic"]);
});

test("an address on an Arabic page reads its codes as written", async ({ page }) => {
  await page.goto("/ar/contact-us");
  // Where each part of "117/N/72" is drawn: a right-to-left paragraph put "72" at the left before.
  const leftOf = (part: string) =>
    page.locator("main address").evaluate((address, part) => {
      const text = address.firstChild!;
      const range = document.createRange();
      const start = text.textContent!.indexOf(part);
      range.setStart(text, start);
      range.setEnd(text, start + part.length);
      return range.getBoundingClientRect().left;
    }, part);
  const [first, middle, last] = [await leftOf("117"), await leftOf("N"), await leftOf("72")];
  expect(first).toBeLessThan(middle);
  expect(middle).toBeLessThan(last);
});
