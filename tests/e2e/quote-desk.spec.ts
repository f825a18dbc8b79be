import { readPdfText } from "../support/pdf-text";
import { mimePart, startSmtpServer } from "../support/smtp";
import { expectNoViolations } from "./support/axe";
import { expect, insertQuoteRequest, test } from "./support/fixtures";
import { waitForHydrationOnNavigation } from "./support/hydration";
import { startSiteWithAdmin } from "./support/spawn-server";

// Issue 28's quote desk, end to end: from a seeded quote request the desk builds a quote and sends it (the site's
// mail goes to a real SMTP server of the test's own, the PDF read back), the buyer opens the emailed link and
// accepts, and the desk sees the inquiry Won with the whole story on its timeline.
const OWNER = { name: "Sana Sales", email: "sales@example.com", password: "sales-password-12" };

test("the desk prices a request and sends it; the buyer accepts from the email; the inquiry is Won", async ({
  browser,
  uid,
}) => {
  test.setTimeout(240_000);
  const smtp = await startSmtpServer();
  const { server, page: setupPage } = await startSiteWithAdmin(browser, OWNER, {
    SMTP_URL: smtp.url,
    INQUIRY_NOTIFY_TO: "team@example.com",
  });
  // The administrator's session in a context of its own (axe checks pages of a context the test made).
  const desk = await browser.newContext({
    baseURL: server.url,
    storageState: await setupPage.context().storageState(),
  });
  const page = await desk.newPage();
  waitForHydrationOnNavigation(page);
  page.on("dialog", (dialog) => dialog.accept());
  try {
    const buyerEmail = `${uid}@gulf-fresh.example`;
    const request = await insertQuoteRequest(
      { kind: "own", url: server.url, dataDir: server.dataDir, admin: OWNER },
      {
        full_name: "Omar Haddad",
        email: buyerEmail,
        company: `Gulf Fresh ${uid}`,
        country: "United Arab Emirates",
        destination_port: "Jebel Ali",
        incoterm: "CFR",
        delivery_month: "2027-03",
        subject: `Quote request ${uid}`,
        message: "Two 40 ft reefers.",
        lines: [{ productSlug: "nashik-red-onion", quantity: "58", unit: "MT", grade: "55 mm+" }],
      },
    );

    await page.goto(`/admin/inquiries/${request.id}`);
    await page.getByRole("link", { name: "Create Quote" }).click();
    await page.waitForURL(/\/admin\/quotes\/new\?inquiry=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Quote");

    // The request's line and terms came with it; the desk gives the price and the terms of sale. The amounts and
    // the total follow what is typed, before anything is saved.
    const line = page.getByTestId("quote-line").first();
    await expect(line.getByLabel(/Line 1: Product/)).toHaveValue("Nashik Red Onion");
    await expect(line.getByLabel("Quantity")).toHaveValue("58");
    await expect(page.getByLabel("Incoterm")).toHaveValue("CFR");
    await expect(page.getByLabel("Named Port")).toHaveValue("Jebel Ali");
    const total = page.getByTestId("quote-editor-total");
    await expect(total).toHaveText("Total: USD 0.00");
    await line.getByLabel(/Unit price/).fill("345.50");
    await expect(line.getByTestId("quote-line-amount")).toHaveText("AmountUSD 20,039.00");
    await expect(total).toHaveText("Total: USD 20,039.00");
    // A line added and priced counts at once; removed, it no longer does.
    await page.getByRole("button", { name: "Add Line" }).click();
    const second = page.getByTestId("quote-line").nth(1);
    await expect(second.getByLabel(/Line 2: Product/)).toBeFocused();
    await second.getByLabel(/Line 2: Product/).fill("Garlic");
    await second.getByLabel("Quantity").fill("2");
    await second.getByLabel(/Unit price/).fill("100.25");
    await expect(total).toHaveText("Total: USD 20,239.50");
    await page.getByRole("button", { name: "Remove line 2" }).click();
    await expect(page.getByTestId("quote-line")).toHaveCount(1);
    await expect(total).toHaveText("Total: USD 20,039.00");
    await page.getByLabel("Payment Terms").fill("30% advance, 70% against documents");
    await page.getByLabel("Lead Time").fill("Shipment within 14 days");
    await page.getByRole("button", { name: "Save Draft" }).click();
    // Numbered on its first save.
    await page.waitForURL(/\/admin\/quotes\/[\w-]{36}$/);
    await expect(page.getByTestId("toast")).toContainText("Draft Saved");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Quote Q-\d{4}-\d{4} v1$/);
    const number = (await heading.textContent())!.replace(/^Quote | v1$/g, "");
    await expect(total).toHaveText("Total: USD 20,039.00");

    // A price the server refuses is shown beside its field, focused, and what was typed is kept.
    await line.getByLabel(/Unit price/).fill("345,5x");
    await page.getByRole("button", { name: "Save Draft" }).click();
    const price = page
      .getByTestId("quote-line")
      .first()
      .getByLabel(/Unit price/);
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(price).toBeFocused();
    await expect(page.locator("#line-0-price-error")).toHaveText(/Line 1: the unit price must be an amount in USD/);
    await price.fill("345.50");
    await expect(page.locator("#line-0-price-error")).toHaveCount(0);
    await expectNoViolations(page, "the quote editor");

    await page.getByRole("button", { name: "Send Quote" }).click();
    await expect(page.getByTestId("toast")).toContainText("Quote Sent");
    await expect(page.getByTestId("quote-status")).toHaveText("Sent");

    // The buyer's email: the PDF attached, and the link to the quote page.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(buyerEmail)).length).toBe(1);
    const mail = smtp.messages.find((m) => m.to.includes(buyerEmail))!;
    const pdf = await readPdfText(mimePart(mail.raw, "application/pdf")!);
    expect(pdf).toContain(`Quotation ${number}`);
    expect(pdf).toContain("Nashik Red Onion");
    expect(pdf).toContain("CFR Jebel Ali");
    expect(pdf).toMatch(/USD\s20,039\.00/);
    const text = mimePart(mail.raw, "text/plain")!.toString("utf8");
    const link = text.match(/https?:\/\/\S+\/quotes\/[A-Za-z0-9_-]{32}/)?.[0];
    expect(link, text).toBeTruthy();

    // The buyer, in a browser of their own, with no account.
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    waitForHydrationOnNavigation(buyer);
    await buyer.goto(link!);
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Quotation ${number}`);
    await expect(buyer.getByTestId("quote-total")).toHaveText("USD 20,039.00");
    await expectNoViolations(buyer, "the buyer's quote page");
    await buyer.getByRole("button", { name: "Accept Quote" }).click();
    await expect(buyer.getByTestId("quote-state")).toContainText("You accepted this quote on");
    await expect(buyer.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
    await buyerContext.close();

    // The desk: Won, and the story on the inquiry's timeline.
    await page.goto(`/admin/inquiries/${request.id}`);
    await expect(page.getByText("Won", { exact: true }).first()).toBeVisible();
    const timeline = page.getByTestId("inquiry-timeline");
    await expect(timeline).toContainText(`${number} v1 sent to ${buyerEmail}`);
    await expect(timeline).toContainText(`${number} v1 opened by the buyer`);
    await expect(timeline).toContainText(`${number} v1 accepted by the buyer`);
    await expect(timeline).toContainText("Status: Quoted → Won");
    await expect(page.getByTestId("inquiry-quotes")).toContainText("Accepted");
    // The deal is won: its accepted quote is offered, not a new one.
    await expect(page.getByRole("link", { name: "Create Quote" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Accepted Quote ${number} v1` })).toBeVisible();
    await expect
      .poll(
        () => smtp.messages.filter((m) => m.to.includes("team@example.com") && m.raw.includes("accepted quote")).length,
      )
      .toBe(1);

    // After the buyer accepts (issue 44): the desk makes the order, sets its terms and records the advance.
    await page.getByRole("link", { name: `Accepted Quote ${number} v1` }).click();
    await page.getByRole("button", { name: "Create Order" }).click();
    await expect(page.getByTestId("toast")).toContainText("Order Created");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order SO-\d{4}-0001$/);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await page.getByLabel("Advance (%)").fill("25");
    await page.getByLabel("Advance due by").fill("2030-01-15");
    await page.getByRole("button", { name: "Save Payment Terms" }).click();
    await expect(page.getByTestId("toast")).toContainText("Payment Terms Saved");
    await expect(page.getByTestId("order-terms")).toContainText("25% advance");
    // The proforma goes to the buyer with the order's link (captured by the test's SMTP server, its PDF read back).
    const buyerMails = () => smtp.messages.filter((m) => m.to.includes(buyerEmail));
    const mailsBefore = buyerMails().length;
    await page.getByRole("button", { name: "Send Proforma" }).click();
    await expect(page.getByTestId("toast")).toContainText("Proforma Sent");
    await expect.poll(() => buyerMails().length).toBe(mailsBefore + 1);
    const proformaMail = buyerMails().at(-1)!;
    const proformaPdf = await readPdfText(mimePart(proformaMail.raw, "application/pdf")!);
    expect(proformaPdf).toMatch(/Proforma Invoice SO-\d{4}-0001/);
    expect(proformaPdf).toContain("25% advance");
    const orderLink = /https?:\/\/\S+\/orders\/[\w-]{32}/.exec(
      mimePart(proformaMail.raw, "text/plain")!.toString(),
    )![0];
    await expect(page.getByTestId("proforma-revisions")).toContainText("Revision 1");
    await page.getByLabel(/^Amount/).fill("5000");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByTestId("toast")).toContainText("Payment Recorded");
    await expect.poll(() => buyerMails().some((m) => m.raw.includes("payment received"))).toBe(true);
    await expect(page.getByTestId("order-payments")).toContainText(/USD\s5,000\.00/);
    await expect(page.getByTestId("due-advance")).toContainText(/USD\s9\.75/);
    await expectNoViolations(page, "the order page");
    // On a phone too: its tables fit without a region to scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, "the order page on a phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The shipment: two containers, the invoice and packing list made from them, a certificate uploaded.
    await page.getByRole("button", { name: "Add Shipment" }).click();
    await expect(page.getByTestId("toast")).toContainText("Shipment Added");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Shipment SO-\d{4}-0001\/1$/);
    await page.getByLabel("Vessel").fill("MSC Anna");
    await page.getByLabel("Voyage").fill("AN612R");
    await page.getByLabel("Port of loading").fill("Nhava Sheva");
    await expect(page.getByLabel("Port of discharge")).toHaveValue("Jebel Ali");
    await page.getByRole("button", { name: "Save Voyage" }).click();
    await expect(page.getByTestId("toast")).toContainText("Shipment Saved");
    const addContainer = async (number: string) => {
      await page.getByLabel("Container number").fill(number);
      await page.getByLabel("Type", { exact: true }).selectOption("reefer");
      await page.getByLabel("Set temperature (°C)").fill("2");
      await page.getByLabel("Quantity: Nashik Red Onion").fill("29");
      await page.getByLabel("Packages: Nashik Red Onion").fill("1160");
      await page.getByLabel("Kind of package: Nashik Red Onion").fill("25 kg mesh bags");
      await page.getByLabel("Net kg: Nashik Red Onion").fill("29000");
      await page.getByLabel("Gross kg: Nashik Red Onion").fill("29580");
      await page.getByRole("button", { name: "Add Container" }).click();
    };
    // A mistyped check digit is refused at its field.
    await addContainer("MSKU1234566");
    await expect(page.locator("#number-error")).toContainText("check digit");
    await addContainer("MSKU1234565");
    await expect(page.getByTestId("toast")).toContainText("Container Added");
    await addContainer("CSQU3054383");
    await expect(page.getByTestId("shipment-totals")).toContainText("2 containers · 2320 packages · net 58,000 kg");
    await page.getByRole("button", { name: "Commercial Invoice" }).click();
    await expect(page.getByTestId("toast")).toContainText("Commercial Invoice CI-");
    await page.getByRole("button", { name: "Packing List" }).click();
    await expect(page.getByTestId("toast")).toContainText("Packing List PL-");
    await expect(page.getByTestId("documents-agree")).toContainText("Every document agrees");
    const invoiceHref = await page.getByRole("link", { name: /^Commercial Invoice CI-/ }).getAttribute("href");
    const invoice = await page.request.get(invoiceHref!);
    expect(invoice.headers()["content-type"]).toBe("application/pdf");
    const invoiceText = await readPdfText(await invoice.body());
    expect(invoiceText).toContain("MSC Anna");
    expect(invoiceText).toMatch(/USD\s20,039\.00/);
    const listHref = await page.getByRole("link", { name: /^Packing List PL-/ }).getAttribute("href");
    const listText = await readPdfText(await (await page.request.get(listHref!)).body());
    expect(listText).toContain("CSQU3054383");
    expect(listText).not.toContain("USD");

    // The phytosanitary certificate says another gross weight: flagged until a person accepts it.
    await page.getByLabel("Document", { exact: true }).selectOption("phytosanitary");
    await page.getByLabel("Document number").fill("PSC/2026/118");
    await page.getByLabel("Date of issue").fill("2026-11-28");
    await page.getByLabel(/^File/).setInputFiles({
      name: "phyto.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% phytosanitary certificate\n%%EOF\n"),
    });
    await page.getByLabel("Gross weight (kg)").fill("59,000");
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByTestId("toast")).toContainText("Document Uploaded");
    await expect(page.getByTestId("documents-agree")).toContainText("1 document differs");
    const phyto = page.getByTestId("shipment-document").filter({ hasText: "PSC/2026/118" });
    await expect(phyto).toContainText("Gross weight 59,000 kg, but the containers add up to 59,160 kg.");
    await expectNoViolations(page, "the shipment page");
    await phyto.getByRole("button", { name: "Accept Differences" }).click();
    await expect(page.getByTestId("toast")).toContainText("Differences Accepted");
    await expect(page.getByTestId("documents-agree")).toContainText("No open differences");
    await expect(phyto).toContainText(`Accepted by ${OWNER.name}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, "the shipment page on a phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // It sails: the order is Shipped, the buyer is emailed, and the buyer's page (the email's link) has the documents.
    await page.getByRole("button", { name: "Mark Stuffed" }).click();
    await expect(page.getByTestId("toast")).toContainText("Status Changed");
    await page.getByRole("button", { name: "Mark Sailed" }).click();
    await expect(page.getByTestId("toast")).toContainText("the buyer is emailed");
    await expect.poll(() => buyerMails().some((m) => m.raw.includes("has sailed"))).toBe(true);
    const followerContext = await browser.newContext();
    const follower = await followerContext.newPage();
    waitForHydrationOnNavigation(follower);
    await follower.goto(orderLink);
    await expect(follower.getByRole("heading", { level: 1 })).toHaveText(/^Order SO-\d{4}-0001$/);
    await expect(follower.getByTestId("buyer-order-status")).toContainText("Shipped");
    await expect(follower.getByTestId("buyer-order-received")).toContainText(/USD\s5,000\.00/);
    const shipped = follower.getByTestId("buyer-shipment");
    await expect(shipped).toContainText("MSC Anna AN612R");
    await expect(shipped.getByRole("link", { name: /Phytosanitary certificate PSC\/2026\/118/ })).toBeVisible();
    const proformaHref = await follower.getByTestId("buyer-proforma").getAttribute("href");
    const proformaDownload = await follower.request.get(new URL(proformaHref!, orderLink).href);
    expect(proformaDownload.headers()["cache-control"]).toBe("no-store");
    expect(await readPdfText(await proformaDownload.body())).toMatch(/Proforma Invoice SO-\d{4}-0001/);
    await expectNoViolations(follower, "the buyer's order page");
    await follower.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(follower, "the buyer's order page on a phone");
    await followerContext.close();
  } finally {
    await desk.close();
    await setupPage.close();
    await server.stop();
    await smtp.close();
  }
});
