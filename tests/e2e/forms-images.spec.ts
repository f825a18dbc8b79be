import type { Page, TestInfo } from "@playwright/test";
import { jpeg } from "./support/files";
import { expect, test } from "./support/fixtures";

// The two sorted picture lists (certificates, gallery): one inline form each, checked in the browser first and by
// the server, with the spec's toasts (§5, §8). Each test adds and removes items of its own.

const unique = (testInfo: TestInfo, what: string) =>
  `${what} ${testInfo.workerIndex}-${testInfo.testId.slice(0, 6)}-${Date.now().toString(36)}`;

const toast = (page: Page) => page.getByTestId("toast");

test("a certificate without a name is refused at the field; one with a picture is added, edited and deleted", async ({
  adminPage: page,
}, testInfo) => {
  const name = unique(testInfo, "Spices Board");
  await page.goto("/admin/edit-pages/certificates");
  await page.getByRole("link", { name: "Add New Certificate" }).click();
  await expect(page.getByRole("heading", { name: "Add New Certificate" })).toBeVisible();
  // New items start at the current count (spec §5); the schema makes the input a whole number.
  await expect(page.getByLabel("Sort Order")).toHaveAttribute("type", "number");
  await expect(page.getByLabel("Sort Order")).toHaveAttribute("step", "1");

  await page.getByLabel("Issuing Authority").fill("Spices Board India");
  await page.getByRole("button", { name: "Add Certificate" }).click();
  const nameField = page.getByLabel("Certificate Name");
  await expect(nameField).toHaveAttribute("aria-invalid", "true");
  await expect(nameField).toBeFocused();
  await expect(page.locator("#name-error")).toHaveText("Certificate name is required.");
  await expect(toast(page)).toContainText("Missing Name");
  await expect(toast(page)).toContainText("Certificate name is required.");
  await expect(page.getByLabel("Issuing Authority")).toHaveValue("Spices Board India");

  // Typing clears the mark; the picture goes up with the save.
  await nameField.fill(name);
  await expect(nameField).not.toHaveAttribute("aria-invalid");
  // What only the server can tell (the file is no picture) comes back to the open form, at the field.
  const image = page.getByLabel("Certificate Image");
  await image.setInputFiles({ name: "board.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Add Certificate" }).click();
  await expect(toast(page)).toContainText("Image Operation Failed");
  await expect(toast(page)).toContainText(
    "Image upload failed: Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.",
  );
  await expect(image).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\?edit=new$/);
  await expect(nameField).toHaveValue(name);
  await expect(page.getByLabel("Issuing Authority")).toHaveValue("Spices Board India");
  await image.setInputFiles(await jpeg("board.jpg", "#aa7733"));
  await page.getByRole("button", { name: "Add Certificate" }).click();
  await expect(toast(page)).toContainText("Certificate Added");
  await expect(page).toHaveURL(/\/admin\/edit-pages\/certificates$/);
  await expect(page.getByRole("heading", { name: "Add New Certificate" })).toHaveCount(0);
  const card = page.getByTestId("certificate-card").filter({ hasText: name });
  await expect(card).toContainText("Spices Board India");
  await expect(card.getByRole("img", { name })).toHaveAttribute("src", /\/public\/certificates\/certificate-/);

  await card.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Certificate" })).toBeVisible();
  await expect(page.getByLabel("Certificate Name")).toHaveValue(name);
  await page.getByLabel("Description").fill("Registered exporter of spices.");
  await page.getByRole("button", { name: "Update Certificate" }).click();
  await expect(toast(page)).toContainText("Certificate Updated");
  await expect(page.getByRole("heading", { name: "Edit Certificate" })).toHaveCount(0);
  await expect(card).toContainText("Registered exporter of spices.");

  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(toast(page)).toContainText("Certificate Deleted");
  await expect(card).toHaveCount(0);
});

test("a gallery item without a picture is refused at the image field ('Missing Image'); with one it is added and deleted", async ({
  adminPage: page,
}, testInfo) => {
  const title = unique(testInfo, "Loading reefers");
  await page.goto("/admin/edit-pages/gallery");
  await page.getByRole("link", { name: "Add New Gallery Item" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Add Gallery Item" }).click();
  const image = page.getByLabel("Image (required)");
  await expect(image).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#image-error")).toHaveText("Gallery item image is required.");
  await expect(toast(page)).toContainText("Missing Image");
  await expect(toast(page)).toContainText("Gallery item image is required.");
  await expect(page.getByLabel("Title")).toHaveValue(title);

  await image.setInputFiles(await jpeg("reefers.jpg", "#335577"));
  await expect(image).not.toHaveAttribute("aria-invalid");
  await page.getByRole("button", { name: "Add Gallery Item" }).click();
  await expect(toast(page)).toContainText("Gallery Item Added");
  await expect(page.getByRole("heading", { name: "Add New Gallery Item" })).toHaveCount(0);
  const card = page.getByTestId("gallery-card").filter({ hasText: title });
  await expect(card.getByRole("img", { name: title })).toHaveAttribute("src", /\/public\/gallery\/gallery-\d{13}-/);

  // Editing keeps the saved picture unless it is cleared; clearing it without a new one is refused.
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("button", { name: "Revert to original or clear" }).click();
  await expect(page.getByText("The image will be removed when you save.")).toBeVisible();
  await page.getByRole("button", { name: "Update Gallery Item" }).click();
  await expect(toast(page)).toContainText("Missing Image");
  await page.getByRole("button", { name: "Revert to original or clear" }).click();
  await page.getByLabel("Title").fill(`${title} at dawn`);
  await page.getByRole("button", { name: "Update Gallery Item" }).click();
  await expect(toast(page)).toContainText("Gallery Item Updated");
  await expect(card.getByRole("img", { name: `${title} at dawn` })).toBeVisible();

  await card.getByRole("button", { name: `Delete ${title} at dawn` }).click();
  await expect(toast(page)).toContainText("Gallery Item Deleted");
  await expect(card).toHaveCount(0);
});

test("a picture over the upload limit is refused in the browser, before anything is sent", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/edit-pages/certificates?edit=new");
  await expect(page.getByText("JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.")).toBeVisible();
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  const image = page.getByLabel("Certificate Image");
  const big = Buffer.alloc(11 * 1024 * 1024);
  big.set([0xff, 0xd8, 0xff]);
  await image.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(image).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#image-error")).toHaveText("The image is larger than the 10 MB limit.");
  await expect(image).toHaveValue("");
  await expect(page.getByRole("img", { name: "Certificate Image preview" })).toHaveCount(0);
  expect(posts).toEqual([]);
});
