import { expect, test } from "./support/fixtures";

// The search synonyms screen with JavaScript (issue 43): the form's own check, an added group leaving the Add form
// empty, and a delete that asks first. Without JavaScript the same rules answer from the server
// (tests/integration/search-synonyms-admin.test.ts).
test("an administrator adds a synonym group and deletes it", async ({ adminPage: page, uid }) => {
  const words = [`okra${uid}`, `bhindi${uid}`];
  await page.goto("/admin/search-synonyms");
  const input = page.getByRole("textbox", { name: "Words" });
  await input.fill(`${words[0]} pods, ${words[1]}`);
  await page.getByRole("button", { name: "Add Group" }).click();
  await expect(page.getByText(`"${words[0]} pods" is more than one word.`, { exact: false }).first()).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");

  await input.fill(` ${words[0]}, ${words[1]}, ${words[0].toUpperCase()} `);
  await page.getByRole("button", { name: "Add Group" }).click();
  await expect(page.getByText("Synonym Group Added!")).toBeVisible();
  const group = `${words[0]}, ${words[1]}`;
  await expect(page.getByRole("link", { name: `Edit ${group}`, exact: true })).toBeVisible();
  await expect(input).toHaveValue("");

  let asked = "";
  page.once("dialog", (dialog) => void (asked = dialog.message()));
  await page.getByRole("button", { name: `Delete ${group}`, exact: true }).click();
  await expect(page.getByText("Synonym Group Deleted!")).toBeVisible();
  expect(asked).toBe(`Are you sure you want to delete the synonym group "${group}"? This action cannot be undone.`);
  await expect(page.getByRole("link", { name: `Edit ${group}`, exact: true })).toHaveCount(0);
});
