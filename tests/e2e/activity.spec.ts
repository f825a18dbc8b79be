import AxeBuilder from "@axe-core/playwright";
import { expect, MAIN_ADMIN, test } from "./support/fixtures";

// The activity log (issue 27, ADR 0032) on the main demo site: an export is logged, found with the filters, and the
// filtered log exported in turn. Other tests' rows may be there too; this one looks only for its own.
test("an administrator's export shows in Activity with who, when and from where, and the log exports", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/manage-products");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Products (CSV)" }).click();
  await download;

  await page.getByRole("link", { name: "Activity", exact: true }).first().click();
  await page.waitForURL("**/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();

  await page.getByLabel("Kind").selectOption({ label: "Export" });
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL(/action=export/);
  const row = page.getByTestId("activity-row").filter({ hasText: "Exported products" }).first();
  await expect(row).toContainText(MAIN_ADMIN.name);
  await expect(row).toContainText("127.0.0.1");
  // Shown in the site's time zone (India by default).
  await expect(row.locator("time")).toContainText("GMT+5:30");
  for (const other of await page.getByTestId("activity-row").all()) await expect(other).toContainText("Export");

  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  const file = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await file).suggestedFilename()).toMatch(/^activity-export-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByTestId("toast")).toContainText("Export Successful");
});
