import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// axe-core's WCAG 2.1 A and AA rules on every public page type, at phone and desktop sizes (issue 23). Runs on the
// main demo site; nothing here changes what another test reads (the quote list lives in this page's cookie).

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One line per failing rule and element: what axe says, where, and why, so a failure reads without a trace. */
async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  );
  expect(found, `axe on ${what}`).toEqual([]);
  // Two errors of the Nu HTML checker that axe does not report: a <section> without a heading of its own, a
  // placeholder on an input that does not allow one.
  const htmlErrors = await page.evaluate(() => [
    ...[...document.querySelectorAll("section")]
      .filter((section) => !section.querySelector("h1, h2, h3, h4, h5, h6"))
      .map((section) => `section without a heading: ${section.outerHTML.slice(0, 120)}`),
    ...[...document.querySelectorAll<HTMLInputElement>("input[placeholder]")]
      .filter((input) => !["text", "search", "url", "tel", "email", "password", "number"].includes(input.type))
      .map((input) => `placeholder on type=${input.type}: ${input.name}`),
  ]);
  expect(htmlErrors, `HTML of ${what}`).toEqual([]);
}

// Transitions end at once, so axe measures the colours a reader sees, not a frame of a fade.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
});

for (const [what, path] of [
  ["home", "/"],
  ["about", "/about-us"],
  ["our products", "/our-products"],
  ["a category", "/products/fresh-onions"],
  ["a product", "/products/fresh-onions/nashik-red-onion"],
  ["certificates", "/certificates-memberships"],
  ["gallery", "/gallery"],
  ["blog", "/blog"],
  ["contact", "/contact-us"],
  ["the empty quote list", "/request-quote"],
  ["the not-found page", "/no-such-page"],
] as const) {
  test(`axe finds nothing on ${what}`, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page, path);
  });
}

test("axe finds nothing on a blog post", async ({ page }) => {
  await page.goto("/blog");
  const post = await page
    .getByRole("link", { name: /^Read More/ })
    .first()
    .getAttribute("href");
  await page.goto(post!);
  await expectNoViolations(page, post!);
});

test("axe finds nothing on the quote form with a product, nor on its refusal's toast", async ({ page }) => {
  await page.goto("/products/fresh-onions/nashik-red-onion");
  await page
    .getByRole("button", { name: /^Add to Quote\b/ })
    .first()
    .click();
  // The page has the action twice (beside the photos, and in the phone bar): the one shown.
  await expect(page.getByTestId("in-quote").filter({ visible: true }).first()).toBeVisible();
  await expectNoViolations(page, "a product added to the quote list, with its toast");
  await page.goto("/request-quote");
  await expect(page.getByTestId("quote-line")).toHaveCount(1);
  await expectNoViolations(page, "/request-quote with a product");
  // Sent without a quantity: the fields marked invalid and the destructive toast.
  await page.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(page.getByTestId("toast")).toHaveAttribute("data-variant", "destructive");
  await expectNoViolations(page, "/request-quote refused, with the error toast");
});

test("axe finds nothing with the phone menu open", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the menu button is for phones");
  await page.goto("/about-us");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await expectNoViolations(page, "the open phone menu");
});

/** WCAG's contrast ratio of an `rgb(r, g, b)` colour against white. */
function contrastWithWhite(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

// axe does not look at focus indicators; WCAG 1.4.11 wants 3:1 against what is beside them (a white page here).
test("the keyboard's focus outline and a form field's focus ring stand out 3:1 from white", async ({ page }) => {
  await page.goto("/contact-us");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor);
  expect(contrastWithWhite(outline), `outline ${outline}`).toBeGreaterThanOrEqual(3);

  await page.getByLabel("Full Name").focus();
  const shadow = await page.getByLabel("Full Name").evaluate((field) => getComputedStyle(field).boxShadow);
  const ring = /(rgba?\([^)]*\)) 0px 0px 0px 2px/.exec(shadow)?.[1];
  expect(ring, `box-shadow ${shadow}`).toBeTruthy();
  expect(contrastWithWhite(ring!), `ring ${ring}`).toBeGreaterThanOrEqual(3);
});
