import { expect, insertQuoteRequest, test } from "./support/fixtures";

// A buyer's inquiry from a product page to the back office (issue 6), on the seeded site Playwright starts.
const PRODUCT = { name: "Nashik Red Onion", path: "/products/fresh-onions/nashik-red-onion" };

test("a buyer inquires about a product; an administrator finds it, marks it contacted and exports the list", async ({
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
  await page.getByRole("main").getByRole("searchbox").fill(buyer);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
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
  await page.getByRole("button", { name: "Mark as Contacted" }).click();
  await expect(page.getByTestId("toast")).toContainText("Status Updated");
  await expect(page.getByTestId("toast")).toContainText("The inquiry is marked as contacted.");
  await expect(page.getByRole("button", { name: "Mark as Quoted" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as Contacted" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to Inquiries" }).click();
  await page.getByRole("link", { name: "Contacted", exact: true }).click();
  await expect(page).toHaveURL(/status=contacted/);
  await expect(page.getByTestId("inquiry-row").filter({ hasText: buyer })).toContainText("Contacted");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Inquiries (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inquiries-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text).toContain("received_at,status,full_name,email,phone,subject,message,product_name,page_path,notified_at");
  expect(text).toContain(`contacted,${buyer},buyer@importer.example,'+971 50 123 4567,Inquiry about ${PRODUCT.name}`);
  // The phone number starts with '+', so it is neutralised like any formula-like cell; the export follows the filter: only contacted inquiries.
  expect(text).not.toMatch(/\r\n[^,]*,new,/);

  // The list fits a 390 px phone: secondary columns give way, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(buyer)}`);
  await expect(page.getByTestId("inquiry-row")).toContainText(buyer);
  await expect(page.getByRole("columnheader", { name: "Product" })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe("the lead pipeline", () => {
  // The quote request is written into the database of a site of this worker's own (the public quote form is built
  // elsewhere), and the dashboard's counts of the main site stay as other tests expect them.
  test.use({ site: "own" });

  test("an administrator finds a quote request, takes it, notes and quotes it, finds it by status and exports its lines", async ({
    adminPage: page,
    siteServer,
    uid,
    onCleanup,
  }) => {
    const buyer = `Quote Buyer ${uid}`;
    const company = `Gulf Fresh ${uid} LLC`;
    const quote = await insertQuoteRequest(siteServer, {
      full_name: buyer,
      email: `${uid}@gulf-fresh.example`,
      company,
      country: "United Arab Emirates",
      destination_port: "Jebel Ali",
      incoterm: "FOB",
      delivery_month: "2027-03",
      subject: `Quote request ${uid}: red onion`,
      message: "Two 40 ft reefers, FOB Nhava Sheva.",
      lines: [
        { productSlug: "nashik-red-onion", quantity: "58", unit: "MT", grade: "55 mm+", packaging: "25 kg mesh bag" },
        { productSlug: "indian-garlic-ooty-variety", quantity: "5", unit: "MT" },
      ],
    });
    onCleanup(() => quote.remove());

    await page.goto("/admin/inquiries");
    await page.getByLabel("Kind").selectOption({ label: "Quote requests" });
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/kind=quote/);
    await page.getByRole("main").getByRole("searchbox").fill(company);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/kind=quote/);
    const row = page.getByTestId("inquiry-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(company);
    await expect(row).toContainText("Unassigned");
    await row.getByRole("link", { name: buyer, exact: true }).click();

    await expect(page.getByRole("heading", { name: "Quote Request", level: 1 })).toBeVisible();
    await expect(page.getByText("March 2027")).toBeVisible();
    const lines = page.getByTestId("quote-lines");
    await expect(lines.getByRole("link", { name: "Nashik Red Onion" })).toHaveAttribute(
      "href",
      /^\/admin\/manage-products\/edit\//,
    );
    await expect(lines).toContainText("58 MT");

    // Takes it: the administrator signed in.
    await page.getByLabel("Assigned to").selectOption({ label: siteServer.admin.name });
    await page.getByRole("button", { name: "Save Assignee" }).click();
    await expect(page.getByTestId("toast")).toContainText(`The inquiry is assigned to ${siteServer.admin.name}.`);
    await expect(page.getByTestId("inquiry-assignee")).toHaveText(siteServer.admin.name);

    await page.getByRole("textbox", { name: "Note", exact: true }).fill(`Called ${buyer}; offer follows today.`);
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByTestId("toast")).toContainText("Note Added");
    const note = page.getByTestId("inquiry-note");
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`Called ${buyer}; offer follows today.`);
    await expect(note).toContainText(siteServer.admin.name);
    await expect(note).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} GMT\+5:30/);
    await expect(page.getByRole("textbox", { name: "Note", exact: true })).toHaveValue("");

    await page.getByRole("button", { name: "Mark as Quoted" }).click();
    await expect(page.getByTestId("toast")).toContainText("The inquiry is marked as quoted.");
    await expect(page.getByRole("button", { name: "Mark as Won" })).toBeVisible();

    await page.getByRole("link", { name: "Back to Inquiries" }).click();
    await page.getByRole("link", { name: "Quoted", exact: true }).click();
    await expect(page).toHaveURL(/status=quoted/);
    const quoted = page.getByTestId("inquiry-row").filter({ hasText: buyer });
    await expect(quoted).toContainText("Quoted");
    await expect(quoted).toContainText(siteServer.admin.name);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export Inquiries (CSV)" }).click();
    const file = await download;
    const text = await (
      await file.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString("utf8"));
    const line = text.split("\r\n").find((l) => l.includes(buyer)) ?? "";
    expect(line).toContain(`,quoted,${buyer},`);
    expect(line).toContain(
      `quote,${company},United Arab Emirates,Jebel Ali,FOB,2027-03,${siteServer.admin.name},"Nashik Red Onion: 58 MT, grade 55 mm+, packaging 25 kg mesh bag; Indian Garlic (Ooty Variety): 5 MT"`,
    );
    // Only quoted inquiries: the export follows the status filter.
    expect(text).not.toMatch(/\r\n[^,]*,new,/);
  });
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
