import { expect, test } from "./support/fixtures";
import { ONION_PAGE } from "./support/first-screen";

// Issue 26: the Arabic and Bengali product pages on a 390 px phone: their own texts in the language, the Arabic
// one right to left, and no horizontal scroll. The screenshots are looked at by a person (/tmp/shots).

const cases = [
  { lang: "ar", dir: "rtl", heading: "الشروط التجارية", add: "أضف إلى عرض السعر", month: "يناير" },
  { lang: "bn", dir: "ltr", heading: "বাণিজ্যিক শর্তাবলি", add: "কোটেশনে যোগ করুন", month: "জানু" },
] as const;

for (const { lang, dir, heading, add, month } of cases) {
  test(`the ${lang} product page reads in its language without horizontal scroll`, async ({ page }) => {
    await page.goto(`/${lang}${ONION_PAGE}`);
    await expect(page.locator("html")).toHaveAttribute("dir", dir);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("list", { name: /./ }).getByText(month, { exact: true }).first()).toBeAttached();
    const bar = page.getByTestId("action-bar");
    await expect(bar.getByRole("button", { name: new RegExp(`^${add}`) })).toBeInViewport();
    // The page's own content (the header's phone menu is the chrome's, tested with it).
    const overflow = await page.locator("main").evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: `/tmp/shots/${lang}-product-phone.png` });
    await page.screenshot({ path: `/tmp/shots/${lang}-product-phone-full.png`, fullPage: true });
    await page
      .locator('section[aria-labelledby="trade-terms"]')
      .screenshot({ path: `/tmp/shots/${lang}-product-phone-trade-terms.png` });
  });
}
