import { inquiryMail, withInquiryMail } from "../support/inquiry-mail";
import { describe, expect, it } from "vitest";
import { INQUIRY_RATE_LIMIT } from "~/features/inquiries/intake.server";
import { RECEIPT_LIMIT_REASON, RECEIPTS_PER_RECIPIENT } from "~/features/inquiries/mail-queue.server";
import { receiptContent } from "~/features/inquiries/mailer.server";
import { REPLY_TIME_TEXT } from "~/features/inquiries/quote-text";
import { eventually } from "../support/smtp";
import { signedInAs } from "../support/test-app";
import { engineName } from "../support/test-db";
import { quoteSite } from "../support/quote-site";

const { site, freshIp, listCookie, withList, month, BUYER, LINES, send, countQuotes, countLines, mimePart } =
  quoteSite();

describe(`sending a quote request on ${engineName}`, () => {
  it("stores one inquiry of kind 'quote' with its lines, clears the list and shows the summary", async () => {
    const before = await countQuotes();
    const response = await site.app.request("/request-quote", {
      form: { intent: "send", website: "", ...BUYER, ...LINES() },
      cookie: withList([site.products.onion.id, site.products.garlic.id]),
      ip: freshIp(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/request-quote/sent");
    expect(listCookie(response)).toBe("");
    expect(await countQuotes()).toBe(before + 1);
    const row = await site.t.db
      .selectFrom("inquiries")
      .selectAll()
      .where("email", "=", BUYER.email)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "quote",
      subject: "Quote request: Red Onion, Garlic",
      company: BUYER.company,
      full_name: BUYER.full_name,
      phone: BUYER.phone,
      country: BUYER.country,
      destination_port: "Jebel Ali",
      incoterm: "CIF",
      delivery_month: BUYER.delivery_month,
      message: BUYER.message,
      status: "new",
    });
    const lines = await site.t.db
      .selectFrom("inquiry_lines")
      .select(["position", "product_id", "product_name", "quantity", "unit", "grade", "packaging"])
      .where("inquiry_id", "=", row.id)
      .orderBy("position")
      .execute();
    expect(lines).toEqual([
      {
        position: 0,
        product_id: site.products.onion.id,
        product_name: "Red Onion",
        quantity: "2",
        unit: "40 ft container",
        grade: "60 mm+",
        packaging: "25 kg mesh bag",
      },
      {
        position: 1,
        product_id: site.products.garlic.id,
        product_name: "Garlic",
        quantity: "12.5",
        unit: "MT",
        grade: null,
        packaging: null,
      },
    ]);

    // The summary is for the browser holding the signed cookie only.
    const summaryCookie = /quote_sent=([^;]+); Max-Age=3600; Path=\/request-quote; HttpOnly/.exec(
      response.headers.get("Set-Cookie")!,
    )![1];
    const summary = await site.app.request("/request-quote/sent", { cookie: `quote_sent=${summaryCookie}` });
    expect(summary.headers.get("Cache-Control")).toBe("private, no-store");
    const html = (await summary.text()).replace(/<!-- -->/g, "");
    for (const text of [
      "Quote Request Sent",
      "Thank you, Ahmed Al Mansouri.",
      "Red Onion",
      "2 × 40 ft containers",
      "grade 60 mm+",
      "25 kg mesh bag",
      "Garlic",
      "12.5 MT",
      BUYER.company,
      BUYER.country,
      "Jebel Ali",
      "CIF",
    ])
      expect(html, text).toContain(text);
    expect(html).not.toContain(row.id);
    // The short reference the receipt gives, and when to expect a reply (issue 23).
    expect(html).toContain(`Your reference: <strong>R-${row.id.replace(/-/g, "").slice(0, 8).toUpperCase()}</strong>`);
    expect(html).toContain(REPLY_TIME_TEXT);
    const nobody = await (await site.app.request("/request-quote/sent")).text();
    expect(nobody).toContain("There is no recent request to show.");
    expect(nobody).not.toContain("Red Onion");
    const [id, expires] = decodeURIComponent(summaryCookie).split(".");
    const forged = `${id}.${Number(expires) + 1000}.${"0".repeat(64)}`;
    expect(await (await site.app.request("/request-quote/sent", { cookie: `quote_sent=${forged}` })).text()).toContain(
      "There is no recent request to show.",
    );
  });

  it("emails the team the lines and terms, and the buyer a receipt, over SMTP", async () => {
    const buyer = `buyer-${Date.now()}@importer.example`;
    const response = await send({ ...BUYER, email: buyer, ...LINES() });
    expect(response.status).toBe(302);
    const team = await eventually(async () =>
      site.smtp.messages.find((m) => m.to.includes("sales@ganga.example") && m.raw.includes(buyer)),
    );
    const receipt = await eventually(async () => site.smtp.messages.find((m) => m.to.includes(buyer)));
    const unfold = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=C3=97/g, "×");
    const teamText = unfold(team.raw);
    expect(teamText).toMatch(/^Subject: New inquiry: Quote request: Red Onion, Garlic/m);
    for (const text of [
      "1. Red Onion: 2 × 40 ft containers, grade 60 mm+, packaging 25 kg mesh bag",
      "2. Garlic: 12.5 MT",
      `Company: ${BUYER.company}`,
      `Country: ${BUYER.country}`,
      "Destination Port: Jebel Ali",
      "Incoterm: CIF",
      "Target Delivery: ",
    ])
      expect(teamText, text).toContain(text);
    expect(team.from).toBe("website@ganga.example");
    const receiptText = unfold(receipt.raw);
    expect(receiptText).toMatch(/^Subject: We received your quote request/m);
    expect(receiptText).toMatch(/^Reply-To: sales@ganga\.example/m);
    expect(receipt.from).toBe("website@ganga.example");
    for (const text of ["Dear Ahmed Al Mansouri,", "1. Red Onion: 2 × 40 ft containers", "2. Garlic: 12.5 MT"])
      expect(receiptText, text).toContain(text);
    const row = await site.t.db
      .selectFrom("inquiries")
      .selectAll()
      .where("email", "=", buyer)
      .executeTakeFirstOrThrow();
    // Issue 23: text and HTML, both with the reference the summary page shows, the reply time and the chat number.
    const reference = `R-${row.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(receiptText).toMatch(new RegExp(`^Subject: We received your quote request \\(${reference}\\)`, "m"));
    const text = mimePart(receipt.raw, "text/plain");
    const html = mimePart(receipt.raw, "text/html");
    for (const part of [text, html]) {
      expect(part).toContain(reference);
      expect(part).toContain(REPLY_TIME_TEXT);
      expect(part).toContain("+91 98390 12345");
    }
    expect(html).toContain("<li>Red Onion: 2 × 40 ft containers, grade 60 mm+, packaging 25 kg mesh bag</li>");
    expect(html).toContain('<a href="https://wa.me/919839012345">');
    await eventually(async () => ((await inquiryMail(site.t.db, row.id)).notified_at ? true : undefined));
  });

  it("escapes every piece of the receipt's HTML", () => {
    const { html } = receiptContent({
      name: "O'Brien",
      reference: "Q-0123ABCD",
      lines: ['<b>Onion</b> & "Garlic": 2 MT'],
      incoterm: "FOB",
      month: null,
      chat: "+91 98390 12345",
      website: "https://www.example.com/?a=1&b=2",
    });
    expect(html).toContain("Dear O&#39;Brien,");
    expect(html).toContain("<li>&lt;b&gt;Onion&lt;/b&gt; &amp; &quot;Garlic&quot;: 2 MT</li>");
    expect(html).toContain('href="https://www.example.com/?a=1&amp;b=2"');
    expect(html).not.toContain("<b>");
  });

  it("sends a receipt that repeats nothing typed into the form but the products as chosen", async () => {
    const victim = `victim-${Date.now()}@elsewhere.example`;
    const lure = "Click http://evil.example/login";
    const response = await send({
      ...BUYER,
      email: victim,
      full_name: "Your account is locked visit evil example",
      company: "Visit http://evil.example/a",
      // Chosen from the list since issue 41: a country's code, no text of the sender's.
      country: "AE",
      destination_port: "http://evil.example/c",
      phone: "+1 555 evil",
      message: lure,
      ...LINES(),
    });
    expect(response.status).toBe(302);
    const receipt = await eventually(async () => site.smtp.messages.find((m) => m.to.includes(victim)));
    const text = receipt.raw.replace(/=\r?\n/g, "").replace(/=C3=97/g, "×");
    expect(text).not.toMatch(/evil|locked|Click/i);
    expect(text).toContain("Dear Sir or Madam,");
    expect(text).toContain("1. Red Onion: 2 × 40 ft containers, grade 60 mm+, packaging 25 kg mesh bag");
    expect(text).toContain("2. Garlic: 12.5 MT");
    expect(text).toMatch(/^To: victim-\d+@elsewhere\.example$/m);
    // The team's notification carries all of it, for the team to judge.
    const team = await eventually(async () =>
      site.smtp.messages.find((m) => m.to.includes("sales@ganga.example") && m.raw.includes(victim)),
    );
    expect(team.raw).toContain(lure);
  });

  it(`sends one address at most ${RECEIPTS_PER_RECIPIENT} receipts a day, whoever sends the form; the requests are kept and the team notified`, async () => {
    const victim = `often-${Date.now()}@elsewhere.example`;
    const sent = RECEIPTS_PER_RECIPIENT + 2;
    for (let i = 0; i < sent; i++) {
      // Each from another address, the recipient written differently: one count per mailbox.
      const email = i % 2 ? victim.toUpperCase() : victim;
      expect((await send({ ...BUYER, email, ...LINES() })).status).toBe(302);
    }
    const rows = await eventually(async () => {
      const found = await withInquiryMail(
        site.t.db,
        await site.t.db
          .selectFrom("inquiries")
          .selectAll()
          .where((eb) => eb.fn("lower", ["email"]), "=", victim)
          .execute(),
      );
      return found.length === sent && found.every((r) => r.notified_at && (r.receipt_sent_at || r.receipt_error))
        ? found
        : undefined;
    });
    const teamMails = site.smtp.messages.filter(
      (m) => m.to.includes("sales@ganga.example") && m.raw.toLowerCase().includes(victim),
    );
    expect(teamMails).toHaveLength(sent);
    const receipts = site.smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === victim));
    expect(receipts).toHaveLength(RECEIPTS_PER_RECIPIENT);
    const refused = rows.filter((r) => !r.receipt_sent_at);
    expect(refused).toHaveLength(sent - RECEIPTS_PER_RECIPIENT);
    for (const row of refused)
      expect(row.receipt).toMatchObject({ error: RECEIPT_LIMIT_REASON, status: "failed", due_at: null, attempts: 1 });

    const { cookie } = await signedInAs(site.t.db, "admin");
    const page = async (id: string) =>
      (await (await site.app.request(`/admin/inquiries/${id}`, { cookie })).text()).replaceAll("<!-- -->", "");
    const detail = await page(refused[0].id);
    expect(detail).toContain(
      `Receipt to the buyer: <span class="text-red-700">Failed: ${RECEIPT_LIMIT_REASON}.</span>`,
    );
    const delivered = rows.find((r) => r.receipt_sent_at)!;
    expect(await page(delivered.id)).toMatch(/Receipt to the buyer: <span>Sent [^<]+ GMT\+5:30\.<\/span>/);
  });

  it("counts the receipts of one mailbox however its address is spelt: case, +tags, and Gmail's dots", async () => {
    const name = `mailbox${Date.now()}`;
    const spellings = [
      `${name}+1@gmail.com`,
      `${name.toUpperCase()}@Gmail.com`,
      `${name.split("").join(".")}@gmail.com`,
      `${name}+quotes@googlemail.com`,
      `${name}@gmail.com`,
    ];
    for (const email of spellings) expect((await send({ ...BUYER, email, ...LINES() })).status).toBe(302);
    const rows = await eventually(async () => {
      const found = await withInquiryMail(
        site.t.db,
        await site.t.db.selectFrom("inquiries").select(["id", "email"]).where("email", "in", spellings).execute(),
      );
      return found.length === spellings.length && found.every((r) => r.receipt_sent_at || r.receipt_error)
        ? found
        : undefined;
    });
    // Stored as typed; only the count is by mailbox.
    expect(rows.map((r) => r.email).sort()).toEqual([...spellings].sort());
    expect(rows.filter((r) => r.receipt_sent_at)).toHaveLength(RECEIPTS_PER_RECIPIENT);
    const lower = spellings.map((email) => email.toLowerCase());
    const receipts = site.smtp.messages.filter((m) => m.to.some((to) => lower.includes(to.toLowerCase())));
    expect(receipts.filter((m) => !m.to.includes("sales@ganga.example"))).toHaveLength(RECEIPTS_PER_RECIPIENT);
  });

  it("refuses bad input with a message per field, keeps what was typed and stores nothing", async () => {
    const before = [await countQuotes(), await countLines()];
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...BUYER, company: "" }, "Company is required."],
      [{ ...BUYER, full_name: " " }, "Full Name is required."],
      [{ ...BUYER, email: "not-an-email" }, "Please enter a valid email address."],
      [{ ...BUYER, country: "" }, "Country is required."],
      [{ ...BUYER, full_name: "Ann\r\nBcc: x@evil.example" }, "Line breaks are not allowed in Full Name."],
      [{ ...BUYER, incoterm: "XYZ" }, "Choose an Incoterm"],
      [{ ...BUYER, delivery_month: month(-1) }, "Target Delivery Month must not be in the past."],
      [{ ...BUYER, delivery_month: "2027-13" }, "Target Delivery Month must be a month (YYYY-MM)."],
    ];
    for (const [form, message] of cases) {
      const response = await send({ ...form, ...LINES() });
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(html, message).toContain(message);
      if (form.company) expect(html, message).toContain(`value="${BUYER.company}"`);
    }
    const lineCases: Array<[Record<string, string>, string]> = [
      [{ quantity_0: "" }, "Quantity is required."],
      [{ quantity_0: "0" }, "Quantity must be more than 0."],
      [{ quantity_0: "-3" }, "Quantity must be more than 0."],
      [{ quantity_0: "lots" }, "Quantity must be a number."],
      [{ unit_0: "barrels" }, "Choose a unit"],
    ];
    for (const [change, message] of lineCases) {
      const response = await send({ ...BUYER, ...LINES(), ...change });
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(html, message).toContain(message);
      expect(html, message).toMatch(
        /name="quantity_0"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="quantity_0"|name="unit_0"/,
      );
    }
    // The list in the cookie is gone meanwhile (sent from another tab): the lines come back as they were sent.
    const orphan = await site.app.request("/request-quote", {
      form: { intent: "send", website: "", ...BUYER, company: "", ...LINES() },
      ip: freshIp(),
    });
    expect(orphan.status).toBe(400);
    const orphanHtml = await orphan.text();
    expect(orphanHtml).toContain("Company is required.");
    expect(orphanHtml).toContain(`name="product_id_1" value="${site.products.garlic.id}"`);
    expect(orphanHtml).toMatch(/name="quantity_1"[^>]*value="12.5"|value="12.5"[^>]*name="quantity_1"/);
    // Shown, that is: the page keeps the empty list in a <template> for the script, for when the last line goes.
    expect(orphanHtml.replace(/<template[\s\S]*?<\/template>/g, "")).not.toContain("Your quote list is empty.");

    const none = await send({ ...BUYER });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Add at least one product to your quote list.");
    expect([await countQuotes(), await countLines()]).toEqual(before);
  });

  it("accepts a grade or packaging only from that product's own lists", async () => {
    const before = [await countQuotes(), await countLines()];
    const cases: Array<[Record<string, string>, string]> = [
      [{ grade_0: "80 mm+" }, "Choose one of the grades offered for Red Onion."],
      [{ packaging_0: "Carton 10 kg" }, "Choose one of the packaging options offered for Red Onion."],
      // Garlic has no grades at all.
      [{ grade_1: "60 mm+" }, "Choose one of the grades offered for Garlic."],
      [{ product_id_1: "no-such-product" }, "no longer in our catalogue"],
    ];
    for (const [change, message] of cases) {
      const response = await send({ ...BUYER, ...LINES(), ...change });
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(html, message).toContain(message);
      expect(html, message).toContain(`value="${BUYER.company}"`);
    }
    expect([await countQuotes(), await countLines()]).toEqual(before);
  });

  it("answers a filled honeypot like a success and keeps nothing", async () => {
    const before = await countQuotes();
    const response = await send({ ...BUYER, ...LINES(), website: "http://spam.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/request-quote/sent");
    expect(await countQuotes()).toBe(before);
  });

  it(`shares the contact form's limit: ${INQUIRY_RATE_LIMIT} per sender address per window, then 429`, async () => {
    const ip = freshIp();
    // A contact message counts as one of them.
    const contact = await site.app.request("/contact-us", {
      form: { full_name: "A", email: "a@example.com", subject: "Hi", message: "Hello", website: "" },
      ip,
    });
    expect(contact.status).toBe(200);
    for (let i = 1; i < INQUIRY_RATE_LIMIT; i++) expect((await send({ ...BUYER, ...LINES() }, ip)).status).toBe(302);
    const before = await countQuotes();
    const limited = await send({ ...BUYER, ...LINES() }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toContain("Too Many Messages");
    expect(html).toContain(`value="${BUYER.company}"`);
    expect(await countQuotes()).toBe(before);
  });
});
