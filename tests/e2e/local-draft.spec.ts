import type { Page } from "@playwright/test";
import { expect, test, waitForHydrationOnNavigation } from "./support/fixtures";

// Autosave (issue 27, ADR 0036): the long forms keep a draft in the browser as they are edited and offer it back
// after a crash; a successful save forgets it.

const offer = (page: Page) => page.getByRole("status").filter({ hasText: "An unsaved draft of this form from" });
const storedDraft = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** A crash, as the browser sees it: the tab is gone without a word, and the page is opened again in a new one. */
async function reopen(page: Page, path: string) {
  const again = await page.context().newPage();
  waitForHydrationOnNavigation(again);
  await page.close({ runBeforeUnload: false });
  await again.goto(path);
  return again;
}

test("a product typed into and lost is offered back: Restore draft fills the form, Discard forgets it", async ({
  adminPage: page,
  uid,
}) => {
  await page.goto("/admin/manage-products/add");
  await page.getByLabel("Product Name").fill(`Draft onion ${uid}`);
  await page.getByLabel("Description").fill("Typed, then the laptop died.");
  await expect.poll(() => storedDraft(page, "draft:product:new")).toContain("Typed, then the laptop died.");

  const again = await reopen(page, "/admin/manage-products/add");
  await expect(offer(again)).toBeVisible();
  await expect(offer(again).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(again.getByLabel("Product Name")).toHaveValue("");
  await again.getByRole("button", { name: "Restore draft" }).click();
  await expect(offer(again)).toBeHidden();
  await expect(again.getByLabel("Product Name")).toHaveValue(`Draft onion ${uid}`);
  await expect(again.getByLabel("Description")).toHaveValue("Typed, then the laptop died.");

  const third = await reopen(again, "/admin/manage-products/add");
  await third.getByRole("button", { name: "Discard" }).click();
  await expect(offer(third)).toBeHidden();
  expect(await storedDraft(third, "draft:product:new")).toBeNull();
  await third.reload();
  await expect(third.getByLabel("Product Name")).toHaveValue("");
  await expect(offer(third)).toHaveCount(0);
});

test("a successful save forgets the draft", async ({ adminPage: page, seededProduct }) => {
  const key = `draft:product:${seededProduct.id}`;
  await page.goto(`/admin/manage-products/edit/${seededProduct.id}`);
  await page.getByLabel("Description").fill("Saved this time.");
  await expect.poll(() => storedDraft(page, key)).toContain("Saved this time.");
  await page.getByRole("button", { name: "Update Product" }).click();
  await page.waitForURL(/\/admin\/manage-products$/);
  await expect.poll(() => storedDraft(page, key)).toBeNull();
  await page.goto(`/admin/manage-products/edit/${seededProduct.id}`);
  await expect(page.getByLabel("Description")).toHaveValue("Saved this time.");
  await expect(offer(page)).toHaveCount(0);
});
