import { expect, test } from "./support/fixtures";
import { boxOf, expectInFirstScreen, ONION_PAGE } from "./support/first-screen";

// The product page's first screen on a 390×844 phone (issue 23): a bar fixed at the bottom with both actions and
// the price, which never covers the page's last line, a toast or the chat button.

test("the price, the minimum order and both actions are in the first screen", async ({ page }) => {
  await page.goto(ONION_PAGE);
  const before = await page
    .getByRole("button", { name: /^Add to Quote\b/ })
    .first()
    .boundingBox();
  console.log(`phone 390×844: first 'Add to Quote' at y=${before?.y}`);
  const bar = page.getByTestId("action-bar");
  const add = await expectInFirstScreen(page, bar.getByRole("button", { name: /^Add to Quote\b/ }));
  const inquire = await expectInFirstScreen(page, bar.getByRole("link", { name: "Inquire About This Product" }));
  await expectInFirstScreen(page, bar.getByTestId("bar-price"));
  await expect(bar.getByTestId("bar-price")).toContainText("USD 330–380 per MT");
  await expectInFirstScreen(page, bar.getByTestId("bar-minimum-order"));
  console.log(`phone 390×844: Add to Quote y=${add.y}, Inquire y=${inquire.y}`);
  await page.screenshot({ path: "/tmp/shots/first-phone.png" });
});

test("the bar never covers the page's last line, a toast or the chat button", async ({ page }) => {
  await page.goto(ONION_PAGE);
  const bar = page.getByTestId("action-bar");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = await boxOf(bar);
  const last = await boxOf(page.locator("footer p").last());
  expect(last.y + last.height).toBeLessThanOrEqual(barBox.y);
  const chat = await boxOf(page.getByTestId("chat-button"));
  expect(chat.y + chat.height).toBeLessThanOrEqual(barBox.y);
  await page.screenshot({ path: "/tmp/shots/first-phone-bottom.png" });

  await bar.getByRole("button", { name: /^Add to Quote\b/ }).click();
  const toast = await boxOf(page.getByTestId("toast"));
  expect(toast.y + toast.height).toBeLessThanOrEqual(barBox.y);
  // The chat button sits above the toast or beside it, never on it.
  const chatNow = await boxOf(page.getByTestId("chat-button"));
  const overlaps =
    chatNow.x < toast.x + toast.width &&
    toast.x < chatNow.x + chatNow.width &&
    chatNow.y < toast.y + toast.height &&
    toast.y < chatNow.y + chatNow.height;
  expect(overlaps).toBe(false);
  await expect(bar.getByTestId("in-quote")).toContainText("Added to Quote");
  await page.screenshot({ path: "/tmp/shots/first-phone-toast.png" });
});

test("elsewhere the chat button covers neither a toast nor the page's last line", async ({ page }) => {
  await page.goto("/products/fresh-onions");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const chat = await boxOf(page.getByTestId("chat-button"));
  const last = await boxOf(page.locator("footer p").last());
  expect(last.y + last.height).toBeLessThanOrEqual(chat.y);
  await page.evaluate(() => window.scrollTo(0, 400));
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pink Onion" }) });
  await card.getByRole("button", { name: /^Add to Quote\b/ }).click();
  const toast = await boxOf(page.getByTestId("toast"));
  const chatNow = await boxOf(page.getByTestId("chat-button"));
  expect(toast.y + toast.height).toBeLessThanOrEqual(chatNow.y);
});
