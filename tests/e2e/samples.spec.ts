import { createDatabase } from "../../app/db/database.server";
import { enableLanguages } from "../support/translations";
import { expect, forgetSenders, test } from "./support/fixtures";

// Sample requests (issue 28): from a product page's 'Request a Sample' to the sent request with its reference, and
// how the form looks on a phone (English and Arabic) and on a desktop. On a site of this worker's own: the form is
// rate limited per address, and every browser test posts from 127.0.0.1.
test.use({ site: "own" });

const ONION = { category: "/products/fresh-onions", name: "Nashik Red Onion" };

test.beforeEach(async ({ siteServer }) => {
  await forgetSenders(siteServer);
  // A new site enables Arabic (seed); said here too, so this file does not depend on it.
  const db = createDatabase({ dataDir: siteServer.dataDir! });
  try {
    await enableLanguages(db, "ar");
  } finally {
    await db.destroy();
  }
});

test("a buyer asks for a sample from a product page and is given its reference", async ({ page, uid }, info) => {
  await page.goto(ONION.category);
  await page.getByRole("link", { name: ONION.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: ONION.name })).toBeVisible();
  await page.getByRole("link", { name: "Request a Sample" }).click();

  await expect(page).toHaveURL(/\/request-sample\?product=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Request a Sample" })).toBeVisible();
  // The product it came from is chosen; any published product may be chosen instead.
  await expect(page.getByRole("combobox", { name: "Product" }).locator("option:checked")).toHaveText(ONION.name);
  await page.screenshot({ path: info.outputPath("sample-form-desktop.png"), fullPage: true });

  // Checked in the browser first: no address, no send; each field says so, the first is focused, the toast too.
  await page.getByRole("button", { name: "Send Sample Request" }).click();
  await expect(page).toHaveURL(/\/request-sample\?product=[\w-]+$/);
  await expect(page.getByText("Courier Address is required.")).toBeVisible();
  const kg = page.getByLabel("Quantity (kg)");
  await expect(kg).toHaveAttribute("aria-invalid", "true");
  await expect(kg).toBeFocused();
  await expect(page.getByTestId("toast")).toContainText("Missing Fields");
  await expect(page.getByTestId("toast")).toContainText(
    "Product, Quantity (kg), Company, Full Name, Email Address, Phone Number, Country and Courier Address are required.",
  );
  // Above the most a sample may weigh: the schema's own words, under the field and in the toast.
  await kg.fill("30");
  await expect(kg).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Send Sample Request" }).click();
  await expect(kg).toHaveAccessibleDescription(/A sample can weigh at most 25 kg\./);

  await kg.fill("3.5");
  await page.getByLabel("Courier Address").fill("Gulf Fresh Trading LLC\nWarehouse 12, Al Quoz 3\nDubai, UAE");
  await page.getByLabel("Company").fill("Gulf Fresh Trading LLC");
  await page.getByLabel("Full Name").fill(`Buyer ${uid}`);
  await page.getByLabel("Email Address").fill(`${uid}@importer.example`);
  await page.getByLabel("Phone Number").fill("+971 50 123 4567");
  await page.getByLabel("Country").selectOption({ label: "United Arab Emirates" });
  await page.getByRole("button", { name: "Send Sample Request" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Sample Request Sent" })).toBeVisible();
  // The form is gone: the reader starts at the answer's heading.
  await expect(page.getByRole("heading", { level: 1, name: "Sample Request Sent" })).toBeFocused();
  await expect(page.getByTestId("sent-reference")).toHaveText(/Your reference: R-[0-9A-F]{8}/);
  const sent = page.getByTestId("sent-sample");
  await expect(sent).toContainText(ONION.name);
  await expect(sent).toContainText("3.5 kg");
  await expect(sent).toContainText("Warehouse 12, Al Quoz 3");
  await page.screenshot({ path: info.outputPath("sample-sent-desktop.png"), fullPage: true });
});

test("the form fits a phone in English and in Arabic", async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [lang, path, heading] of [
    ["en", "/request-sample", "Request a Sample"],
    ["ar", "/ar/request-sample", "اطلب عينة"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath(`sample-form-phone-${lang}.png`), fullPage: true });
  }
  // The product page's link on a phone, beside the price box.
  await page.goto(ONION.category);
  await page.getByRole("link", { name: ONION.name }).first().click();
  const link = page.getByRole("link", { name: "Request a Sample" });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeVisible();
  await page.screenshot({ path: info.outputPath("product-phone-en.png") });
});

test("the buyer's country is chosen from a list named in Arabic, in Arabic order, without JavaScript too", async ({
  browser,
  baseURL,
  uid,
}) => {
  // Issue 41: the country was free text ("UAE", "الإمارات العربية المتحدة" and "United Arab Emirates" apart).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/ar/request-sample");
    const country = page.getByRole("combobox", { name: "الدولة" });
    await expect(country).toHaveAttribute("required", "");
    // The placeholder, then every country named in Arabic, in Arabic alphabetical order.
    await expect(country.locator("option").first()).toHaveText("اختر دولتك");
    const names = (await country.locator("option").allTextContents()).slice(1);
    expect(names.length).toBeGreaterThan(240);
    expect(names).toContain("الإمارات العربية المتحدة");
    expect(names).toEqual([...names].sort(new Intl.Collator("ar").compare));
    await expect(country.locator('option[value="AE"]')).toHaveText("الإمارات العربية المتحدة");

    await page.getByRole("combobox", { name: "المنتج" }).selectOption({ index: 1 });
    await page.getByLabel("الكمية (كغ)").fill("2");
    await page.getByLabel("عنوان التوصيل").fill("Warehouse 12, Al Quoz 3, Dubai");
    await page.getByLabel("الشركة").fill("شركة الخليج للتجارة");
    await page.getByLabel("الاسم الكامل").fill(`مشتري ${uid}`);
    await page.getByLabel("البريد الإلكتروني").fill(`${uid}@gulffresh.example`);
    await page.getByLabel("رقم الهاتف").fill("+971 50 123 4567");
    await country.selectOption({ label: "الإمارات العربية المتحدة" });
    await page.getByRole("button", { name: "إرسال طلب العينة" }).click();
    // Sent as a plain form: the answer names the country in the page's language.
    await expect(page.getByTestId("sent-reference")).toBeVisible();
    await expect(page.locator("main")).toContainText("الإمارات العربية المتحدة");
  } finally {
    await context.close();
  }
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the browser's check says what is missing in the page, in Arabic too", async ({ page }) => {
    await page.goto("/request-sample");
    await page.getByRole("button", { name: "Send Sample Request" }).click();
    await expect(page.getByRole("combobox", { name: "Product" })).toBeFocused();
    await expect(page.getByText("Product is required.")).toBeVisible();
    await expect(page.getByText("Phone Number is required.")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Missing Fields");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto("/ar/request-sample");
    await page.getByRole("button", { name: "إرسال طلب العينة" }).click();
    await expect(page.getByText("حقل «الشركة» مطلوب.")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("حقول ناقصة");
    await expect(page.getByText("Company is required.")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's refusal marks the field and keeps what was typed", async ({ page, uid }) => {
    await page.goto("/request-sample");
    await page.getByRole("combobox", { name: "Product" }).selectOption({ index: 1 });
    await page.getByLabel("Quantity (kg)").fill("2");
    await page.getByLabel("Courier Address").fill("Warehouse 12, Al Quoz 3, Dubai");
    // The browser's own check would stop an empty required field: one it does not know of gets through.
    await page.getByLabel("Company").evaluate((input: HTMLInputElement) => (input.required = false));
    await page.getByLabel("Full Name").fill(`Buyer ${uid}`);
    await page.getByLabel("Email Address").fill(`${uid}@importer.example`);
    await page.getByLabel("Phone Number").fill("+971 50 123 4567");
    await page.getByLabel("Country").selectOption({ label: "United Arab Emirates" });
    await page.getByRole("button", { name: "Send Sample Request" }).click();
    await expect(page.getByLabel("Company")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Company")).toHaveAccessibleDescription("Company is required.");
    await expect(page.getByLabel("Full Name")).toHaveValue(`Buyer ${uid}`);
    await page.getByLabel("Company").fill("Gulf Fresh Trading LLC");
    await page.getByRole("button", { name: "Send Sample Request" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sample Request Sent" })).toBeVisible();
  });
});
