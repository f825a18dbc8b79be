import { expect, test } from "./support/fixtures";

// A buyer's inquiry from a product page to the back office (issue 6), on the seeded site Playwright starts.
const PRODUCT = { name: "Nashik Red Onion", path: "/products/fresh-onions/nashik-red-onion" };

test("a buyer inquires about a product; an administrator finds it, marks it replied and exports the list", async ({
  page: buyerPage,
  adminPage: page,
  uid,
}) => {
  // Unique to this test, so the administrator's search finds exactly this inquiry.
  const buyer = `Buyer ${uid}`;

  await buyerPage.goto(PRODUCT.path);
  // The chat button names the product; the number is still digits only.
  await buyerPage.evaluate(() => window.scrollTo(0, 600));
  await expect(buyerPage.getByTestId("chat-button")).toHaveAttribute(
    "href",
    `https://wa.me/919839012345?text=${encodeURIComponent(`Hello, I am interested in ${PRODUCT.name}. Could you send me your export price and availability?`)}`,
  );
  await buyerPage.getByRole("link", { name: "Inquire About This Product" }).click();
  await expect(buyerPage.getByLabel("Subject")).toHaveValue(`Inquiry about ${PRODUCT.name}`);
  await buyerPage.getByLabel("Full Name").fill(buyer);
  await buyerPage.getByLabel("Email Address").fill("buyer@importer.example");
  await buyerPage.getByLabel("Phone Number").fill("+971 50 123 4567");
  await buyerPage
    .getByLabel("Message")
    .fill("Please quote 2 x 40 ft reefers, 55 mm+, CIF Jebel Ali.\nMesh bags of 25 kg.");
  await buyerPage.getByRole("button", { name: "Send Message" }).click();
  const toast = buyerPage.getByTestId("toast");
  await expect(toast).toContainText("Message Sent!");
  await expect(toast).toContainText("Thank you for contacting us. We will get back to you shortly.");
  await expect(buyerPage.getByLabel("Full Name")).toHaveValue("");

  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("inquiries-card")).toContainText(/\d+ new inquir(y waits|ies wait) for an answer\./);

  await page.getByRole("link", { name: "Inquiries", exact: true }).click();
  await page.waitForURL("**/admin/inquiries");
  await page.getByRole("searchbox").fill(buyer);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("inquiry-row").filter({ hasText: buyer });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(PRODUCT.name);
  await expect(row).toContainText("New");

  await row.getByRole("link", { name: buyer, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Inquiry about ${PRODUCT.name}` })).toBeVisible();
  await expect(page.getByTestId("inquiry-message")).toHaveText(
    "Please quote 2 x 40 ft reefers, 55 mm+, CIF Jebel Ali.\nMesh bags of 25 kg.",
  );
  await expect(page.getByText(PRODUCT.path)).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply by Email" })).toHaveAttribute(
    "href",
    `mailto:buyer@importer.example?subject=${encodeURIComponent(`Re: Inquiry about ${PRODUCT.name}`)}`,
  );
  await page.getByRole("button", { name: "Mark as Replied" }).click();
  await expect(page.getByTestId("toast")).toContainText("Status Updated");
  await expect(page.getByRole("button", { name: "Mark as New" })).toBeVisible();

  await page.getByRole("link", { name: "Back to Inquiries" }).click();
  await page.getByRole("link", { name: "Replied", exact: true }).click();
  await expect(page).toHaveURL(/status=replied/);
  await expect(page.getByTestId("inquiry-row").filter({ hasText: buyer })).toContainText("Replied");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Inquiries (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inquiries-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text).toContain("received_at,status,full_name,email,phone,subject,message,product_name,page_path,notified_at");
  expect(text).toContain(`replied,${buyer},buyer@importer.example,'+971 50 123 4567,Inquiry about ${PRODUCT.name}`);
  // The phone number starts with '+', so it is neutralised like any formula-like cell; the export follows the filter: only replied inquiries.
  expect(text).not.toMatch(/\r\n[^,]*,new,/);

  // The list fits a 390 px phone: secondary columns give way, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(buyer)}`);
  await expect(page.getByTestId("inquiry-row")).toContainText(buyer);
  await expect(page.getByRole("columnheader", { name: "Product" })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form is a normal POST with the same result", async ({ page }) => {
    await page.goto("/contact-us?product_name=White%20Onion");
    await expect(page.getByLabel("Subject")).toHaveValue("Inquiry about White Onion");
    await page.getByLabel("Full Name").fill("No Script Buyer");
    await page.getByLabel("Email Address").fill("noscript@importer.example");
    await page.getByLabel("Message").fill("Sent from a browser without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Message Sent! Thank you for contacting us. We will get back to you shortly."),
    ).toBeVisible();
  });
});
