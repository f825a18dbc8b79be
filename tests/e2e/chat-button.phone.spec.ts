import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { boxOf } from "./support/first-screen";

// The floating chat button on a 390×844 phone (issue 23): at the end of any page it covers nothing a buyer reads or
// presses, because the page keeps room for it there (as the product page does for its action bar).

/** Boxes of the visible text runs, links, buttons and form fields that meet `box`, outside the chat button. */
function coveredBy(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.evaluate((chat) => {
    const meets = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < chat.x + chat.width &&
      chat.x < r.right &&
      r.top < chat.y + chat.height &&
      chat.y < r.bottom;
    const button = document.querySelector('[data-testid="chat-button"]');
    const shown = (element: Element) =>
      !button?.contains(element) &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest(".sr-only");
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    for (const element of document.querySelectorAll("a, button, input, select, textarea, img"))
      if (shown(element) && meets(element.getBoundingClientRect()))
        found.push(`${element.tagName.toLowerCase()} ${element.outerHTML.slice(0, 80)}`);
    return found;
  }, box);
}

const PAGES = [
  ["home", "/"],
  ["a category", "/products/fresh-onions"],
  ["our products", "/our-products"],
  ["a product", "/products/fresh-onions/nashik-red-onion"],
  ["the blog", "/blog"],
  ["about", "/about-us"],
  ["contact", "/contact-us"],
  ["certificates", "/certificates-memberships"],
  ["the gallery", "/gallery"],
] as const;

// Upright (the project's 390×844), turned on its side, and a tablet: each keeps the chat button's corner free.
for (const viewport of [null, { width: 844, height: 390 }, { width: 768, height: 1024 }]) {
  test.describe(viewport ? `at ${viewport.width}×${viewport.height}` : "at 390×844", () => {
    if (viewport) test.use({ viewport });
    for (const [what, path] of PAGES) {
      test(`at the end of ${what} the chat button covers no text, link or button`, async ({ page }) => {
        await page.goto(path);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const chat = await boxOf(page.getByTestId("chat-button"));
        expect(await coveredBy(page, chat), `${path} at its end`).toEqual([]);
      });
    }
  });
}
