import { expect, test } from "./support/fixtures";

// 'Share' on a product page (issue 43), on a phone: WhatsApp and email links that name the product and its address
// in the page's language, with or without JavaScript; 'Copy link' where the page may write to the clipboard.
const ARABIC_PRODUCT = "/ar/products/بصل-طازج/بصل-ناشيك-الأحمر";

test("the Arabic product page shares its Arabic name and address on WhatsApp and by email, and copies its link", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(ARABIC_PRODUCT);
  const share = page.getByTestId("share");
  // The page's own address, as its canonical link names it (the site's public origin, the Arabic path readable).
  const url = (await page.locator('link[rel="canonical"]').getAttribute("href"))!;
  expect(decodeURI(url)).toContain(ARABIC_PRODUCT);
  const whatsApp = share.getByRole("link", { name: "واتساب" });
  const text = new URL((await whatsApp.getAttribute("href"))!).searchParams.get("text");
  expect(new URL((await whatsApp.getAttribute("href"))!).origin).toBe("https://wa.me");
  expect(text).toBe(`بصل ناشيك الأحمر: ${url}`);
  const mail = await share.getByRole("link", { name: "البريد الإلكتروني" }).getAttribute("href");
  expect(mail).toMatch(/^mailto:\?subject=/);
  expect(decodeURIComponent(mail!)).toContain(url);

  await share.getByRole("button", { name: "نسخ الرابط" }).click();
  await expect(page.getByTestId("toast")).toContainText("تم نسخ الرابط");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the links are there and the buttons that need a script are not shown", async ({ page }) => {
    await page.goto("/products/fresh-onions/nashik-red-onion");
    const share = page.getByTestId("share");
    await expect(share.getByRole("link", { name: "WhatsApp" })).toBeVisible();
    await expect(share.getByRole("link", { name: "Email" })).toBeVisible();
    await expect(share.getByRole("button", { name: "Copy link" })).toBeHidden();
    await expect(share.getByRole("button", { name: "More…" })).toBeHidden();
  });
});
