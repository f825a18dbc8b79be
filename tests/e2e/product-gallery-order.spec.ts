import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { jpeg } from "./support/files";
import { carryByKeyboard } from "./support/sortable";

// Issue 29: a product's gallery reordered on its edit form by the keyboard (the up / down buttons, which need no
// drag), the order sent with the product's own Save, and shown so on the public product page.

const SHOTS = "test-results/product-gallery-order";
const GALLERY_FILE = /gallery-[A-Za-z0-9]{8}/;

/** The stored gallery file names ("gallery-AbCd1234") of the pictures under `root`, first to last, each once. */
const galleryFiles = (page: Page, root: string) =>
  page.locator(`${root} img`).evaluateAll((images, pattern) => {
    const names = images.map((img) => (img.getAttribute("src") ?? "").match(new RegExp(pattern))?.[0] ?? "");
    return [...new Set(names.filter(Boolean))];
  }, GALLERY_FILE.source);

test("reorder a product's gallery by keyboard, save once, and see the order on the product page", async ({
  adminPage: page,
  seededProduct,
}) => {
  const edit = `/admin/manage-products/edit/${encodeURIComponent(seededProduct.id)}`;
  await page.goto(edit);
  await page
    .getByLabel("Add gallery images")
    .setInputFiles([
      await jpeg("red.jpg", "#c0392b"),
      await jpeg("green.jpg", "#27ae60"),
      await jpeg("blue.jpg", "#2980b9"),
    ]);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByTestId("toast")).toContainText("Product Updated!");

  await page.goto(edit);
  const gallery = page.getByRole("group", { name: "Gallery Images" });
  const saved = await galleryFiles(page, '[data-testid="gallery-picture"]');
  expect(saved).toHaveLength(3);
  // Every control shows without hovering: the grip, the arrows, Remove.
  await expect(gallery.getByRole("button", { name: "Reorder Gallery image 3" })).toBeVisible();
  await expect(gallery.getByRole("button", { name: "Move Gallery image 1 down" })).toBeVisible();
  await expect(gallery.getByLabel("Remove Gallery image 2")).toBeVisible();

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  // The third picture to the front: focus its 'up' button and press Enter twice; the focus stays on it.
  const up = gallery.getByRole("button", { name: "Move Gallery image 3 up" });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(gallery.getByRole("status").filter({ hasText: "moved" })).toHaveText(
    "Gallery image 3 moved to position 2 of 3.",
  );
  await page.keyboard.press("Enter");
  await expect(gallery.getByRole("status").filter({ hasText: "moved" })).toHaveText(
    "Gallery image 3 moved to position 1 of 3.",
  );
  await expect(up).toBeFocused();
  await expect(up).toHaveAttribute("aria-disabled", "true");
  const wanted = [saved[2], saved[0], saved[1]];
  expect(await galleryFiles(page, '[data-testid="gallery-picture"]')).toEqual(wanted);
  // The grip works inside the form too (dnd-kit's keyboard sensor): Space, an arrow, Space; and back again.
  const grip = gallery.getByRole("button", { name: "Reorder Gallery image 1" });
  for (const [key, to, order] of [
    ["ArrowRight", 3, [saved[2], saved[1], saved[0]]],
    ["ArrowLeft", 2, wanted],
  ] as const) {
    await carryByKeyboard(page, grip, [key], `Gallery image 1 is over position ${to} of 3.`);
    await expect.poll(() => galleryFiles(page, '[data-testid="gallery-picture"]')).toEqual(order);
  }
  // Nothing is sent until Save; the order goes with it as hidden inputs.
  expect(posts).toEqual([]);
  const order = await gallery
    .locator('input[name="gallery_order"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(order.map((url) => url.match(GALLERY_FILE)?.[0])).toEqual(wanted);

  await expectNoViolations(page, "the product form's gallery");
  await gallery.screenshot({ path: `${SHOTS}/edit-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(gallery.getByRole("button", { name: "Move Gallery image 2 down" })).toBeVisible();
  await expect(gallery.getByLabel("Remove Gallery image 3")).toBeVisible();
  await gallery.screenshot({ path: `${SHOTS}/edit-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByTestId("toast")).toContainText("Product Updated!");
  expect(posts).toHaveLength(1);

  await page.goto(seededProduct.path);
  expect(await galleryFiles(page, "main")).toEqual(wanted);
  await page.goto(edit);
  expect(await galleryFiles(page, '[data-testid="gallery-picture"]')).toEqual(wanted);
  await expect(page.getByRole("region", { name: "History" })).toContainText("reordered");
});
