import { inquiryMail } from "../support/inquiry-mail";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { INQUIRY_RATE_LIMIT } from "~/features/inquiries/intake.server";
import { inquiryReference } from "~/features/inquiries/quote-text";
import { SAMPLE_KG_MAX } from "~/features/request-sample/sample-request.schema";
import { pageTag } from "~/lib/web/page-tags";
import { eventually } from "../support/smtp";
import { signedInAs } from "../support/test-app";
import { engineName } from "../support/test-db";
import { quoteSite } from "../support/quote-site";
import { enableLanguages } from "../support/translations";

// Issue 28, "Sample requests": a buyer asks for a sample (product, kilograms, courier address) from the product page
// or the quote list; it is an inquiry of kind 'sample' with one line, received like the other forms.

const { site, withList, mimePart } = quoteSite();

beforeAll(async () => {
  await enableLanguages(site.t.db, "ar");
});

let nextIp = 1;
const freshIp = () => `192.0.2.${nextIp++}`;

const ADDRESS = "Gulf Fresh Trading LLC\nWarehouse 12, Al Quoz Industrial 3\nDubai 12345\nUnited Arab Emirates";

const SAMPLE = () => ({
  product_id: site.products.onion.id,
  quantity_kg: "2.5",
  company: "Gulf Fresh Trading LLC",
  full_name: "Ahmed Al Mansouri",
  email: `sample-${crypto.randomUUID()}@gulffresh.example`,
  phone: "+971 50 123 4567",
  country: "United Arab Emirates",
  courier_address: ADDRESS,
  message: "For a taste test with our customers.",
});

const sendSample = (form: Record<string, string>, { path = "/request-sample", ip = freshIp() } = {}) =>
  site.app.request(path, { form: { website: "", ...form }, ip });

const page = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

const latest = (email: string) =>
  site.t.db
    .selectFrom("inquiries")
    .selectAll()
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

const countSamples = async () =>
  Number(
    (
      await site.t.db
        .selectFrom("inquiries")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("kind", "=", "sample")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`sample requests on ${engineName}`, () => {
  it("stores an inquiry of kind 'sample' with its one line and the courier address, and answers with its reference", async () => {
    const form = SAMPLE();
    const response = await sendSample(form);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page(response);
    const row = await latest(form.email);
    expect(row).toMatchObject({
      kind: "sample",
      status: "new",
      lang: "en",
      subject: "Sample request: Red Onion (2.5 kg)",
      product_name: "Red Onion",
      company: form.company,
      country: form.country,
      phone: form.phone,
      courier_address: ADDRESS,
      message: form.message,
      email_key: form.email,
      company_key: "gulf fresh",
    });
    // Like every inquiry: a reply due time; its notification and the buyer's receipt due at once.
    expect(row!.reply_due_at).toBeTruthy();
    // Written with it in the outbox (ADR 0048).
    const mail = await inquiryMail(site.t.db, row!.id);
    expect(mail.notify).toBeTruthy();
    expect(mail.receipt).toMatchObject({ recipient: form.email });
    const lines = await site.t.db
      .selectFrom("inquiry_lines")
      .select(["position", "product_id", "product_name", "quantity", "unit", "grade", "packaging"])
      .where("inquiry_id", "=", row!.id)
      .execute();
    expect(lines).toEqual([
      {
        position: 0,
        product_id: site.products.onion.id,
        product_name: "Red Onion",
        quantity: "2.5",
        unit: "kg",
        grade: null,
        packaging: null,
      },
    ]);
    for (const text of [
      "Sample Request Sent",
      "Thank you, Ahmed Al Mansouri.",
      `Your reference: <strong>${inquiryReference(row!.id)}</strong>`,
      "Red Onion",
      "2.5 kg",
      "Warehouse 12, Al Quoz Industrial 3",
      "Request Another Sample",
    ])
      expect(html, text).toContain(text);
    expect(html).not.toContain(row!.id);
  });

  it("refuses a request without a courier address or with a bad weight, saying why, and keeps nothing", async () => {
    const before = await countSamples();
    const { courier_address: _address, ...withoutAddress } = SAMPLE();
    const missing = await sendSample(withoutAddress);
    expect(missing.status).toBe(400);
    const html = await page(missing);
    expect(html).toContain("Courier Address is required.");
    // What was typed comes back.
    expect(html).toContain("Gulf Fresh Trading LLC");
    for (const [kg, message] of [
      ["0", "Quantity must be more than 0."],
      ["-3", "Quantity must be more than 0."],
      [String(SAMPLE_KG_MAX + 0.5), `A sample can weigh at most ${SAMPLE_KG_MAX} kg.`],
      ["lots", "Quantity must be a number."],
      ["", "Quantity (kg) is required."],
    ]) {
      const response = await sendSample({ ...SAMPLE(), quantity_kg: kg });
      expect(response.status, kg).toBe(400);
      expect(await page(response), kg).toContain(message);
    }
    const tooLong = await sendSample({ ...SAMPLE(), courier_address: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await page(tooLong)).toContain("Courier Address is too long.");
    // A product that is not (or no longer) in the catalogue.
    const gone = await sendSample({ ...SAMPLE(), product_id: "no-such-product" });
    expect(gone.status).toBe(400);
    expect(await page(gone)).toContain("This product is no longer in our catalogue. Please choose another one.");
    expect(await countSamples()).toBe(before);
  });

  it("answers a robot (the honeypot filled) like a buyer, and keeps nothing", async () => {
    const before = await countSamples();
    const form = SAMPLE();
    const response = await site.app.request("/request-sample", {
      form: { ...form, website: "https://spam.example" },
      ip: freshIp(),
    });
    expect(response.status).toBe(200);
    const html = await page(response);
    expect(html).toContain("Sample Request Sent");
    expect(html).toMatch(/Your reference: <strong>R-[0-9A-F]{8}<\/strong>/);
    expect(await countSamples()).toBe(before);
    expect(await latest(form.email)).toBeUndefined();
  });

  it("shares the per-address limit with the contact form and quote requests", async () => {
    const ip = freshIp();
    for (let i = 1; i < INQUIRY_RATE_LIMIT; i++) {
      const contact = await site.app.request("/contact-us", {
        form: {
          website: "",
          full_name: "Ahmed",
          email: `limit-${i}@example.ae`,
          subject: "Onions",
          message: "Please call.",
        },
        ip,
      });
      expect(contact.status).toBe(200);
    }
    expect((await sendSample(SAMPLE(), { ip })).status).toBe(200);
    const limited = await sendSample(SAMPLE(), { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await page(limited);
    expect(html).toContain("Too Many Messages");
    // What was typed stays in the form.
    expect(html).toContain("Warehouse 12, Al Quoz Industrial 3");
    // And a quote request from the same address is over the limit too.
    const quote = await site.app.request("/request-quote", {
      form: {
        intent: "send",
        website: "",
        company: "Gulf Fresh",
        full_name: "Ahmed",
        email: "limit-quote@example.ae",
        country: "UAE",
        product_id_0: site.products.garlic.id,
        quantity_0: "1",
        unit_0: "MT",
      },
      ip,
      cookie: withList([site.products.garlic.id]),
    });
    expect(quote.status).toBe(429);
  });

  it("emails the team the product, kilograms and courier address, and the buyer a receipt that repeats no typed text", async () => {
    const form = { ...SAMPLE(), courier_address: `${ADDRESS}\nVisit http://evil.example now` };
    expect((await sendSample(form)).status).toBe(200);
    const row = (await latest(form.email))!;
    const reference = inquiryReference(row.id);
    const team = await eventually(async () =>
      site.smtp.messages.find((m) => m.to.includes("sales@ganga.example") && m.raw.includes(form.email)),
    );
    // One text part, quoted-printable: its soft line breaks undone.
    const teamText = team.raw.replace(/=\r?\n/g, "").replace(/\r\n/g, "\n");
    expect(team.raw).toMatch(/^Subject: New inquiry: Sample request: Red Onion \(2\.5 kg\)/m);
    for (const text of [
      "SAMPLE REQUEST",
      "Product: Red Onion",
      "Quantity: 2.5 kg",
      `Company: ${form.company}`,
      `Country: ${form.country}`,
      "Courier address:\n  Gulf Fresh Trading LLC\n  Warehouse 12, Al Quoz Industrial 3\n  Dubai 12345",
      "Visit http://evil.example now",
      form.message,
      `/admin/inquiries/${row.id}`,
    ])
      expect(teamText, text).toContain(text);

    const receipt = await eventually(async () => site.smtp.messages.find((m) => m.to.includes(form.email)));
    expect(receipt.raw).toMatch(new RegExp(`^Subject: We received your sample request \\(${reference}\\)`, "m"));
    expect(receipt.raw).toMatch(/^Reply-To: sales@ganga\.example/m);
    const text = mimePart(receipt.raw, "text/plain");
    const html = mimePart(receipt.raw, "text/html");
    for (const part of [text, html]) {
      expect(part).toContain("Thank you for your sample request.");
      expect(part).toContain(reference);
      expect(part).toContain("Red Onion: 2.5 kg");
      expect(part).toContain("The courier delivers it to the address in your request.");
      // Nothing typed into the form but the product as chosen: not the address, the company or the message.
      expect(part).not.toMatch(/evil|Warehouse|Al Quoz|taste test|Gulf Fresh/);
    }
    expect(text.replace(/\r\n/g, "\n")).toContain("Sample:\n  1. Red Onion: 2.5 kg");
    await eventually(async () => {
      const mail = await inquiryMail(site.t.db, (await latest(form.email))!.id);
      return mail.receipt_sent_at && mail.notified_at ? true : undefined;
    });
  });

  it("works in Arabic: Arabic messages, lang 'ar' from the path, an Arabic answer and receipt", async () => {
    const { courier_address: _address, ...withoutAddress } = SAMPLE();
    const refused = await sendSample({ ...withoutAddress, quantity_kg: "99" }, { path: "/ar/request-sample" });
    expect(refused.status).toBe(400);
    const refusedHtml = await page(refused);
    for (const text of ["حقل «عنوان التوصيل» مطلوب.", "يجب ألا يزيد وزن العينة على 25 كغ.", "إرسال طلب العينة"])
      expect(refusedHtml, text).toContain(text);
    for (const text of ["Courier Address is required.", "A sample can weigh", "Send Sample Request"])
      expect(refusedHtml, text).not.toContain(text);

    const form = SAMPLE();
    const response = await sendSample({ ...form, lang: "xx" }, { path: "/ar/request-sample" });
    expect(response.status).toBe(200);
    const html = await page(response);
    for (const text of ["تم إرسال طلب العينة", `شكرًا لك، ${form.full_name}.`, "2.5 كغ", "رقم المرجع: <strong>R-"])
      expect(html, text).toContain(text);
    expect(html).not.toContain("Sample Request Sent");
    const row = (await latest(form.email))!;
    expect(row.lang).toBe("ar");
    const receipt = await eventually(async () => site.smtp.messages.find((m) => m.to.includes(form.email)));
    const text = mimePart(receipt.raw, "text/plain");
    for (const line of ["شكرًا لك على طلب العينة.", "العينة:", "1. Red Onion: 2.5 كغ", "يوصل البريد السريع العينة"])
      expect(text, line).toContain(line);
    expect(text).not.toMatch(/Dear|Thank you|Sample:/);
  });
});

describe(`where a buyer finds 'Request a Sample' on ${engineName}`, () => {
  it("links from the product page and from each line of the quote list to the form with that product chosen", async () => {
    const onion = site.products.onion.id;
    const product = await page(await site.app.request(site.products.onion.path));
    expect(product).toMatch(
      new RegExp(`<a[^>]*href="/request-sample\\?product=${onion}"[^>]*>.*?Request a Sample</a>`, "s"),
    );
    const arabicProduct = await page(await site.app.request(`/ar${site.products.onion.path}`));
    expect(arabicProduct).toContain(`href="/ar/request-sample?product=${onion}"`);
    expect(arabicProduct).toContain("اطلب عينة");

    const list = await page(
      await site.app.request("/request-quote", { cookie: withList([onion, site.products.garlic.id]) }),
    );
    expect(list).toContain(`href="/request-sample?product=${onion}"`);
    expect(list).toContain(`href="/request-sample?product=${site.products.garlic.id}"`);
    expect(list.match(/Request a Sample/g)).toHaveLength(2);

    // The form is one page whichever product it starts with, and nothing for a search engine.
    const form = await page(await site.app.request(`/request-sample?product=${onion}`));
    expect(form).toContain('<meta name="robots" content="noindex"/>');
    expect(form).toMatch(/<link rel="canonical" href="[^"]*\/request-sample"/);
  });

  it("opens the form with the product chosen, cached for anonymous visitors, and sends other addresses to one", async () => {
    const onion = site.products.onion.id;
    const url = `/request-sample?product=${onion}`;
    const response = await site.cached.request(url);
    expect(response.status).toBe(200);
    const html = await page(response);
    expect(html).toContain(`<option value="${onion}" selected="">Red Onion</option>`);
    expect(html).toContain("Request a Sample");
    await site.cached.app.pageCache!.settled();
    // Kept by the page cache, dropped when the catalogue changes.
    expect([...(site.cached.app.pageCache!.tagsOf(url) ?? [])]).toContain(pageTag.catalogue);
    // Any other parameter is sent away (the page keeps `product` only); an unknown product to the plain form.
    const extra = await site.app.request(`${url}&utm_source=mail`);
    expect(extra.status).toBe(301);
    expect(extra.headers.get("Location")).toBe(url);
    const unknown = await site.app.request("/request-sample?product=nope");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/request-sample");
    const arabic = await site.app.request("/ar/request-sample?product=nope");
    expect(arabic.headers.get("Location")).toBe("/ar/request-sample");
    const plain = await page(await site.app.request("/request-sample"));
    expect(plain).not.toMatch(/<option value="[^"]+" selected="">/);
  });
});

describe(`a sample request in the back office on ${engineName}`, () => {
  it("is shown as a sample request with its kilograms and courier address, to administrators only, and exported", async () => {
    const form = SAMPLE();
    expect((await sendSample(form)).status).toBe(200);
    const row = (await latest(form.email))!;
    const anonymous = await site.app.request(`/admin/inquiries/${row.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);

    const admin = await signedInAs(site.t.db, "admin");
    const detail = await page(await site.app.request(`/admin/inquiries/${row.id}`, { cookie: admin.cookie }));
    expect(detail).toContain("Sample request");
    expect(detail).toMatch(/data-testid="sample-line">Red Onion, 2.5 kg</);
    expect(detail).toContain(`data-testid="courier-address">${ADDRESS}<`);

    const list = await page(await site.app.request("/admin/inquiries?kind=sample", { cookie: admin.cookie }));
    expect(list).toContain("Sample request: Red Onion (2.5 kg)");
    expect(list).toContain('<option value="sample" selected="">Sample requests</option>');
    const quotes = await page(await site.app.request("/admin/inquiries?kind=quote", { cookie: admin.cookie }));
    expect(quotes).not.toContain("Sample request: Red Onion");

    const csv = await (await site.app.request("/admin/inquiries/export?kind=sample", { cookie: admin.cookie })).text();
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toContain("courier_address");
    const exported = parsed.data.find((r) => r.email === form.email);
    expect(exported).toMatchObject({
      kind: "sample",
      product_name: "Red Onion",
      lines: "Red Onion: 2.5 kg",
      courier_address: ADDRESS,
    });
    expect(parsed.data.every((r) => r.kind === "sample")).toBe(true);
  });
});
