import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, forgetSenders, test } from "./support/fixtures";

// axe-core's WCAG 2.1 A and AA rules on every public page type, at phone and desktop sizes (issue 23). Runs on the
// main demo site; nothing here changes what another test reads (the quote list lives in this page's cookie).

// Transitions end at once, so axe measures the colours a reader sees, not a frame of a fade.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
});

const PAGE_TYPES = [
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
] as const;

for (const [what, path] of PAGE_TYPES) {
  test(`axe finds nothing on ${what}`, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page, path);
  });
}

// The same page types in the demo's other languages (issue 40): Arabic right to left, Bengali in its own digits.
for (const { lang, add, one } of [
  { lang: "ar", add: "أضف إلى عرض السعر", one: "1" },
  { lang: "bn", add: "কোটেশনে যোগ করুন", one: "১" },
] as const) {
  test(`axe finds nothing on any page type in ${lang}, nor with a product in the quote list`, async ({ page }) => {
    for (const [, path] of PAGE_TYPES) {
      const localized = path === "/" ? `/${lang}` : `/${lang}${path}`;
      await page.goto(localized);
      await expectNoViolations(page, localized);
    }
    // The header's badge then shows a count, which its accessible name must say as shown (২ and ২টি, not 2).
    const product = `/${lang}/products/fresh-onions/nashik-red-onion`;
    await page.goto(product);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await page
      .getByRole("button", { name: new RegExp(`^${add}`) })
      .locator("visible=true")
      .first()
      .click();
    // The add is a fetcher's request: its answer sets the list's cookie, which the next page reads.
    await expect(page.getByTestId("quote-badge").locator("span")).toHaveText(one);
    await page.goto(product);
    await expect(page.getByTestId("quote-badge").locator("span")).toHaveText(one);
    await expectNoViolations(page, `${product} (one product in the quote list)`);
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

test("axe finds nothing with the gallery viewer open", async ({ page }) => {
  await page.goto("/gallery");
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Open / })
    .first()
    .click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(viewer.locator("img")).toHaveJSProperty("complete", true);
  await expectNoViolations(page, "the open gallery viewer");
});

test.describe("after a quote request is sent", () => {
  // Sending counts against the per-address limit the contact form's tests share on the main site.
  test.use({ site: "own" });
  test.beforeEach(({ siteServer }) => forgetSenders(siteServer));

  test("axe finds nothing on /request-quote/sent", async ({ page }) => {
    await page.goto("/products/fresh-onions");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Nashik Red Onion" }) });
    await card.getByRole("button", { name: /^Add to Quote\b/ }).click();
    await expect(card.getByTestId("in-quote")).toBeVisible();
    await page.goto("/request-quote");
    await page.getByLabel("Quantity of Nashik Red Onion").fill("2");
    await page.getByLabel("Company").fill("Gulf Fresh Trading LLC");
    await page.getByLabel("Full Name").fill("Axe Buyer");
    await page.getByLabel("Email Address").fill("buyer@gulffresh.example");
    await page.getByLabel("Country").selectOption({ label: "United Arab Emirates" });
    await page.getByLabel("Message").fill("Mesh bags, please.");
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote Request Sent");
    await expectNoViolations(page, "/request-quote/sent");
  });
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

/**
 * Each shown text field, select and textarea whose border is weaker than 3:1 against the background around it (WCAG
 * 1.4.11, the boundary of a control; axe does not check it), with its ratio; and the lowest ratio found. The browser
 * turns any CSS colour (Tailwind's are oklch) into sRGB by painting it on a canvas. Check boxes, radios and file
 * inputs are the browser's own controls.
 */
async function weakFieldBorders(page: Page) {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The first opaque background from the field's parent up; the page is white. */
    const around = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color[3] === 255) return color;
      }
      return [255, 255, 255, 255];
    };
    const fields = [
      ...document.querySelectorAll<HTMLElement>(
        "input:not([type=hidden],[type=checkbox],[type=radio],[type=file]), select, textarea",
      ),
    ].filter((field) => field.checkVisibility() && !field.closest(".sr-only, [aria-hidden=true]"));
    const ratios = fields.map((field) => {
      const style = getComputedStyle(field);
      const border = rgba(style.borderTopColor);
      return { field, value: Number(ratio(border, around(field)).toFixed(2)), width: style.borderTopWidth };
    });
    return {
      lowest: Math.min(...ratios.map((r) => r.value)),
      count: ratios.length,
      weak: ratios
        .filter((r) => r.value < 3 || r.width === "0px")
        .map((r) => `${r.field.getAttribute("name") ?? r.field.id}: ${r.value}:1 (${r.width})`),
    };
  });
}

test("form fields' borders stand out 3:1 from the background on the public forms", async ({ page }) => {
  await page.goto("/products/fresh-onions");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Nashik Red Onion" }) });
  await card.getByRole("button", { name: /^Add to Quote\b/ }).click();
  await expect(card.getByTestId("in-quote")).toBeVisible();
  for (const path of ["/contact-us", "/request-quote"]) {
    await page.goto(path);
    const { lowest, count, weak } = await weakFieldBorders(page);
    console.log(`${path}: ${count} fields, lowest border contrast ${lowest}:1`);
    expect(count, path).toBeGreaterThan(3);
    expect(weak, `fields of ${path}`).toEqual([]);
  }
});

test("form fields' borders stand out 3:1 from the background on the admin forms", async ({ adminPage, isMobile }) => {
  test.skip(isMobile, "the admin forms are checked once, at desktop width");
  for (const path of ["/admin/manage-products/add", "/admin/manage-products", "/admin/site-settings"]) {
    await adminPage.goto(path);
    const { lowest, count, weak } = await weakFieldBorders(adminPage);
    console.log(`${path}: ${count} fields, lowest border contrast ${lowest}:1`);
    expect(count, path).toBeGreaterThan(0);
    expect(weak, `fields of ${path}`).toEqual([]);
  }
});
