import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertInquiryLine } from "../support/builders";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertInquiry,
  insertProduct,
  type TestDatabase,
} from "../support/test-db";
import { eventually, mimePart, startSmtpServer } from "../support/smtp";
import { readPdfText } from "../support/pdf-text";
import { formEntriesOf } from "../support/page-form";
import { demandReport } from "~/features/demand/demand-report.server";

// The quote desk (issue 28) through the real server: a quote from a request, its number and revisions, sending
// (frozen, emailed with its PDF, the last-quoted price kept), and the buyer's page with its token, expiry and the
// three answers with their effects.

/** The tests' clock: Wednesday 2 December 2026, 12:00 in India. */
const NOW = Date.parse("2026-12-02T06:30:00.000Z");

let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let site: Awaited<ReturnType<typeof createTestApp>>;
let admin: { cookie: string };
let productId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  site = await createTestApp(
    t.db,
    t.dataDir,
    { smtpUrl: smtp.url, inquiryNotifyTo: "sales@ganga.example" },
    { clock: () => NOW },
  );
  admin = await signedInAs(t.db, "admin");
  const categoryId = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  productId = await insertProduct(t.db, {
    name: "Nashik Red Onion",
    slug: "nashik-red-onion",
    category_id: categoryId,
  });
});
afterAll(async () => {
  await smtp?.close();
  await t?.cleanup();
});

const quoteRow = (id: string) => t.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const locationOf = (response: Response) => response.headers.get("Location") ?? "";

/** A quote request for 25 MT of the onion, FOB Nhava Sheva, from a buyer writing in `lang`. */
async function quoteRequest(values: { email?: string; lang?: string } = {}) {
  const id = await insertInquiry(t.db, {
    kind: "quote",
    full_name: "Rahim Traders",
    email: values.email ?? "rahim@traders.example",
    email_key: values.email ?? "rahim@traders.example",
    company: "Rahim Traders Ltd",
    country: "Bangladesh",
    incoterm: "FOB",
    destination_port: "Nhava Sheva",
    lang: values.lang ?? "en",
    subject: "Quote request",
  });
  await insertInquiryLine(t.db, {
    inquiry_id: id,
    product_id: productId,
    product_name: "Nashik Red Onion",
    quantity: "25",
    unit: "MT",
    grade: "55 mm+",
    packaging: "25 kg mesh bag",
  });
  return id;
}

/** 'Create Quote' on the inquiry's page: the new quote's form, as that page fills it in. */
async function newQuoteForm(inquiryId: string) {
  const page = await site.request(`/admin/quotes/new?inquiry=${inquiryId}`, { cookie: admin.cookie });
  expect(page.status).toBe(200);
  return formEntriesOf(await page.text(), "form:has([name=quote_key])");
}

/** 'Create Quote', then 'Save Draft' as it was filled in: the new draft's id. */
async function createQuote(inquiryId: string) {
  const response = await site.request("/admin/quotes/new", {
    form: [...(await newQuoteForm(inquiryId)), ["intent", "save"]],
    cookie: admin.cookie,
  });
  expect(response.status).toBe(302);
  return locationOf(response).split("/").pop()!;
}

/** The editor's form as the page sends it, with one line priced at `price`. */
const editorForm = (intent: "save" | "send", price: string, extra: Record<string, string> = {}) => ({
  intent,
  buyer_name: "Rahim Traders",
  buyer_email: "rahim@traders.example",
  buyer_company: "Rahim Traders Ltd",
  buyer_country: "Bangladesh",
  lang: "en",
  currency: "USD",
  incoterm: "FOB",
  named_port: "Nhava Sheva",
  payment_terms: "30% advance, 70% against documents",
  lead_time: "Within 14 days",
  valid_until: "2026-12-16",
  notes: "",
  line_product_id: productId,
  line_name: "Nashik Red Onion",
  line_grade: "55 mm+",
  line_packaging: "25 kg mesh bag",
  line_quantity: "25",
  line_unit: "MT",
  line_price: price,
  ...extra,
});

async function sendQuote(quoteId: string, price = "320.50") {
  const response = await site.request(`/admin/quotes/${quoteId}`, {
    form: editorForm("send", price),
    cookie: admin.cookie,
  });
  expect(response.status).toBe(302);
  const quote = await quoteRow(quoteId);
  expect(quote.status).toBe("sent");
  return quote;
}

describe(`the quote desk on ${engineName}`, () => {
  it("pre-fills a new quote from the request and numbers it only when first saved, once per form", async () => {
    const inquiryId = await quoteRequest();
    const quotes = () => t.db.selectFrom("quotes").select("id").execute();
    const numbers = () => t.db.selectFrom("quote_numbers").selectAll().execute();
    const [quotesBefore, numbersBefore] = [await quotes(), await numbers()];
    const form = await newQuoteForm(inquiryId);
    // Opening 'Create Quote' stores nothing and takes no number.
    expect(await quotes()).toEqual(quotesBefore);
    expect(await numbers()).toEqual(numbersBefore);
    expect(Object.fromEntries(form)).toMatchObject({
      inquiry_id: inquiryId,
      buyer_email: "rahim@traders.example",
      incoterm: "FOB",
      named_port: "Nhava Sheva",
      valid_until: "2026-12-16",
      line_name: "Nashik Red Onion",
      line_quantity: "25",
    });
    // The same form sent twice (a double click, a resend) saves one quote.
    const twice = await Promise.all(
      [1, 2].map(() =>
        site.request("/admin/quotes/new", { form: [...form, ["intent", "save"]], cookie: admin.cookie }),
      ),
    );
    expect(twice.map((response) => response.status)).toEqual([302, 302]);
    expect(new Set(twice.map(locationOf)).size).toBe(1);
    expect((await quotes()).length).toBe(quotesBefore.length + 1);
    const once = await quoteRow(locationOf(twice[0]).split("/").pop()!);
    const first = await quoteRow(await createQuote(inquiryId));
    const second = await quoteRow(await createQuote(inquiryId));
    expect(first.number).toMatch(/^Q-2026-\d{4}$/);
    expect(Number(first.number.slice(-4))).toBe(Number(once.number.slice(-4)) + 1);
    expect(Number(second.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    expect(first).toMatchObject({
      revision: 1,
      status: "draft",
      inquiry_id: inquiryId,
      buyer_email: "rahim@traders.example",
      currency: "USD",
      incoterm: "FOB",
      named_port: "Nhava Sheva",
      valid_until: "2026-12-16",
    });
    const lines = await t.db.selectFrom("quote_lines").selectAll().where("quote_id", "=", first.id).execute();
    expect(lines).toMatchObject([
      { product_id: productId, product_name: "Nashik Red Onion", quantity: "25", unit: "MT", unit_price_minor: 0 },
    ]);
  });

  it("refuses to send an unpriced quote, saves drafts with exact totals, and checks what is typed", async () => {
    const quoteId = await createQuote(await quoteRequest());
    const unpriced = await site.request(`/admin/quotes/${quoteId}`, {
      form: editorForm("send", ""),
      cookie: admin.cookie,
    });
    expect(unpriced.status).toBe(400);
    expect(await unpriced.text()).toContain("Line 1: give its unit price before sending.");
    const bad = await site.request(`/admin/quotes/${quoteId}`, {
      form: editorForm("save", "12,5x"),
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Line 1: the unit price must be an amount in USD");
    const saved = await site.request(`/admin/quotes/${quoteId}`, {
      form: editorForm("save", "1,250.50", { line_quantity: "2.5" }),
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(302);
    // 2.5 × 1,250.50 = 3,126.25 exactly, in cents.
    expect((await quoteRow(quoteId)).total_minor).toBe(312_625);
  });

  it("sends a quote: frozen, emailed with its PDF and link, the inquiry Quoted and first replied, the price kept", async () => {
    const inquiryId = await quoteRequest();
    const quoteId = await createQuote(inquiryId);
    const sentAt = smtp.messages.length;
    const quote = await sendQuote(quoteId);
    expect(quote.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(quote.total_minor).toBe(801_250);
    const inquiry = await t.db
      .selectFrom("inquiries")
      .selectAll()
      .where("id", "=", inquiryId)
      .executeTakeFirstOrThrow();
    expect(inquiry.status).toBe("quoted");
    expect(inquiry.first_reply_at).not.toBeNull();

    const mail = await eventually(async () =>
      smtp.messages.slice(sentAt).find((m) => m.to.includes("rahim@traders.example")),
    );
    expect(mail.raw).toContain(`Subject: Quotation ${quote.number} from`);
    const text = mimePart(mail.raw, "text/plain")!.toString("utf8");
    expect(text).toMatch(new RegExp(`https?://[^/\\s]+/quotes/${quote.token}\\s`));
    expect(text).toMatch(/USD\s8,012\.50/);
    const pdf = await readPdfText(mimePart(mail.raw, "application/pdf")!);
    expect(pdf).toContain(`Quotation ${quote.number}`);
    expect(pdf).toContain("Nashik Red Onion");
    expect(pdf).toContain("FOB Nhava Sheva");
    expect(pdf).toMatch(/USD\s8,012\.50/);

    const last = await t.db
      .selectFrom("product_quoted_prices")
      .selectAll()
      .where("product_id", "=", productId)
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ incoterm: "FOB", currency: "USD", unit: "MT", unit_price_minor: 32_050 });

    // The next quote for the product at FOB in USD starts from that price.
    const next = await createQuote(await quoteRequest({ email: "other@buyer.example" }));
    const lines = await t.db.selectFrom("quote_lines").selectAll().where("quote_id", "=", next).execute();
    expect(lines[0].unit_price_minor).toBe(32_050);

    // One timeline: the quote's save and send beside the status change, with who.
    const timeline = await t.db
      .selectFrom("activity")
      .select(["action", "summary"])
      .where("entity", "=", "inquiry")
      .where("entity_id", "=", inquiryId)
      .execute();
    expect(timeline.map((row) => row.action)).toEqual(
      expect.arrayContaining(["quote-save", "quote-send", "inquiry-status"]),
    );
  });

  it("keeps a sent quote frozen: no save, and later product changes never alter it; a revision keeps v1", async () => {
    const quoteId = await createQuote(await quoteRequest());
    const sent = await sendQuote(quoteId, "300");
    const again = await site.request(`/admin/quotes/${quoteId}`, {
      form: editorForm("save", "1"),
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
    await t.db.updateTable("products").set({ name: "Renamed Onion" }).where("id", "=", productId).execute();
    const page = await site.request(`/quotes/${sent.token}`);
    const html = await page.text();
    expect(html).toContain("Nashik Red Onion");
    expect(html).not.toContain("Renamed Onion");
    await t.db.updateTable("products").set({ name: "Nashik Red Onion" }).where("id", "=", productId).execute();

    const revise = await site.request(`/admin/quotes/${quoteId}`, { form: { intent: "revise" }, cookie: admin.cookie });
    expect(revise.status).toBe(302);
    const v2Id = locationOf(revise).split("/").pop()!;
    const v2 = await quoteRow(v2Id);
    expect(v2).toMatchObject({ number: sent.number, revision: 2, status: "draft", token: null });
    const v2Sent = await sendQuote(v2Id, "290");
    expect((await quoteRow(quoteId)).status).toBe("superseded");
    expect((await quoteRow(quoteId)).total_minor).toBe(sent.total_minor);
    expect(v2Sent.total_minor).toBe(725_000);
    // The replaced revision's page says so and takes no answer.
    const old = await site.request(`/quotes/${sent.token}`, { form: { answer: "accept" } });
    expect(old.status).toBe(303);
    expect((await quoteRow(quoteId)).status).toBe("superseded");
  });

  it("answers the buyer's page only for a real token, in the quote's language, never cached", async () => {
    expect((await site.request("/quotes/not-a-token")).status).toBe(404);
    expect((await site.request(`/quotes/${"A".repeat(32)}`)).status).toBe(404);
    const quoteId = await createQuote(await quoteRequest({ lang: "ar" }));
    await site.request(`/admin/quotes/${quoteId}`, {
      form: { ...editorForm("save", "300"), lang: "ar" },
      cookie: admin.cookie,
    });
    const draft = await quoteRow(quoteId);
    expect(draft.token).toBeNull();
    const sent = await sendQuote(quoteId, "300");
    expect(sent.lang).toBe("en"); // the editor's form chose English on sending
    await t.db.updateTable("quotes").set({ lang: "ar" }).where("id", "=", quoteId).execute();
    const page = await site.request(`/quotes/${sent.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(page.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await page.text();
    // The whole document is Arabic: its language and direction are the quote's, not the address's English.
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain("قبول عرض السعر");
    // The team opening the link is not the buyer; the buyer's first view is recorded once.
    await t.db.updateTable("quotes").set({ viewed_at: null }).where("id", "=", quoteId).execute();
    expect((await site.request(`/quotes/${sent.token}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await quoteRow(quoteId)).viewed_at).toBeNull();
    await site.request(`/quotes/${sent.token}`);
    const viewed = (await quoteRow(quoteId)).viewed_at;
    expect(viewed).not.toBeNull();
    await site.request(`/quotes/${sent.token}`);
    expect((await quoteRow(quoteId)).viewed_at).toBe(viewed);
    const pdf = await site.request(`/quotes/${sent.token}/pdf`);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("no-store");
    // What the desk typed keeps its order in the Arabic PDF as on the page: "55 mm+", not "+mm 55".
    const pdfText = await readPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pdfText).toContain("55 mm+");
    expect(pdfText).toContain("Nhava Sheva");
  });

  it("accepts: records time and address, moves the inquiry to Won, tells the team; a second answer changes nothing", async () => {
    const inquiryId = await quoteRequest();
    const quoteId = await createQuote(inquiryId);
    const sent = await sendQuote(quoteId);
    const before = smtp.messages.length;
    const accepted = await site.request(`/quotes/${sent.token}`, { form: { answer: "accept" }, ip: "203.0.113.9" });
    expect(accepted.status).toBe(303);
    const quote = await quoteRow(quoteId);
    expect(quote).toMatchObject({
      status: "accepted",
      response_ip: "203.0.113.9",
      responded_at: new Date(NOW).toISOString(),
    });
    const inquiry = await t.db
      .selectFrom("inquiries")
      .select("status")
      .where("id", "=", inquiryId)
      .executeTakeFirstOrThrow();
    expect(inquiry.status).toBe("won");
    const mail = await eventually(async () =>
      smtp.messages.slice(before).find((m) => m.to.includes("sales@ganga.example") && m.raw.includes("accepted quote")),
    );
    expect(mail.raw).toContain(sent.number);
    // Demand counts the deal won, for the buyer's country, from the quote itself (ADR 0056).
    const report = await demandReport(t.db, { days: 30, country: "BD", page: 1 }, NOW);
    expect(report.products.find((row) => row.productId === productId)?.funnel.won).toBeGreaterThanOrEqual(1);

    // The inquiries export gives the inquiry's newest quote.
    const csv = await (await site.request("/admin/inquiries/export", { cookie: admin.cookie })).text();
    const row = csv.split("\n").find((line) => line.includes(`${sent.number} v1`));
    expect(row).toContain(`${sent.number} v1,accepted,8012.50,USD,FOB Nhava Sheva,`);

    const declineAfter = await site.request(`/quotes/${sent.token}`, { form: { answer: "decline" } });
    expect(declineAfter.status).toBe(303);
    expect((await quoteRow(quoteId)).status).toBe("accepted");
    expect(await (await site.request(`/quotes/${sent.token}`)).text()).toContain("You accepted this quote on");
  });

  it("wins one deal once: after v1 is accepted, v2 is not sent, and a v2 sent anyway cannot be accepted", async () => {
    const wonOfProduct = async () =>
      (await demandReport(t.db, { days: 30, country: null, page: 1 }, NOW)).products.find(
        (row) => row.productId === productId,
      )?.funnel.won ?? 0;
    const v1Id = await createQuote(await quoteRequest());
    const v1 = await sendQuote(v1Id);
    const revise = await site.request(`/admin/quotes/${v1Id}`, { form: { intent: "revise" }, cookie: admin.cookie });
    const v2Id = locationOf(revise).split("/").pop()!;
    const wonBefore = await wonOfProduct();
    expect((await site.request(`/quotes/${v1.token}`, { form: { answer: "accept" } })).status).toBe(303);
    expect(await wonOfProduct()).toBe(wonBefore + 1);
    // The editor of v2 says so before anything is sent, and sending is refused with the reason.
    const editor = (await (await site.request(`/admin/quotes/${v2Id}`, { cookie: admin.cookie })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    const accepted = `This quote was already accepted (v1) on 2 December 2026: a new revision cannot be sent.`;
    expect(editor).toContain(accepted);
    const refused = await site.request(`/admin/quotes/${v2Id}`, {
      form: editorForm("send", "290"),
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(409);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toContain(accepted);
    expect(await quoteRow(v2Id)).toMatchObject({ status: "draft", token: null });
    expect((await quoteRow(v1Id)).status).toBe("accepted");

    // v2 sent all the same (as a send racing the acceptance could leave it): the buyer's acceptance is refused by
    // the database, the page says the deal was taken on another revision, and Won is counted once.
    const token = "B".repeat(32);
    await t.db.updateTable("quotes").set({ status: "sent", token }).where("id", "=", v2Id).execute();
    const page = await (await site.request(`/quotes/${token}`)).text();
    expect(page).toContain("Another revision of this quote (v1) was already accepted");
    expect(page).not.toContain('value="accept"');
    expect((await site.request(`/quotes/${token}`, { form: { answer: "accept" } })).status).toBe(303);
    expect((await quoteRow(v2Id)).status).toBe("sent");
    expect(await wonOfProduct()).toBe(wonBefore + 1);
  });

  it("declines with a reason, asks for changes only with what to change, and keeps both on the timeline", async () => {
    const declinedId = await createQuote(await quoteRequest());
    const declined = await sendQuote(declinedId);
    await site.request(`/quotes/${declined.token}`, { form: { answer: "decline", reason: "Price too high" } });
    expect(await quoteRow(declinedId)).toMatchObject({ status: "declined", response_note: "Price too high" });

    const inquiryId = await quoteRequest();
    const changesId = await createQuote(inquiryId);
    const changes = await sendQuote(changesId);
    const empty = await site.request(`/quotes/${changes.token}`, { form: { answer: "changes", changes: "  " } });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Say what you would like changed.");
    const long = await site.request(`/quotes/${changes.token}`, {
      form: { answer: "changes", changes: "x".repeat(2001) },
    });
    expect(long.status).toBe(400);
    await site.request(`/quotes/${changes.token}`, { form: { answer: "changes", changes: "CFR Chittagong please" } });
    expect(await quoteRow(changesId)).toMatchObject({
      status: "changes_requested",
      response_note: "CFR Chittagong please",
    });
    const page = await site.request(`/admin/inquiries/${inquiryId}`, { cookie: admin.cookie });
    const html = await page.text();
    expect(html).toContain("changes asked by the buyer");
    expect(html).toContain("CFR Chittagong please");
  });

  it("stops accepting after the validity day, but still takes a request for changes", async () => {
    const quoteId = await createQuote(await quoteRequest());
    const sent = await sendQuote(quoteId);
    await t.db.updateTable("quotes").set({ valid_until: "2026-12-01" }).where("id", "=", quoteId).execute();
    const page = await (await site.request(`/quotes/${sent.token}`)).text();
    expect(page).toContain("This quote expired on 1 December 2026");
    expect(page).not.toContain('value="accept"');
    await site.request(`/quotes/${sent.token}`, { form: { answer: "accept" } });
    expect((await quoteRow(quoteId)).status).toBe("sent");
    await site.request(`/quotes/${sent.token}`, { form: { answer: "changes", changes: "A new date, please" } });
    expect((await quoteRow(quoteId)).status).toBe("changes_requested");
  });

  it("shows a refusal beside the line's field, adds and removes lines without JavaScript", async () => {
    const quoteId = await createQuote(await quoteRequest());
    const linesOf = () =>
      t.db
        .selectFrom("quote_lines")
        .select(["product_name", "unit_price_minor"])
        .where("quote_id", "=", quoteId)
        .execute();
    const stored = await linesOf();
    const bad = await site.request(`/admin/quotes/${quoteId}`, {
      form: editorForm("save", "12,5x"),
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    // The first line's price is marked and described by its message; what was typed is kept.
    expect(html).toMatch(
      /<input[^>]*id="line-0-price"[^>]*aria-invalid="true"[^>]*aria-describedby="line-0-price-error"/,
    );
    expect(html).toMatch(/<ul id="line-0-price-error"[^>]*><li>Line 1: the unit price must be an amount in USD/);
    expect(html).toContain('value="12,5x"');

    const rows = (response: string) =>
      formEntriesOf(response, "form:has([name=line_name])").filter(([name]) => name === "line_name");
    const added = await site.request(`/admin/quotes/${quoteId}`, {
      form: { ...editorForm("save", "320"), intent: "add-line" },
      cookie: admin.cookie,
    });
    expect(added.status).toBe(200);
    const addedHtml = await added.text();
    expect(rows(addedHtml).map(([, value]) => value)).toEqual(["Nashik Red Onion", ""]);
    const removed = await site.request(`/admin/quotes/${quoteId}`, {
      form: [...formEntriesOf(addedHtml, "form:has([name=line_name])"), ["intent", "remove-line:0"]],
      cookie: admin.cookie,
    });
    expect(rows(await removed.text()).map(([, value]) => value)).toEqual([""]);
    // Neither saved anything.
    expect(await linesOf()).toEqual(stored);
  });

  it("offers a won inquiry's accepted quote instead of Create Quote", async () => {
    const inquiryId = await quoteRequest();
    const page = async () => (await site.request(`/admin/inquiries/${inquiryId}`, { cookie: admin.cookie })).text();
    expect(await page()).toContain(`href="/admin/quotes/new?inquiry=${inquiryId}"`);
    const quoteId = await createQuote(inquiryId);
    const sent = await sendQuote(quoteId);
    await site.request(`/quotes/${sent.token}`, { form: { answer: "accept" } });
    expect((await quoteRow(quoteId)).status).toBe("accepted");
    const html = (await page()).replaceAll("<!-- -->", "");
    expect(html).not.toContain("Create Quote");
    expect(html).toContain(`href="/admin/quotes/${quoteId}"`);
    expect(html).toContain(`Accepted Quote ${sent.number} v1`);
  });

  it("keeps the desk to administrators: anonymous visitors go to sign in, a signed-in user is refused", async () => {
    const quoteId = await createQuote(await quoteRequest());
    const user = await signedInAs(t.db, "user");
    for (const path of [
      "/admin/quotes",
      `/admin/quotes/${quoteId}`,
      `/admin/quotes/${quoteId}/pdf`,
      "/admin/quotes/new",
    ]) {
      const anonymous = await site.request(path);
      expect(anonymous.status).toBe(302);
      expect(locationOf(anonymous)).toContain("/admin/login");
      expect([302, 403]).toContain((await site.request(path, { cookie: user.cookie })).status);
      expect((await site.request(path, { cookie: admin.cookie })).status).toBe(200);
    }
    const posted = await site.request(`/admin/quotes/${quoteId}`, { form: editorForm("send", "1") });
    expect(posted.status).toBe(302);
    expect((await quoteRow(quoteId)).status).toBe("draft");
    const byUser = await site.request(`/admin/quotes/${quoteId}`, {
      form: editorForm("send", "1"),
      cookie: user.cookie,
    });
    expect([302, 403]).toContain(byUser.status);
    expect((await quoteRow(quoteId)).status).toBe("draft");
  });
});
