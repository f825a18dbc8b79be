import { createDatabase } from "../../app/db/database.server";
import { enableLanguages } from "../support/translations";
import { expect, test } from "./support/fixtures";

// Issue 26: a quote request sent from the Arabic pages is checked in Arabic (in the browser, and by the server
// without JavaScript) and summed up in Arabic. On a site of the worker's own, where Arabic is enabled.
test.use({ site: "own" });

// The quote page and the summary name each product in the page's language (the demo's Arabic name).
const ONION = { category: "/products/fresh-onions", name: "Nashik Red Onion", arabicName: "بصل ناشيك الأحمر" };

test.beforeEach(async ({ siteServer }) => {
  // A new site enables Arabic (seed); said here too, so this file does not depend on it.
  const db = createDatabase({ dataDir: siteServer.dataDir! });
  try {
    await enableLanguages(db, "ar");
  } finally {
    await db.destroy();
  }
});

async function arabicQuotePage(page: import("@playwright/test").Page) {
  // The quote list is the same in every language: filled from the English category page.
  await page.goto(ONION.category);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ONION.name }) });
  await card.getByRole("button", { name: /^Add to Quote\b/ }).click();
  await expect(card.getByTestId("in-quote")).toBeVisible();
  await page.goto("/ar/request-quote");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("طلب عرض سعر");
}

async function fillAndSend(page: import("@playwright/test").Page, buyer: string) {
  await page.getByLabel("الشركة").fill("شركة الخليج للتجارة");
  await page.getByLabel("الاسم الكامل").fill(buyer);
  await page.getByLabel("البريد الإلكتروني").fill("buyer@gulffresh.example");
  await page.getByLabel("الدولة").selectOption({ label: "الإمارات العربية المتحدة" });
  await page.getByRole("button", { name: "إرسال طلب عرض السعر" }).click();
  await expect(page).toHaveURL(/\/ar\/request-quote\/sent$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("تم إرسال طلب عرض السعر");
  await expect(page.getByText(`شكرًا لك، ${buyer}.`)).toBeVisible();
  const sent = page.getByTestId("sent-lines");
  await expect(sent).toContainText(ONION.arabicName);
  await expect(sent).toContainText("حاويتان مقاس 40 قدمًا");
  await expect(page.getByTestId("sent-details")).toContainText("الدولة");
  await expect(page.getByTestId("sent-reference")).toContainText("رقم المرجع:");
}

test("with JavaScript: Arabic messages before sending, then an Arabic summary", async ({ page, uid }) => {
  await arabicQuotePage(page);
  // Nothing off screen widens a right-to-left page (the form's hidden trap for robots sits off its start side).
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const line = page.getByTestId("quote-line").first();
  await line.getByLabel(`الكمية لمنتج ${ONION.arabicName}`).fill("2");
  await line.getByLabel(`الوحدة لمنتج ${ONION.arabicName}`).selectOption("40 ft container");
  // Sent empty: the browser's check answers in Arabic, field by field and in the toast.
  await page.getByRole("button", { name: "إرسال طلب عرض السعر" }).click();
  await expect(page).toHaveURL(/\/ar\/request-quote$/);
  await expect(page.getByText("حقل «الشركة» مطلوب.")).toBeVisible();
  await expect(page.getByText("حقل «الاسم الكامل» مطلوب.")).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("حقول ناقصة");
  await expect(page.getByTestId("toast")).toContainText(
    "الشركة والاسم الكامل والبريد الإلكتروني والدولة وكمية لكل منتج حقول مطلوبة.",
  );
  await expect(page.getByText("Company is required.")).toHaveCount(0);
  await expect(page.getByLabel("الشركة")).toBeFocused();
  await fillAndSend(page, `مشتري ${uid}`);
});

test("at 390 px with JavaScript: a line's missing quantity is said in Arabic beside it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await arabicQuotePage(page);
  const quantity = page.getByTestId("quote-line").first().getByLabel(`الكمية لمنتج ${ONION.arabicName}`);
  await quantity.fill("");
  await page.getByRole("button", { name: "إرسال طلب عرض السعر" }).click();
  await expect(page).toHaveURL(/\/ar\/request-quote$/);
  // The form's own rule (a quantity for each product), in the server's words.
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription("حقل «الكمية» مطلوب.");
  await expect(quantity).toBeFocused();
  await expect(page.getByTestId("toast")).toContainText("حقول ناقصة");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's refusal is Arabic too, and so is the summary", async ({ page, uid }) => {
    await page.goto(ONION.category);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ONION.name }) });
    await card.getByRole("button", { name: /^Add to Quote\b/ }).click();
    await page.goto("/ar/request-quote");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("طلب عرض سعر");
    const line = page.getByTestId("quote-line").first();
    await line.getByLabel(`الكمية لمنتج ${ONION.arabicName}`).fill("2");
    await line.getByLabel(`الوحدة لمنتج ${ONION.arabicName}`).selectOption("40 ft container");
    // The browser's own checks would stop an empty required field: an address that is not one gets through them.
    await page.getByLabel("الشركة").fill("شركة الخليج للتجارة");
    await page.getByLabel("الاسم الكامل").fill(`مشتري ${uid}`);
    await page.getByLabel("البريد الإلكتروني").evaluate((input: HTMLInputElement) => (input.type = "text"));
    await page.getByLabel("البريد الإلكتروني").fill("not an address");
    await page.getByLabel("الدولة").selectOption({ label: "الإمارات العربية المتحدة" });
    await page.getByRole("button", { name: "إرسال طلب عرض السعر" }).click();
    await expect(page.getByText("يرجى إدخال عنوان بريد إلكتروني صحيح.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toHaveCount(0);
    await fillAndSend(page, `مشتري ${uid}`);
  });
});

const arabicCount = (count: number) => `قائمة عرض السعر، ${new Intl.NumberFormat("ar").format(count)} منتج`;

test("with JavaScript: Add to Quote and Remove speak Arabic, and the badge counts in Arabic", async ({ page }) => {
  await page.goto(`/ar${ONION.category}`);
  await expect(page.getByRole("link", { name: "قائمة عرض السعر، لا منتجات" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ONION.arabicName }) });
  await card.getByRole("button", { name: /^أضف إلى عرض السعر/ }).click();
  const added = card.getByTestId("in-quote");
  await expect(added).toContainText("أُضيف إلى عرض السعر");
  await expect(added).toBeFocused();
  await expect(page.getByTestId("toast")).toContainText(`تمت إضافة ${ONION.arabicName} إلى قائمة عرض السعر.`);
  const badge = page.getByRole("link", { name: arabicCount(1) });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(new Intl.NumberFormat("ar").format(1));

  // A cached page, read from the cookie.
  await page.reload();
  await expect(page.getByRole("link", { name: arabicCount(1) })).toBeVisible();
  await expect(card.getByTestId("in-quote")).toContainText("في قائمة عرض السعر");

  await page.goto("/ar/request-quote");
  await page.getByRole("button", { name: `إزالة ${ONION.arabicName}`, exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText(`لم يعد ${ONION.arabicName} في قائمة عرض السعر.`);
  await expect(page.getByRole("heading", { name: "قائمة عرض السعر فارغة." })).toBeFocused();
  await expect(page.getByRole("link", { name: "قائمة عرض السعر، لا منتجات" })).toBeVisible();
  await expect(page).toHaveURL(/\/ar\/request-quote$/);
});

test.describe("without JavaScript: the quote list", () => {
  test.use({ javaScriptEnabled: false });

  test("Add to Quote and Remove come back with Arabic notices", async ({ page }) => {
    await page.goto(`/ar${ONION.category}`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ONION.arabicName }) });
    await card.getByRole("button", { name: /^أضف إلى عرض السعر/ }).click();
    // Back to the category's page (its Arabic address), not the quote list.
    await expect(page).toHaveURL(/\/ar\/products\/[^/]+$/);
    await expect(page.getByTestId("flash-notice")).toContainText(`تمت إضافة ${ONION.arabicName} إلى قائمة عرض السعر.`);
    await expect(card.getByTestId("in-quote")).toContainText("في قائمة عرض السعر");
    await expect(page.getByRole("link", { name: arabicCount(1) })).toBeVisible();
    await page.goto("/ar/request-quote");
    await page.getByRole("button", { name: `إزالة ${ONION.arabicName}`, exact: true }).click();
    await expect(page).toHaveURL(/\/ar\/request-quote$/);
    await expect(page.getByTestId("flash-notice")).toContainText(`لم يعد ${ONION.arabicName} في قائمة عرض السعر.`);
    await expect(page.getByRole("heading", { name: "قائمة عرض السعر فارغة." })).toBeVisible();
  });
});
