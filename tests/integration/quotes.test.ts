import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_LIST_MAX } from "~/features/quotes/quote.schema";
import { INQUIRY_RATE_LIMIT } from "~/features/inquiries/intake.server";
import { RECEIPT_LIMIT_REASON, RECEIPTS_PER_RECIPIENT } from "~/features/inquiries/mail-queue.server";
import { receiptContent } from "~/features/inquiries/mailer.server";
import { REPLY_TIME_TEXT } from "~/features/inquiries/quote-text";
import { eventually, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const products: Record<"onion" | "garlic" | "potato", { id: string; path: string }> = {} as never;
const spares: string[] = [];

const ONION_TERMS = {
  min_order_quantity: 1,
  min_order_unit: "40 ft container",
  grades: ["40-60 mm", "60 mm+"],
  packaging: ["25 kg mesh bag", "50 kg jute bag"],
};

async function insertQuoteProduct(categoryId: string, name: string, slug: string, terms: object = {}) {
  const id = await insertProduct(t.db, {
    name,
    slug,
    category_id: categoryId,
    description: `${name} for export.`,
    trade_terms: JSON.stringify(terms),
  });
  return { id, path: `/products/quote-veg/${slug}` };
}

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp(t.db, t.dataDir, {
    smtpUrl: smtp.url,
    inquiryNotifyTo: "sales@ganga.example",
    inquiryNotifyFrom: "website@ganga.example",
  });
  cached = await createTestApp(t.db, t.dataDir, { pageCache: true });
  const category = await insertCategory(t.db, { name: "Quote Vegetables", slug: "quote-veg" });
  products.onion = await insertQuoteProduct(category, "Red Onion", "red-onion", ONION_TERMS);
  products.garlic = await insertQuoteProduct(category, "Garlic", "garlic");
  products.potato = await insertQuoteProduct(category, "Potato", "potato", { packaging: ["Carton 10 kg"] });
  for (let i = 0; i < QUOTE_LIST_MAX; i++)
    spares.push((await insertQuoteProduct(category, `Spare ${i}`, `spare-${i}`)).id);
});
afterAll(async () => {
  await smtp?.close();
  await t?.cleanup();
});

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

/** The quote list cookie a response sets ("" when it clears it), or undefined when it sets none. */
function listCookie(response: Response): string | undefined {
  const match = /(?:^|,\s*)quote_list=([^;]*)(;[^,]*)?/.exec(response.headers.get("Set-Cookie") ?? "");
  if (!match) return undefined;
  return /Max-Age=0/i.test(match[2] ?? "") ? "" : decodeURIComponent(match[1]);
}
const flashOf = (response: Response) => {
  const raw = /site_flash=([^;]+)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1];
  return raw ? JSON.parse(Buffer.from(raw, "base64url").toString()) : null;
};
const withList = (ids: string[]) => `quote_list=${ids.join(".")}`;

const add = (productId: string, init: { cookie?: string; returnTo?: string; via?: string; path?: string } = {}) =>
  app.request(init.path ?? "/request-quote", {
    form: {
      intent: "add",
      product_id: productId,
      ...(init.returnTo !== undefined ? { returnTo: init.returnTo } : {}),
      ...(init.via ? { via: init.via } : {}),
    },
    cookie: init.cookie,
  });

const month = (offset: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};

const BUYER = {
  company: "Gulf Fresh Trading LLC",
  full_name: "Ahmed Al Mansouri",
  email: "ahmed@gulffresh.example",
  phone: "+971 50 123 4567",
  country: "United Arab Emirates",
  destination_port: "Jebel Ali",
  incoterm: "CIF",
  delivery_month: month(2),
  message: "Weekly shipments if the first one goes well.\nPrivate label bags.",
};

const LINES = () => ({
  product_id_0: products.onion.id,
  quantity_0: "2",
  unit_0: "40 ft container",
  grade_0: "60 mm+",
  packaging_0: "25 kg mesh bag",
  product_id_1: products.garlic.id,
  quantity_1: "12.5",
  unit_1: "MT",
});

/** Sent as a buyer would: with the list in its cookie, so a refused form shows the lines again. */
const send = (form: Record<string, string>, ip = freshIp()) =>
  app.request("/request-quote", {
    form: { intent: "send", website: "", ...form },
    ip,
    cookie: withList([products.onion.id, products.garlic.id]),
  });

const countQuotes = async () =>
  Number(
    (
      await t.db
        .selectFrom("inquiries")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("kind", "=", "quote")
        .executeTakeFirstOrThrow()
    ).n,
  );
const countLines = async () =>
  Number(
    (
      await t.db
        .selectFrom("inquiry_lines")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`quote list on ${engineName}`, () => {
  it("adds without JavaScript: a cookie with the product, back to the page it came from, with a toast", async () => {
    const response = await add(products.onion.id, { returnTo: products.onion.path });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(products.onion.path);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(listCookie(response)).toBe(products.onion.id);
    // Readable by the page's script, which shows the count on cached pages (ADR 0025, "Later").
    expect(response.headers.get("Set-Cookie")).toMatch(/quote_list=[^;]*; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(/quote_list=[^,]*/.exec(response.headers.get("Set-Cookie")!)![0]).not.toMatch(/HttpOnly/i);
    expect(flashOf(response)).toMatchObject({
      title: "Added to Quote",
      description: "Red Onion is in your quote list.",
    });

    // The page it returns to, rendered for this visitor alone (it carries the flash), counts the list, says what
    // happened (in the page, for a browser without scripts), shows the product as in the list, and clears the toast.
    const page = await app.request(products.onion.path, {
      cookie: `${withList([products.onion.id])}; site_flash=${/site_flash=([^;]+)/.exec(response.headers.get("Set-Cookie")!)![1]}`,
    });
    const html = await page.text();
    expect(html).toContain('aria-label="Quote list, 1 product"');
    expect(html).toContain("Red Onion is in your quote list.");
    expect(html).toContain("In Quote List");
    expect(page.headers.get("Set-Cookie")).toMatch(/site_flash=; Max-Age=0; Path=\//);
  });

  it("goes to the quote page without a returnTo, and refuses one that leaves the site", async () => {
    expect((await add(products.garlic.id)).headers.get("Location")).toBe("/request-quote");
    for (const forged of ["//evil.example/x", "https://evil.example/", "/\\evil.example/x", "javascript:alert(1)"]) {
      const response = await add(products.garlic.id, { returnTo: forged });
      expect(response.status, forged).toBe(302);
      expect(response.headers.get("Location"), forged).toBe("/request-quote");
    }
    // A path with its query is kept.
    const back = await add(products.garlic.id, { returnTo: "/products/quote-veg?page=2" });
    expect(back.headers.get("Location")).toBe("/products/quote-veg?page=2");
  });

  it("keeps each product once, and adds to what the cookie already holds", async () => {
    const again = await add(products.onion.id, { cookie: withList([products.onion.id]) });
    expect(listCookie(again)).toBeUndefined();
    expect(flashOf(again).title).toBe("Already in Quote");
    const second = await add(products.garlic.id, { cookie: withList([products.onion.id]) });
    expect(listCookie(second)).toBe(`${products.onion.id}.${products.garlic.id}`);
  });

  it("removes a product; removing the last one deletes the cookie", async () => {
    const both = withList([products.onion.id, products.garlic.id]);
    const removed = await app.request("/request-quote", {
      form: { intent: "remove", product_id: products.onion.id, returnTo: "/request-quote" },
      cookie: both,
    });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/request-quote");
    expect(listCookie(removed)).toBe(products.garlic.id);
    expect(flashOf(removed).title).toBe("Removed from Quote");
    const last = await app.request("/request-quote", {
      form: { intent: "remove", product_id: products.garlic.id },
      cookie: withList([products.garlic.id]),
    });
    expect(listCookie(last)).toBe("");
  });

  it("answers a fetcher (JavaScript) with data and no redirect", async () => {
    const response = await add(products.potato.id, { via: "fetcher", path: "/request-quote.data" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(listCookie(response)).toBe(products.potato.id);
    const body = await response.text();
    expect(body).toContain("Added to Quote");
    expect(body).not.toContain("site_flash");
    expect(response.headers.get("Set-Cookie")).not.toContain("site_flash");
  });

  it(`holds at most ${QUOTE_LIST_MAX} products, and drops unknown or malformed ids when reading`, async () => {
    const full = await add(products.onion.id, { cookie: withList(spares) });
    expect(listCookie(full)).toBeUndefined();
    expect(flashOf(full)).toMatchObject({ title: "Quote List Full", variant: "destructive" });

    // A cookie made by hand: malformed ids are dropped, the first QUOTE_LIST_MAX read, and of them the unknown
    // one dropped silently; the quote page writes the cookie again without it, so the count read from it is right.
    const forged = `quote_list=${["no-such-product", "<script>", products.garlic.id, ...spares].join(".")}`;
    const page = await app.request("/request-quote", { cookie: forged });
    expect((await page.text()).match(/data-testid="quote-line"/g)).toHaveLength(QUOTE_LIST_MAX - 1);
    expect(listCookie(page)).toBe([products.garlic.id, ...spares.slice(0, QUOTE_LIST_MAX - 2)].join("."));
    const unknownOnly = await app.request("/request-quote", { cookie: "quote_list=no-such-product" });
    expect(listCookie(unknownOnly)).toBe("");
    expect(listCookie(await app.request("/request-quote", { cookie: withList([products.garlic.id]) }))).toBeUndefined();

    const missing = await add("no-such-product", { cookie: withList([products.garlic.id]) });
    expect(listCookie(missing)).toBeUndefined();
    expect(flashOf(missing).title).toBe("Product Not Found");
  });
});

describe(`the Request a Quote page on ${engineName}`, () => {
  it("says the list is empty, with a link to the products", async () => {
    const response = await app.request("/request-quote");
    const html = await response.text();
    expect(html).toContain("<title>Request a Quote | ");
    expect(html).toContain("Your quote list is empty.");
    expect(html).toContain('href="/our-products"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("lists each product with quantity, unit, and its own grades and packaging only", async () => {
    const html = await (
      await app.request("/request-quote", { cookie: withList([products.onion.id, products.garlic.id]) })
    ).text();
    expect(html).toContain(`href="${products.onion.path}"`);
    expect(html).toContain(`name="product_id_0" value="${products.onion.id}"`);
    expect(html).toMatch(/name="quantity_0"[^>]*type="number"|type="number"[^>]*name="quantity_0"/);
    // The unit starts at the product's minimum order unit, else MT.
    expect(html).toMatch(/<select[^>]*name="unit_0"[^>]*>.*?<option value="40 ft container" selected=""/s);
    expect(html).toMatch(/<select[^>]*name="unit_1"[^>]*>.*?<option value="MT" selected=""/s);
    expect(html).toContain('name="grade_0"');
    expect(html).toContain('<option value="60 mm+">60 mm+</option>');
    expect(html).toContain('name="packaging_0"');
    // Garlic has neither list: no select for them.
    expect(html).not.toContain('name="grade_1"');
    expect(html).not.toContain('name="packaging_1"');
    for (const field of ["company", "full_name", "email", "country", "destination_port", "incoterm", "message"])
      expect(html, field).toContain(`name="${field}"`);
    expect(html).toMatch(new RegExp(`type="month"[^>]*min="${month(0)}"|min="${month(0)}"[^>]*type="month"`));
  });

  it("is left out of the sitemap", async () => {
    const files = await app.request("/sitemaps/pages-1.xml");
    expect(await files.text()).not.toContain("request-quote");
  });
});

describe(`sending a quote request on ${engineName}`, () => {
  it("stores one inquiry of kind 'quote' with its lines, clears the list and shows the summary", async () => {
    const before = await countQuotes();
    const response = await app.request("/request-quote", {
      form: { intent: "send", website: "", ...BUYER, ...LINES() },
      cookie: withList([products.onion.id, products.garlic.id]),
      ip: freshIp(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/request-quote/sent");
    expect(listCookie(response)).toBe("");
    expect(await countQuotes()).toBe(before + 1);
    const row = await t.db
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
    const lines = await t.db
      .selectFrom("inquiry_lines")
      .select(["position", "product_id", "product_name", "quantity", "unit", "grade", "packaging"])
      .where("inquiry_id", "=", row.id)
      .orderBy("position")
      .execute();
    expect(lines).toEqual([
      {
        position: 0,
        product_id: products.onion.id,
        product_name: "Red Onion",
        quantity: "2",
        unit: "40 ft container",
        grade: "60 mm+",
        packaging: "25 kg mesh bag",
      },
      {
        position: 1,
        product_id: products.garlic.id,
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
    const summary = await app.request("/request-quote/sent", { cookie: `quote_sent=${summaryCookie}` });
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
    expect(html).toContain(`Your reference: <strong>Q-${row.id.replace(/-/g, "").slice(0, 8).toUpperCase()}</strong>`);
    expect(html).toContain(REPLY_TIME_TEXT);
    const nobody = await (await app.request("/request-quote/sent")).text();
    expect(nobody).toContain("There is no recent request to show.");
    expect(nobody).not.toContain("Red Onion");
    const [id, expires] = decodeURIComponent(summaryCookie).split(".");
    const forged = `${id}.${Number(expires) + 1000}.${"0".repeat(64)}`;
    expect(await (await app.request("/request-quote/sent", { cookie: `quote_sent=${forged}` })).text()).toContain(
      "There is no recent request to show.",
    );
  });

  it("emails the team the lines and terms, and the buyer a receipt, over SMTP", async () => {
    const buyer = `buyer-${Date.now()}@importer.example`;
    const response = await send({ ...BUYER, email: buyer, ...LINES() });
    expect(response.status).toBe(302);
    const team = await eventually(async () =>
      smtp.messages.find((m) => m.to.includes("sales@ganga.example") && m.raw.includes(buyer)),
    );
    const receipt = await eventually(async () => smtp.messages.find((m) => m.to.includes(buyer)));
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
    const row = await t.db.selectFrom("inquiries").selectAll().where("email", "=", buyer).executeTakeFirstOrThrow();
    // Issue 23: text and HTML, both with the reference the summary page shows, the reply time and the chat number.
    const reference = `Q-${row.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
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
    await eventually(async () =>
      (await t.db.selectFrom("inquiries").select("notified_at").where("id", "=", row.id).executeTakeFirst())
        ?.notified_at
        ? true
        : undefined,
    );
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
      country: "evil.example/b",
      destination_port: "http://evil.example/c",
      phone: "+1 555 evil",
      message: lure,
      ...LINES(),
    });
    expect(response.status).toBe(302);
    const receipt = await eventually(async () => smtp.messages.find((m) => m.to.includes(victim)));
    const text = receipt.raw.replace(/=\r?\n/g, "").replace(/=C3=97/g, "×");
    expect(text).not.toMatch(/evil|locked|Click/i);
    expect(text).toContain("Dear Sir or Madam,");
    expect(text).toContain("1. Red Onion: 2 × 40 ft containers, grade 60 mm+, packaging 25 kg mesh bag");
    expect(text).toContain("2. Garlic: 12.5 MT");
    expect(text).toMatch(/^To: victim-\d+@elsewhere\.example$/m);
    // The team's notification carries all of it, for the team to judge.
    const team = await eventually(async () =>
      smtp.messages.find((m) => m.to.includes("sales@ganga.example") && m.raw.includes(victim)),
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
      const found = await t.db
        .selectFrom("inquiries")
        .selectAll()
        .where((eb) => eb.fn("lower", ["email"]), "=", victim)
        .execute();
      return found.length === sent && found.every((r) => r.notified_at && (r.receipt_sent_at || r.receipt_error))
        ? found
        : undefined;
    });
    const teamMails = smtp.messages.filter(
      (m) => m.to.includes("sales@ganga.example") && m.raw.toLowerCase().includes(victim),
    );
    expect(teamMails).toHaveLength(sent);
    const receipts = smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === victim));
    expect(receipts).toHaveLength(RECEIPTS_PER_RECIPIENT);
    const refused = rows.filter((r) => !r.receipt_sent_at);
    expect(refused).toHaveLength(sent - RECEIPTS_PER_RECIPIENT);
    for (const row of refused) expect(row).toMatchObject({ receipt_error: RECEIPT_LIMIT_REASON, receipt_due_at: null });

    const { cookie } = await signedInAs(t.db, "admin");
    const page = async (id: string) =>
      (await (await app.request(`/admin/inquiries/${id}`, { cookie })).text()).replaceAll("<!-- -->", "");
    const detail = await page(refused[0].id);
    expect(detail).toContain(
      `Receipt to the buyer: <span class="text-red-700">Not sent: ${RECEIPT_LIMIT_REASON}.</span>`,
    );
    const delivered = rows.find((r) => r.receipt_sent_at)!;
    expect(await page(delivered.id)).toMatch(/Receipt to the buyer: <span>Sent [^<]+ UTC\.<\/span>/);
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
    const orphan = await app.request("/request-quote", {
      form: { intent: "send", website: "", ...BUYER, company: "", ...LINES() },
      ip: freshIp(),
    });
    expect(orphan.status).toBe(400);
    const orphanHtml = await orphan.text();
    expect(orphanHtml).toContain("Company is required.");
    expect(orphanHtml).toContain(`name="product_id_1" value="${products.garlic.id}"`);
    expect(orphanHtml).toMatch(/name="quantity_1"[^>]*value="12.5"|value="12.5"[^>]*name="quantity_1"/);
    expect(orphanHtml).not.toContain("Your quote list is empty.");

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
    const contact = await app.request("/contact-us", {
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

describe(`the page cache and the quote list on ${engineName}`, () => {
  it("serves a visitor with a list the cached page, which shows no one's count: their browser reads the cookie", async () => {
    const anonymous = await cached.request(products.garlic.path);
    const etag = anonymous.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(await anonymous.text()).toContain('aria-label="Quote list, no products"');

    const added = await cached.request("/request-quote", {
      form: { intent: "add", product_id: products.garlic.id, returnTo: products.garlic.path },
    });
    expect(added.headers.get("Cache-Control")).toBe("no-store");
    const cookie = withList([listCookie(added)!]);

    // The same bytes as everyone's, from the cache; without JavaScript 'Add to Quote' shows, and adding again is
    // harmless ('Already in Quote').
    const theirs = await cached.request(products.garlic.path, { cookie });
    expect(theirs.headers.get("ETag")).toBe(etag);
    expect(theirs.headers.get("Cache-Control")).toBe("no-cache");
    const theirHtml = await theirs.text();
    expect(theirHtml).not.toContain("In Quote List");
    expect(theirHtml).toContain("Add to Quote");
    const data = await cached.request(`${products.garlic.path}.data`, { cookie });
    expect(data.headers.get("ETag")).toBeTruthy();
    const again = await cached.request("/request-quote", {
      form: { intent: "add", product_id: products.garlic.id, returnTo: products.garlic.path },
      cookie,
    });
    expect(listCookie(again)).toBeUndefined();
    expect(flashOf(again).title).toBe("Already in Quote");
  });

  it("never caches the quote pages", async () => {
    for (const path of ["/request-quote", "/request-quote/sent"]) {
      await cached.request(path);
      const again = await cached.request(path);
      expect(again.headers.get("ETag"), path).toBeNull();
      expect(again.headers.get("Cache-Control"), path).toMatch(/private/);
    }
  });
});

/** One part of a MIME message (text/plain or text/html), its quoted-printable or base64 body decoded. */
function mimePart(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type.replace("/", "\\/")}`, "mi"));
  expect(start, type).toBeGreaterThan(-1);
  const rest = raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest
    .slice(headerEnd)
    .trimStart()
    .split(/\r?\n--/)[0];
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return body;
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
