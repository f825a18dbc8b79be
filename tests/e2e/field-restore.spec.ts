import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// Issue 41: History one click from the top of an edit page, and 'Restore this field' putting back one field of an
// older version (ADR 0055). A product edited twice; the link near the heading reaches its History; one field back.

const SHOTS = "test-results/field-restore";

async function saveWith(page: Page, edit: string, fields: Record<string, string>) {
  await page.goto(edit);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByTestId("toast")).toContainText("Product Updated!");
}

test("edit a product twice, reach History from the top, and restore one field", async ({
  adminPage: page,
  seededProduct,
}) => {
  const edit = `/admin/manage-products/edit/${encodeURIComponent(seededProduct.id)}`;
  await saveWith(page, edit, { Description: "Crisp and red, first edit." });
  await saveWith(page, edit, {
    Description: "Sweeter, second edit.",
    "Export Information": "Packed in 25 kg mesh bags.",
  });

  await page.goto(edit);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).not.toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/top-1280.png` });
  // One click from the heading: the panel is scrolled to and takes the focus.
  await page.getByRole("link", { name: "History (3 versions)" }).click();
  await expect(page).toHaveURL(/#history$/);
  await expect(history).toBeInViewport();
  await expect(history).toBeFocused();

  const version2 = history.locator('[data-version="2"]');
  await expect(version2).toContainText("Description:");
  // Version 2's description differs from today's; the status is not offered alone.
  await expect(history.getByRole("button", { name: /^Restore this field: Status/ })).toHaveCount(0);
  await expectNoViolations(page, "the History panel");
  await history.screenshot({ path: `${SHOTS}/history-1280.png` });

  await version2.getByRole("button", { name: "Restore this field: Description, as in version 2" }).click();
  await expect(page.getByTestId("toast")).toContainText("Field Restored");
  await expect(page.getByTestId("toast")).toContainText("Description is back as it was in version 2");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Crisp and red, first edit.");
  await expect(page.getByLabel("Export Information", { exact: true })).toHaveValue("Packed in 25 kg mesh bags.");
  await expect(page.getByRole("link", { name: "History (4 versions)" })).toBeVisible();
  await expect(history.locator('[data-version="4"]')).toContainText("Restored by");

  // At 390 px the link and every 'Restore this field' stay within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(edit);
  await page.screenshot({ path: `${SHOTS}/top-390.png` });
  await page.getByRole("link", { name: "History (4 versions)" }).click();
  await expect(history).toBeInViewport();
  const button = history.getByRole("button", { name: /^Restore this field: Description/ }).first();
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeGreaterThanOrEqual(24);
  await history.screenshot({ path: `${SHOTS}/history-390.png` });
});
