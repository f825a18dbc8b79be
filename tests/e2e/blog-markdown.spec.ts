import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { jpeg } from "./support/files";
import { expect, test } from "./support/fixtures";

// Issue 29: a post written with the editor's toolbar (a list, a link and a picture), published, and read on its
// public page as the preview showed it (ADR 0044). The post and its picture are this test's own, deleted after it.

/** Selects `text` in the body's textarea, as a mouse drag would. */
async function select(page: Page, text: string) {
  await page.locator("#content").evaluate((area: HTMLTextAreaElement, wanted) => {
    const at = area.value.indexOf(wanted);
    area.focus();
    area.setSelectionRange(at, at + wanted.length);
  }, text);
}

test("write a post with a list, a link and a picture in the editor, publish it, and read it on its page", async ({
  adminPage: page,
  browser,
  baseURL,
  uid,
  onCleanup,
}) => {
  const title = `Harvest Notes ${uid}`;
  const slug = `harvest-notes-${uid}`.toLowerCase();
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const preview = page.getByTestId("preview");
  onCleanup(async () => {
    await page.goto("/admin/manage-blog");
    const ids = await page
      .getByRole("row")
      .filter({ hasText: title })
      .locator('input[name="id"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    for (const id of ids)
      await page.request.post("/admin/manage-blog", { form: { intent: "delete", id }, maxRedirects: 0 });
  });

  // The Link and Picture buttons ask in prompts: answered here (from a queue; the fixture would accept the default).
  const answers: string[] = [];
  page.removeAllListeners("dialog");
  page.on("dialog", (dialog) => dialog.accept(answers.shift() || dialog.defaultValue()));

  await page.goto("/admin/manage-blog/add");
  await page.locator("#title").fill(title);
  await page.locator("#content").fill("Grades this week:\nRed onion\nWhite onion\n\nSee APEDA for the rules.");
  await select(page, "Red onion\nWhite onion");
  await toolbar.getByRole("button", { name: "List", exact: true }).click();
  await expect(page.locator("#content")).toHaveValue(/Grades this week:\n- Red onion\n- White onion\n/);
  await select(page, "APEDA");
  answers.push("https://apeda.gov.in");
  await toolbar.getByRole("button", { name: "Link" }).click();
  await expect(preview.getByRole("listitem")).toHaveText(["Red onion", "White onion"]);
  await expect(preview.getByRole("link", { name: "APEDA" })).toHaveAttribute("href", "https://apeda.gov.in");
  await page.getByLabel("Featured Image").setInputFiles(await jpeg("crates.jpg", "#a0522d"));
  await page.getByLabel("Status").selectOption("published");
  await expectNoViolations(page, "the blog editor with its toolbar and preview");
  await page.getByRole("button", { name: "Add Post" }).click();
  await expect(page.getByTestId("toast")).toContainText("Blog Post Added");

  // The picture: one the site already stores (the featured image just uploaded), offered by the Picture button.
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /Edit/ }).click();
  await page.locator("#content").evaluate((area: HTMLTextAreaElement) => {
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  });
  answers.push("", "Onions in crates at the pack house"); // the address offered (the featured image), its Alt Text
  await toolbar.getByRole("button", { name: "Picture" }).click();
  await expect(page.locator("#content")).toHaveValue(/\n!\[Onions in crates at the pack house\]\(\/media\/[^)]+\)$/);
  await expect(preview.getByRole("img", { name: "Onions in crates at the pack house" })).toBeVisible();
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByTestId("toast")).toContainText("Blog Post Updated");

  // A reader: a browser of its own, without the session.
  const reader = await browser.newContext({ baseURL });
  try {
    const post = await reader.newPage();
    await post.goto(`/blog/${slug}`);
    const body = post.locator("article");
    await expect(body.getByRole("listitem")).toHaveText(["Red onion", "White onion"]);
    const apeda = body.getByRole("link", { name: "APEDA" });
    await expect(apeda).toHaveAttribute("href", "https://apeda.gov.in");
    await expect(apeda).toHaveAttribute("rel", "noopener");
    const picture = body.getByRole("img", { name: "Onions in crates at the pack house" });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoViolations(post, `/blog/${slug}`);
  } finally {
    await reader.close();
  }
});
