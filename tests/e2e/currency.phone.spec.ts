import { expect, test } from "./support/fixtures";

// Prices in the buyer's currency (issue 43), on a phone: the Arabic product page converts its USD price with the
// browser's own Arabic formatting, the pick is kept in a cookie across a reload, and without JavaScript the USD price
// stands alone. On a site of its own: a rate changes every product page.
test.use({ site: "own" });

const ARABIC_PRODUCT = "/ar/products/بصل-طازج/بصل-ناشيك-الأحمر";
const today = () => new Date().toISOString().slice(0, 10);

test.beforeEach(async ({ adminRequest, onCleanup }) => {
  for (const [currency, rate] of [
    ["AED", "3.6725"],
    ["SAR", "3.75"],
  ]) {
    const saved = await adminRequest.post("/admin/exchange-rates", {
      form: { intent: "save", currency: currency!, rate: rate!, rate_date: today() },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    onCleanup(() => adminRequest.post("/admin/exchange-rates", { form: { intent: "delete", id: currency! } }));
  }
});

test("the currency switch: the Arabic page starts on AED, converts into SAR in Arabic, kept across a reload", async ({
  page,
  context,
}) => {
  await page.goto(ARABIC_PRODUCT);
  const picker = page.getByLabel("العملة");
  await expect(picker).toBeVisible();
  // An Arabic page without a choice starts on the dirham.
  await expect(picker).toHaveValue("AED");
  const first = page.getByTestId("first-price").locator("[data-currency-price]");
  await expect(first).toBeVisible();
  const expected = await page.evaluate(() => {
    const format = new Intl.NumberFormat("ar", {
      style: "currency",
      currency: "SAR",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    return format.formatRange(330 * 3.75, 380 * 3.75);
  });

  await picker.selectOption("SAR");
  await expect(first).toContainText("≈");
  await expect(first).toContainText(expected.replace(/\u200f/g, ""));
  await expect(first).toContainText("أسعار صرف");
  // The riyal's Arabic symbol and an Arabic month, as the browser's Intl writes Arabic (its digits are its own
  // choice: Chromium writes Latin ones for "ar").
  await expect(first).toContainText("ر.س.");
  await expect(first).toContainText(
    await page.evaluate(() => new Intl.DateTimeFormat("ar", { month: "short", timeZone: "UTC" }).format(new Date())),
  );
  // The same line beside the price in Trade Terms.
  await expect(page.getByTestId("indicative-price").locator("[data-currency-price]")).toHaveText(
    (await first.textContent())!,
  );
  // And in the phone's action bar, under its price, without the date the page's own line gives.
  const bar = page.getByTestId("bar-price").locator("[data-currency-price]");
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(expected.replace(/\u200f/g, ""));
  await expect(bar).not.toContainText("أسعار صرف");
  const cookie = (await context.cookies()).find((c) => c.name === "currency");
  expect(cookie?.value).toBe("SAR");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

  await page.reload();
  await expect(page.getByLabel("العملة")).toHaveValue("SAR");
  await expect(first).toContainText(expected.replace(/\u200f/g, ""));

  // 'No conversion' is a choice too, kept as well.
  await page.getByLabel("العملة").selectOption("");
  await expect(first).toBeHidden();
  await page.reload();
  await expect(page.getByLabel("العملة")).toHaveValue("");
  await expect(first).toBeHidden();
});

test("in English the price converts into the picked currency with the rates' day", async ({ page }) => {
  await page.goto("/products/fresh-onions/nashik-red-onion");
  const picker = page.getByLabel("Currency");
  // An English page in a browser without a listed region shows no conversion until one is picked.
  await expect(picker).toHaveValue("");
  await expect(page.getByTestId("first-price").locator("[data-currency-price]")).toBeHidden();
  await picker.selectOption("AED");
  const day = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date());
  await expect(page.getByTestId("first-price").locator("[data-currency-price]")).toHaveText(
    new RegExp(`^≈ AED\\s?1,212\\s?–\\s?1,396 · rates of ${day}$`),
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the USD price only, and no currency picker", async ({ page }) => {
    await page.goto(ARABIC_PRODUCT);
    await expect(page.getByTestId("first-price")).toBeVisible();
    await expect(page.getByTestId("first-price")).toContainText("US$");
    await expect(page.getByTestId("first-price")).not.toContainText("≈");
    await expect(page.getByLabel("العملة")).toBeHidden();
    await expect(page.locator("[data-currency-price]").first()).toBeHidden();
  });
});
