import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Nothing typed is lost (issue 27): every back-office form asks before its page is left with unsaved changes. The
// guard is the admin layout's, for every form; the product form is the one tried here.

const leaveDialog = (page: Page) => page.getByRole("alertdialog", { name: "Leave this page?" });

test("leaving an edited product form asks first: Stay keeps the page and what was typed, Leave goes", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/manage-products/add");
  await page.getByLabel("Product Name").fill("Typed and not saved");

  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page)).toHaveAccessibleDescription("Your changes are not saved.");
  await expect(page.getByRole("button", { name: "Stay on this page" })).toBeFocused();

  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/manage-products\/add$/);
  await expect(page.getByLabel("Product Name")).toHaveValue("Typed and not saved");

  // Escape is Stay too.
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/manage-products\/add$/);

  await page.getByRole("link", { name: "Back to Products" }).click();
  await page.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/manage-products$/);
});

test("an untouched form, and one put back as it was, leave without a question", async ({ adminPage: page }) => {
  await page.goto("/admin/manage-products/add");
  await page.getByLabel("Product Name").fill("Changed my mind");
  await page.getByLabel("Product Name").fill("");
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(page).toHaveURL(/\/admin\/manage-products$/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test("closing the tab with unsaved changes asks the browser's question; sending the form does not", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/manage-products/add");
  await page.getByLabel("Product Name").fill("Typed before closing");
  page.removeAllListeners("dialog");
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await expect.poll(() => page.isClosed()).toBe(false);
  // Sent, even refused by the browser's check of the form (no category), it never asks to leave.
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Category is required.", { exact: true })).toBeVisible();
  await expect(leaveDialog(page)).toHaveCount(0);
});

test("a form the server refused still counts as unsaved; a saved one leaves without a question", async ({
  adminPage: page,
  seededProduct,
}) => {
  await page.goto("/admin/manage-products/add");
  await page.getByLabel("Product Name").fill(`Another ${seededProduct.name}`);
  await page.getByLabel("Slug").fill(seededProduct.slug);
  await page.getByLabel("Category").selectOption({ label: seededProduct.categoryName });
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();

  // Saved (the edit page sends its form and moves to the list): no question on the way, none afterwards. On a slow
  // phone the list's address comes before React takes the edit form away; Back pressed then still asks nothing.
  await page.goto(`/admin/manage-products/edit/${seededProduct.id}`);
  await page.getByLabel("Description").fill("Saved, so nothing to lose.");
  const cpu = await page.context().newCDPSession(page);
  await cpu.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  await page.getByRole("button", { name: "Update Product" }).click();
  await page.waitForURL(/\/admin\/manage-products$/);
  await page.goBack();
  await cpu.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(page.getByLabel("Description")).toHaveValue("Saved, so nothing to lose.");
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(page).toHaveURL(/\/admin\/manage-products$/);
  await expect(leaveDialog(page)).toHaveCount(0);
});
