import type { Page, TestInfo } from "@playwright/test";
import { jpeg } from "./support/files";
import { expect, test } from "./support/fixtures";

// The blog form and the site settings on the main test server, next to other tests: every name is this test's own,
// and every setting changed is put back, so these tests also run in parallel with each other.
test.describe.configure({ mode: "parallel" });

const uniqueOf = (testInfo: TestInfo) => `${testInfo.workerIndex}${Date.now().toString(36)}`;

/** An input's message under it (linked by aria-describedby) and its marking. */
async function expectRefused(page: Page, selector: string, message: string) {
  const input = page.locator(selector);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

test("blog post: an empty form is refused field by field, a good post is added, a used slug is refused, and it is deleted", async ({
  adminPage: page,
}, testInfo) => {
  const title = `E2E Market Note ${uniqueOf(testInfo)}`;
  const toast = page.getByTestId("toast");
  const row = page.getByRole("row").filter({ hasText: title });
  try {
    await page.goto("/admin/manage-blog/add");
    await page.locator("#excerpt").fill("An excerpt typed before the refusal");
    await page.getByRole("button", { name: "Add Post" }).click();
    await expect(toast).toContainText("Missing Fields");
    await expect(toast).toContainText("Title, Slug, and Content are required.");
    await expectRefused(page, "#title", "Title is required.");
    await expectRefused(page, "#slug", "Slug is required.");
    await expectRefused(page, "#content", "Content is required.");
    await expect(page.locator("#title")).toBeFocused();
    await expect(page.locator("#excerpt")).toHaveValue("An excerpt typed before the refusal");

    await page.locator("#title").fill(title);
    await expect(page.locator("#title")).not.toHaveAttribute("aria-invalid");
    await page.locator("#content").fill("Arrivals are **strong** this week.");
    await page.locator("#tags").fill("Onions, Market Update");
    await page.getByRole("button", { name: "Add Post" }).click();
    await expect(toast).toContainText("Blog Post Added");
    await expect(page).toHaveURL(/\/admin\/manage-blog$/);
    await expect(row.getByTestId("status")).toHaveText("Draft");

    // A slug in use is a refusal only the server knows: the slug is marked, the rest stays as typed.
    await page.goto("/admin/manage-blog/add");
    await page.locator("#title").fill(title);
    await page.locator("#content").fill("A second post with the same title.");
    await page.getByRole("button", { name: "Add Post" }).click();
    await expect(toast).toContainText("Error Adding Blog Post");
    await expectRefused(page, "#slug", "Another post already uses the slug");
    await expect(page.locator("#title")).toHaveValue(title);
    await expect(page.locator("#content")).toHaveValue("A second post with the same title.");

    await page.goto("/admin/manage-blog");
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(toast).toContainText("Success!");
    await expect(row).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/manage-blog$/);
  } finally {
    await page.goto("/admin/manage-blog");
    for (const id of await row
      .locator('input[name="id"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
      await page.request.post("/admin/manage-blog", { form: { intent: "delete", id }, maxRedirects: 0 });
  }
});

test("settings: a refused add stays open with what was typed, with JavaScript and without", async ({
  adminPage: page,
  browser,
}, testInfo) => {
  const key = `e2e_hours_${uniqueOf(testInfo)}`;
  const toast = page.getByTestId("toast");
  try {
    await page.goto("/admin/site-settings");
    await page.getByRole("button", { name: "Add New Setting" }).click();
    await expect(page).toHaveURL(/\?add=1$/);
    await page.locator("#setting_key").fill(key);
    await page.locator("#description").fill("Typed before the refusal");
    await page.getByRole("button", { name: "Add Setting" }).click();
    await expect(toast).toContainText("Error Adding Setting");
    await expect(toast).toContainText("Setting Key and Value are required.");
    await expectRefused(page, "#setting_value", "Value is required.");
    await expect(page.locator("#setting_key")).toHaveValue(key);
    await expect(page.locator("#description")).toHaveValue("Typed before the refusal");

    await page.locator("#setting_value").fill("Mon–Sat 9:00–18:00 IST");
    await page.getByRole("button", { name: "Add Setting" }).click();
    await expect(toast).toContainText("Setting Added!");
    await expect(page.locator("#setting_key")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: key, exact: true })).toHaveValue("Mon–Sat 9:00–18:00 IST");

    // Without JavaScript: the toggle is a link in the address, and the server's refusal re-renders the form open.
    const context = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
    });
    const plain = await context.newPage();
    await plain.goto("/admin/site-settings");
    await plain.getByRole("button", { name: "Add New Setting" }).click();
    await plain.locator("#setting_key").fill(key.toUpperCase());
    await plain.locator("#setting_value").fill("Another value");
    await plain.getByRole("button", { name: "Add Setting" }).click();
    await expect(plain.locator("#setting_key")).toHaveValue(key.toUpperCase());
    await expect(plain.locator("#setting_value")).toHaveValue("Another value");
    await expectRefused(plain, "#setting_key", `A setting with the key "${key}" already exists.`);
    await context.close();

    await page.goto("/admin/site-settings");
    await page.getByRole("button", { name: `Delete ${key}` }).click();
    await expect(toast).toContainText("Setting Deleted!");
    await expect(page.getByRole("textbox", { name: key, exact: true })).toHaveCount(0);
  } finally {
    await deleteSettingIfThere(page, key);
  }
});

test("settings: Save All saves the valid change and refuses the invalid one at its field, keeping what was typed", async ({
  adminPage: page,
}, testInfo) => {
  const key = `e2e_note_${uniqueOf(testInfo)}`;
  const toast = page.getByTestId("toast");
  const added = await page.request.post("/admin/site-settings", {
    form: { intent: "add", setting_key: key, setting_value: "before", description: "" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  try {
    await page.goto("/admin/site-settings");
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    const savedEmail = await email.inputValue();
    await email.fill("not-an-email");
    await page.getByRole("textbox", { name: key, exact: true }).fill("after");
    await page.getByRole("button", { name: "Save All Changes" }).first().click();

    await expect(toast).toContainText("Error saving contact_email");
    await expect(toast).toContainText("Use an email address, like exports@example.com.");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Use an email address, like exports@example.com\./);
    await expect(email).toHaveValue("not-an-email");
    await expect(email).toBeFocused();
    await expect(page.getByText("Not saved: contact_email. The other changes were saved.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: key, exact: true })).toHaveValue("after");

    await page.reload();
    await expect(page.getByRole("textbox", { name: key, exact: true })).toHaveValue("after");
    await expect(email).toHaveValue(savedEmail);
    await expect(email).not.toHaveAttribute("aria-invalid");
  } finally {
    await deleteSettingIfThere(page, key);
  }
});

test("settings: a logo uploaded like any other picture shows in the site header", async ({ adminPage: page }) => {
  const toast = page.getByTestId("toast");
  await page.goto("/admin/site-settings");
  const logo = page.getByRole("textbox", { name: "Logo", exact: true });
  const original = await logo.inputValue();
  const field = (await logo.getAttribute("name"))!;
  try {
    await page.getByLabel("Logo image").setInputFiles(await jpeg("our-logo.jpg", "#2f6b3f"));
    await expect(page.getByAltText("Logo image preview")).toHaveAttribute("src", /^blob:/);
    await page.getByRole("button", { name: "Save All Changes" }).last().click();
    await expect(toast).toContainText("Settings Saved!");
    await expect(logo).toHaveValue(/^\/media\/application-assets\/public\/settings\/logo-[A-Za-z0-9]{8}\.jpg$/);
    const stored = await logo.inputValue();
    await expect(page.getByAltText("Logo image preview")).toHaveAttribute("src", stored);

    await page.goto("/");
    await expect(page.locator("header").getByRole("img", { name: "Ganga Agro Exports" }).first()).toHaveAttribute(
      "src",
      stored,
    );

    // A typed address still works; the uploaded file stays while the settings' History names it (ADR 0031), so
    // restoring that version never shows a broken logo.
    await page.goto("/admin/site-settings");
    await logo.fill(original);
    await page.getByRole("button", { name: "Save All Changes" }).first().click();
    await expect(toast).toContainText("Settings Saved!");
    await expect(logo).toHaveValue(original);
    expect((await page.request.get(stored)).status()).toBe(200);
  } finally {
    await page.request.post("/admin/site-settings", {
      form: { intent: "save", [field]: original },
      maxRedirects: 0,
    });
  }
});

async function deleteSettingIfThere(page: Page, key: string) {
  const html = await (await page.request.get("/admin/site-settings")).text();
  const id = html.match(new RegExp(`aria-label="Delete ${key}"[^>]*form="delete-([^"]+)"`))?.[1];
  if (id) await page.request.post("/admin/site-settings", { form: { intent: "delete", id }, maxRedirects: 0 });
}
