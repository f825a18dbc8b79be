import sharp from "sharp";
import { expect, test } from "./support/fixtures";

// The category form is the form layer's reference: checked in the browser before sending, checked again by the
// server, messages at the fields, the spec's toast, what was typed kept, uploads with progress and a size limit.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("an empty category form is refused in the browser: fields marked, messages, the spec's toast, text kept", async ({
  adminPage: page,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
  await page.goto("/admin/manage-categories/add");
  await page.getByLabel("Description").fill("Typed before the mistake");
  await page.getByRole("button", { name: "Add Category" }).click();

  const name = page.getByLabel("Category Name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(page.locator("#name-error")).toHaveText("Category Name is required.");
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-describedby", /slug-error/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Missing Fields");
  await expect(toast).toContainText("Category Name and Slug are required.");
  await expect(page.getByLabel("Description")).toHaveValue("Typed before the mistake");
  expect(posts).toEqual([]);

  // Typing in a marked field clears its mark.
  await name.fill("Onion Powder");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Slug")).toHaveValue("onion-powder");
});

test("a slug another category uses is refused by the server, at the slug field, with the values kept", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/manage-categories/add");
  await page.getByLabel("Category Name").fill("Second Onions");
  await page.getByLabel("Slug").fill("fresh-onions");
  await page.getByLabel("Description").fill("Kept after the refusal");
  await page.getByRole("button", { name: "Add Category" }).click();

  await expect(page.getByTestId("toast")).toContainText('Another category already uses the slug "fresh-onions".');
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#slug-error")).toHaveText('Another category already uses the slug "fresh-onions".');
  await expect(page.getByLabel("Category Name")).toHaveValue("Second Onions");
  await expect(page.getByLabel("Description")).toHaveValue("Kept after the refusal");
  await expect(page).toHaveURL(/\/admin\/manage-categories\/add$/);
});

test("without JavaScript the server's answer marks the field and keeps what was typed", async ({
  browser,
  adminPage,
}) => {
  const state = await adminPage.context().storageState();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: state,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await page.goto("/admin/manage-categories/add");
  // Native constraints come from the schema.
  await expect(page.getByLabel("Category Name")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Category Name")).toHaveAttribute("maxlength", "120");
  // Spaces pass the browser's `required`; the server trims and refuses.
  await page.getByLabel("Category Name").fill("   ");
  await page.getByLabel("Slug").fill("no-js-slug");
  await page.getByLabel("Description").fill("Sent without JavaScript");
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByLabel("Category Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#name-error")).toHaveText("Category Name is required.");
  await expect(page.getByLabel("Slug")).toHaveValue("no-js-slug");
  await expect(page.getByLabel("Description")).toHaveValue("Sent without JavaScript");
  await context.close();
});

test("an upload shows its limit and a progress bar; a file over the limit is refused before sending; delete redirects with 'Success!'", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const name = `Upload Cat ${unique()}`;
  await page.goto("/admin/manage-categories/add");
  await expect(page.getByText("JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.")).toBeVisible();

  await page.getByLabel("Category Image").setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
  });
  await expect(page.locator("#image-error")).toHaveText("The image is larger than the 10 MB limit.");
  await expect(page.getByLabel("Category Image")).toHaveValue("");

  await page.getByLabel("Category Name").fill(name);
  // A noisy photo of about 2 MB on a 250 KB/s line: the bar has time to show.
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#888",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  await page.getByLabel("Category Image").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.locator("#image-error")).toHaveCount(0);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 5_000_000,
    uploadThroughput: 250_000,
  });
  await page.getByRole("button", { name: "Add Category" }).click();
  const bar = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await page.waitForURL("**/admin/manage-categories", { timeout: 60_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByTestId("toast")).toContainText("Category Added");

  await page.goto(`/admin/manage-categories?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("row", { name: new RegExp(name) }).locator("img")).toHaveCount(1);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Success!");
  await expect(page).toHaveURL(/\/admin\/manage-categories\?q=/);
  await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
});
