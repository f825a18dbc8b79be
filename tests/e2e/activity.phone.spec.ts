import { expect, test } from "./support/fixtures";

// The back office's header with its Activity link, and the activity page, fit a phone: only the table may scroll
// sideways, inside its own box (issue 27).
test("the activity page and the admin header never scroll sideways on a phone", async ({ adminPage: page }) => {
  await page.goto("/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Activity", exact: true }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
