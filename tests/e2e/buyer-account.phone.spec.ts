import type { APIRequestContext } from "@playwright/test";
import { createDatabase } from "../../app/db/database.server";
import { qrCodesInPdf } from "../support/pdf-qr";
import { readPdfText } from "../support/pdf-text";
import { containerForm, voyageForm } from "../support/shipment-forms";
import { eventually, mailText, startSmtpServer } from "../support/smtp";
import { insertInquiry, insertQuote } from "../support/test-db";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { startSiteWithAdmin } from "./support/spawn-server";

// Issue 45's buyer, end to end on a phone in Arabic: a buyer with two earlier quotes and an order (sailed, its
// invoice made) asks for a sign-in link, opens it from the email (a real SMTP server of the test's own), accepts the
// open quote, downloads the invoice and asks again for what they bought.
const OWNER = { name: "Sana Sales", email: "sales@example.com", password: "sales-password-12" };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A back-office form posted as the administrator (the same-origin check wants the Origin). */
async function post(request: APIRequestContext, origin: string, path: string, form: Record<string, string>) {
  const response = await request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
  expect([200, 302, 303], `${form.intent} ${path}`).toContain(response.status());
  return response;
}

test("a buyer signs in from an emailed link in Arabic on a phone, accepts a quote, downloads the invoice and asks again; a lot's QR code read from the label sheet opens its page", async ({
  browser,
  uid,
}) => {
  test.setTimeout(240_000);
  const smtp = await startSmtpServer();
  const { server, page: deskPage } = await startSiteWithAdmin(browser, OWNER, {
    SMTP_URL: smtp.url,
    INQUIRY_NOTIFY_TO: "team@example.com",
  });
  const desk = deskPage.context().request;
  const buyerEmail = `${uid}@gulf-fresh.example`;
  try {
    // The buyer's history: an inquiry, a quote still open, and an accepted one the desk made an order of.
    const db = createDatabase({ dataDir: server.dataDir });
    let open: string, accepted: string;
    try {
      const onion = await db
        .selectFrom("products")
        .select(["id", "name"])
        .where("slug", "=", "nashik-red-onion")
        .executeTakeFirstOrThrow();
      const inquiry = await insertInquiry(db, {
        email: buyerEmail,
        email_key: buyerEmail,
        full_name: "Omar Haddad",
        company: "Gulf Fresh LLC",
        country: "United Arab Emirates",
        country_code: "AE",
        kind: "quote",
        lang: "ar",
        status: "quoted",
      });
      const line = { product_id: onion.id, product_name: onion.name, unit: "MT", grade: "55 mm+" };
      const quote = (number: string, token: string, status: "sent" | "accepted", quantity: string) =>
        insertQuote(
          db,
          {
            number,
            status,
            token,
            lang: "ar",
            buyer_email: buyerEmail,
            buyer_name: "Omar Haddad",
            buyer_company: "Gulf Fresh LLC",
            buyer_country: "United Arab Emirates",
            inquiry_id: inquiry,
            incoterm: "CFR",
            named_port: "Jebel Ali",
            valid_until: "2099-12-31",
            sent_at: new Date().toISOString(),
          },
          [{ ...line, quantity, unit_price_minor: 38_500 }],
        );
      open = await quote("Q-2026-0801", `${uid}`.padEnd(32, "o").slice(0, 32), "sent", "58");
      accepted = await quote("Q-2026-0802", `${uid}`.padEnd(32, "a").slice(0, 32), "accepted", "29");
    } finally {
      await db.destroy();
    }
    const created = await post(desk, server.url, `/admin/quotes/${accepted}`, { intent: "create-order" });
    const orderPath = new URL(created.headers()["location"]!, server.url).pathname;
    const shipmentPath = new URL(
      (await post(desk, server.url, orderPath, { intent: "add-shipment" })).headers()["location"]!,
      server.url,
    ).pathname;
    const orderDb = createDatabase({ dataDir: server.dataDir });
    const lineId = (
      await orderDb
        .selectFrom("order_lines")
        .innerJoin("orders", "orders.id", "order_lines.order_id")
        .select("order_lines.id")
        .where("orders.quote_id", "=", accepted)
        .executeTakeFirstOrThrow()
    ).id;
    const shipmentVersion = async () =>
      String(
        (
          await orderDb
            .selectFrom("shipments")
            .select("version")
            .where("id", "=", shipmentPath.split("/").pop()!)
            .executeTakeFirstOrThrow()
        ).version,
      );
    await post(
      desk,
      server.url,
      shipmentPath,
      containerForm(lineId, { container_type: "reefer", set_temperature: "2" }),
    );
    await post(desk, server.url, shipmentPath, voyageForm(await shipmentVersion()));
    await post(desk, server.url, shipmentPath, { intent: "make", kind: "commercial-invoice" });
    for (const to of ["stuffed", "sailed"])
      await post(desk, server.url, shipmentPath, { intent: "status", version: await shipmentVersion(), to });
    // A lot on the container's line, and its label sheet as the desk prints it.
    const containerLine = await orderDb
      .selectFrom("container_lines")
      .select("id")
      .where("order_line_id", "=", lineId)
      .executeTakeFirstOrThrow();
    const added = await desk.post(shipmentPath, {
      multipart: {
        intent: "add-lot",
        container_line_id: containerLine.id,
        origin: "Lasalgaon, Nashik (Maharashtra)",
        harvest_date: "2026-11-10",
        packing_date: "2026-11-20",
        test_lab: "EIC Mumbai",
        test_result: "No residue above EU limits",
        phyto_number: "PSC/118",
      },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(added.status());
    await orderDb.destroy();
    const labels = await desk.get(`${shipmentPath}/lot-labels.pdf`);
    expect(labels.headers()["content-type"]).toBe("application/pdf");
    const [scanned] = await qrCodesInPdf(await labels.body());

    // The buyer, on a phone, in Arabic.
    const buyer = await browser.newContext({ ...PHONE, baseURL: server.url, locale: "ar" });
    const page = await buyer.newPage();
    await page.goto("/ar");
    // A phone's header keeps the link in its menu.
    await page.getByRole("button", { name: "افتح القائمة" }).click();
    await page.getByRole("link", { name: "حسابي" }).click();
    await page.waitForURL("**/ar/account");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoViolations(page, "the buyer's page");
    await page.getByLabel("البريد الإلكتروني").fill(buyerEmail);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: /رابط/ }).click();
    await expect(page.getByTestId("sign-in-sent")).toBeVisible();
    const mail = await eventually(async () => smtp.messages.slice(before).find((m) => m.to.includes(buyerEmail)));
    const link = /https?:\/\/\S+\/ar\/account\/sign-in\?token=\S+/.exec(mailText(mail.raw))![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(page).toHaveURL(/\/ar\/account$/);
    await expect(page.getByTestId("account-quote")).toHaveCount(2);
    await expect(page.getByTestId("account-order")).toHaveCount(1);
    await expectNoViolations(page, "the buyer's page");
    await page.screenshot({ path: `test-results/account-ar-phone-${uid}.png`, fullPage: true });
    // Usable on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Accept the open quote there.
    const openQuote = page.locator(`#quote-${open}`);
    await openQuote.getByRole("button", { name: "قبول العرض" }).click();
    await page.waitForURL(`**/ar/account#quote-${open}`);
    await expect(page.locator(`#quote-${open}`)).not.toContainText("قبول العرض");

    // Download the invoice of the sailed shipment, and read it.
    const order = page.getByTestId("account-order");
    const invoiceLink = order.getByRole("link", { name: /الفاتورة التجارية/ });
    // The PDF opens in the browser (inline): fetched here as the phone's browser would, with its cookies.
    const invoice = await page.request.get((await invoiceLink.getAttribute("href"))!);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()["content-type"]).toBe("application/pdf");
    expect(await readPdfText(new Uint8Array(await invoice.body()))).toContain("Commercial Invoice");

    // Ask again for what the order was: the request page filled in, then sent.
    await order.getByRole("link", { name: "اطلب مرة أخرى" }).click();
    await page.waitForURL("**/ar/request-quote?again=order-*");
    await expect(page.getByLabel("البريد الإلكتروني")).toHaveValue(buyerEmail);
    await expect(page.getByTestId("quote-line")).toHaveCount(1);
    await expect(page.getByTestId("quote-line").getByRole("spinbutton").first()).toHaveValue("29");
    await page.getByLabel("رقم الهاتف", { exact: true }).fill("+971 50 123 4567");
    await page.getByRole("button", { name: "إرسال طلب عرض السعر" }).click();
    await page.waitForURL("**/ar/request-quote/sent");

    // The bag's QR code, read back from the label sheet, opens the lot's page in the scanner's language.
    const lotPage = await buyer.newPage();
    await lotPage.goto(new URL(scanned!).pathname);
    await expect(lotPage).toHaveURL(/\/ar\/lots\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(lotPage.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(lotPage.locator("main")).toContainText("Lasalgaon, Nashik (Maharashtra)");
    await expect(lotPage.locator("main")).toContainText("PSC/118");
    for (const secret of ["Omar Haddad", "Gulf Fresh", "11,165", "SO-2026"])
      await expect(lotPage.locator("body")).not.toContainText(secret);
    await expectNoViolations(lotPage, "the lot's page");
    await buyer.close();
  } finally {
    await server.stop();
    await smtp.close();
  }
});
