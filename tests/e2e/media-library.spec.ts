import sharp from "sharp";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// Issue 29: the Media Library. Pictures dropped on the page go up with their results listed; one gets an 'Alt Text'
// and is given to a product as its main picture, and the product's public page describes it by that text.
test("pictures dropped on the Media Library are uploaded, described and given to a product", async ({
  adminPage: page,
  adminRequest,
  onCleanup,
  seededProduct,
  uid,
}) => {
  const names = [`library-${uid}-a.jpg`, `library-${uid}-b.jpg`];
  const files = await Promise.all(
    names.map(async (name, i) => ({
      name,
      bytes: [
        ...(await sharp({
          create: { width: 640, height: 480, channels: 3, background: { r: 40 + 90 * i, g: 90, b: 30 } },
        })
          .jpeg()
          .toBuffer()),
      ],
    })),
  );
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();
  const dropped = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list)
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }));
    return transfer;
  }, files);
  await page.getByTestId("picture-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
  const results = page.getByTestId("upload-results");
  for (const name of names) await expect(results).toContainText(`${name}: Added`);
  await expect(page.getByTestId("toast")).toContainText("Pictures Uploaded!");
  await expectNoViolations(page, "the Media Library after an upload");

  // The second picture stays unused, and goes again after the test (the first stays in the product's versions).
  const spare = page.getByTestId("media-card").filter({ hasText: `library-${uid}-b` });
  const spareId = await spare.locator('input[name="id"]').first().inputValue();
  onCleanup(() => adminRequest.post("/admin/media", { form: { intent: "delete", id: spareId } }));
  const card = page.getByTestId("media-card").filter({ hasText: `library-${uid}-a` });
  await expect(card).toContainText("Not used anywhere");
  await card.getByRole("textbox", { name: "Alt Text", exact: true }).fill("Red onions in 25 kg mesh bags");
  await card.getByRole("button", { name: /^Save Alt Text of/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Alt Text Saved!");

  await card.getByRole("link", { name: /^Assign to a product/ }).click();
  await page.getByRole("combobox", { name: "Product", exact: true }).selectOption({ label: seededProduct.name });
  await page.getByLabel("Main picture").check();
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByTestId("toast")).toContainText("Picture Assigned!");
  await expect(card).toContainText(`${seededProduct.name} (main picture)`);

  await page.goto(seededProduct.path);
  await expect(page.getByTestId("main-image")).toHaveAttribute("alt", "Red onions in 25 kg mesh bags");
});
