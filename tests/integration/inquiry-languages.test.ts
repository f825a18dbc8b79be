import { wordingOf } from "~/features/i18n/catalogues.server";
import Papa from "papaparse";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { EXPORT_COLUMNS } from "~/features/inquiries/inquiry-export.server";
import { receiptContent, receiptLine } from "~/features/inquiries/mailer.server";
import { contactFormSender, VALID_CONTACT } from "../support/contact-form";
import { eventually } from "../support/smtp";
import { signedInAs } from "../support/test-app";
import { engineName } from "../support/test-db";
import { quoteSite } from "../support/quote-site";
import { disableLanguages, enableLanguages, insertTranslation } from "../support/translations";

// Issue 26: the buyers' forms in the page's language (messages, toasts, summary, receipt email) and the language
// each inquiry is stored with, shown, filtered and exported in the back office.

const { site, freshIp, withList, BUYER, LINES, flashOf, mimePart } = quoteSite();
const { send: sendContact } = contactFormSender(() => site.app);

beforeAll(async () => {
  // Arabic enabled (as the demo site does); Bengali left disabled.
  await enableLanguages(site.t.db, "ar");
  await disableLanguages(site.t.db, "bn");
});

const page = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

const sendQuote = (path: string, form: Record<string, string>) =>
  site.app.request(path, {
    form: { intent: "send", website: "", ...form },
    ip: freshIp(),
    cookie: withList([site.products.onion.id, site.products.garlic.id]),
  });

const latest = (email: string) =>
  site.t.db
    .selectFrom("inquiries")
    .selectAll()
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

/** A header's text with its MIME encoded-words (RFC 2047) decoded and its folds undone. */
function decodedHeader(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "m").exec(raw);
  expect(match, name).not.toBeNull();
  return match![1]
    .replace(/\?=\r?\n[ \t]+=\?/g, "?==?")
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

describe(`a quote request in Arabic on ${engineName}`, () => {
  it("answers a refused form with whole Arabic messages, and none in English", async () => {
    const { company: _company, ...withoutCompany } = BUYER;
    const response = await sendQuote("/ar/request-quote", {
      ...withoutCompany,
      email: "not an address",
      ...LINES(),
      quantity_1: "0",
    });
    expect(response.status).toBe(400);
    const html = await page(response);
    for (const text of ["حقل «الشركة» مطلوب.", "يرجى إدخال عنوان بريد إلكتروني صحيح.", "يجب أن تكون الكمية أكبر من 0."])
      expect(html, text).toContain(text);
    for (const text of ["Company is required.", "Please enter a valid email address.", "Quantity must be more than 0."])
      expect(html, text).not.toContain(text);
    // The toast (in the page's data) names every required field, in Arabic.
    expect(html).toContain("حقول ناقصة");
    expect(html).toContain("الشركة والاسم الكامل والبريد الإلكتروني والدولة وكمية لكل منتج حقول مطلوبة.");
    // The form's own texts are Arabic too.
    expect(html).toContain("إرسال طلب عرض السعر");
    expect(html).not.toContain("Send Quote Request");
  });

  it("stores lang 'ar' from the path (never from a field), shows an Arabic summary and emails an Arabic receipt", async () => {
    // The onion has an Arabic name: the buyer reads it on the summary and in the receipt; the team reads English.
    await insertTranslation(site.t.db, "product", site.products.onion.id, "ar", { name: "بصل أحمر" });
    onTestFinished(async () => {
      await site.t.db.deleteFrom("content_translations").where("entity_id", "=", site.products.onion.id).execute();
    });
    const buyer = `arabic-${Date.now()}@importer.example`;
    const response = await sendQuote("/ar/request-quote", { ...BUYER, email: buyer, lang: "xx", ...LINES() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar/request-quote/sent");
    const row = await latest(buyer);
    expect(row?.lang).toBe("ar");

    // The summary's cookie is sent to the Arabic summary page.
    const summaryCookie = /quote_sent=([^;]+); Max-Age=3600; Path=\/ar\/request-quote; HttpOnly/.exec(
      response.headers.get("Set-Cookie")!,
    )![1];
    const summary = await page(
      await site.app.request("/ar/request-quote/sent", { cookie: `quote_sent=${summaryCookie}` }),
    );
    for (const text of [
      "تم إرسال طلب عرض السعر",
      `شكرًا لك، ${BUYER.full_name}. لقد تلقينا طلبك وسنرد على ${buyer} بالأسعار ومدى التوفر.`,
      "نرد عادةً خلال يوم عمل واحد.",
      "بصل أحمر",
      "حاويتان مقاس 40 قدمًا",
      "الدرجة \u206860 mm+\u2069", // isolated: "60 mm+", not "+mm 60"
      "12.5 طن متري",
      "رقم المرجع: <strong>R-",
      "ميناء الوصول",
    ])
      expect(summary, text).toContain(text);
    for (const text of ["Quote Request Sent", "Thank you,", "Your Details"]) expect(summary, text).not.toContain(text);
    // Arabic's dual says "two" by itself: the number is not written again before it.
    expect(summary).not.toContain("2 حاويتان");

    // The buyer's receipt is Arabic; the team's notification stays English.
    const receipt = await eventually(async () => site.smtp.messages.find((m) => m.to.includes(buyer)));
    expect(decodedHeader(receipt.raw, "Subject")).toMatch(/^تلقينا طلب عرض السعر الخاص بك \(R-[0-9A-F]{8}\)$/);
    const text = mimePart(receipt.raw, "text/plain");
    for (const line of [
      `مرحبًا ${BUYER.full_name}،`,
      "شكرًا لك على طلب عرض السعر.",
      "المنتجات:",
      "1. بصل أحمر: حاويتان مقاس 40 قدمًا، الدرجة \u206860 mm+\u2069، التعبئة \u206825 kg mesh bag\u2069",
      "2. Garlic: 12.5 طن متري",
      "شرط التسليم (Incoterm): CIF",
      "الخطوات التالية:",
      "نرد عادةً خلال يوم عمل واحد.",
    ])
      expect(text, line).toContain(line);
    expect(text).not.toMatch(/Dear|Thank you|Products:/);
    const html = mimePart(receipt.raw, "text/html");
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const team = await eventually(async () =>
      site.smtp.messages.find((m) => m.to.includes("sales@ganga.example") && m.raw.includes(buyer)),
    );
    expect(team.raw).toMatch(/^Subject: New inquiry: Quote request: Red Onion, Garlic/m);
    expect(mimePart(team.raw, "text/plain")).toContain("Products:");
    expect(mimePart(team.raw, "text/plain")).toContain("Red Onion");
  });

  it("keeps English as it was: lang 'en' and the English summary", async () => {
    const buyer = `english-${Date.now()}@importer.example`;
    const response = await sendQuote("/request-quote", { ...BUYER, email: buyer, ...LINES() });
    expect(response.headers.get("Location")).toBe("/request-quote/sent");
    expect((await latest(buyer))?.lang).toBe("en");
  });

  it("never stores a language that is not enabled", async () => {
    const buyer = `bengali-${Date.now()}@importer.example`;
    const response = await sendQuote("/bn/request-quote", { ...BUYER, email: buyer, ...LINES() });
    // A disabled prefix answers 404 (the site layout); were the form taken, it would be as English.
    if (response.status === 404) expect(await latest(buyer)).toBeUndefined();
    else expect((await latest(buyer))?.lang).toBe("en");
    const stored = await site.t.db.selectFrom("inquiries").select("lang").where("lang", "=", "bn").execute();
    expect(stored).toEqual([]);
  });

  it("lists the quote's products by their names in the page's language, English where one has none", async () => {
    await insertTranslation(site.t.db, "product", site.products.onion.id, "ar", { name: "بصل التجربة" });
    const cookie = withList([site.products.onion.id, site.products.garlic.id]);
    const arabic = await page(await site.app.request("/ar/request-quote", { cookie }));
    expect(arabic).toContain("بصل التجربة");
    expect(arabic).toContain(">Garlic<");
    expect(await page(await site.app.request("/request-quote", { cookie }))).not.toContain("بصل التجربة");
    await site.t.db.deleteFrom("content_translations").where("entity_id", "=", site.products.onion.id).execute();
  });

  it("says the quote list's toasts in the page's language", async () => {
    // As the public pages' script sends it (ADR 0058): the JSON answer under the page's language.
    const answered = await site.app.request("/ar/request-quote/list", {
      form: { intent: "add", product_id: site.products.potato.id },
    });
    const { toast } = (await answered.json()) as { toast: { title: string; description: string } };
    expect(toast.title).toBe("أُضيف إلى عرض السعر");
    expect(toast.description).toBe("تمت إضافة Potato إلى قائمة عرض السعر.");
    // A product with an Arabic name is named in Arabic.
    await insertTranslation(site.t.db, "product", site.products.garlic.id, "ar", { name: "ثوم" });
    onTestFinished(async () => {
      await site.t.db.deleteFrom("content_translations").where("entity_id", "=", site.products.garlic.id).execute();
    });
    const named = await site.app.request("/ar/request-quote/list", {
      form: { intent: "add", product_id: site.products.garlic.id },
    });
    expect(((await named.json()) as { toast: { description: string } }).toast.description).toBe(
      "تمت إضافة ثوم إلى قائمة عرض السعر.",
    );
    // The button on an Arabic page posting to the English path: the page it stands on decides.
    const plain = await site.app.request("/request-quote", {
      form: { intent: "add", product_id: site.products.potato.id, returnTo: "/ar/our-products" },
    });
    expect(plain.headers.get("Location")).toBe("/ar/our-products");
    expect(flashOf(plain).title).toBe("أُضيف إلى عرض السعر");
  });
});

describe("the receipt in Bengali", () => {
  it("is written whole in Bengali, with the quantities in its digits and plural", () => {
    const t = wordingOf("bn").t;
    const line = receiptLine(t, {
      product_name: "Red Onion",
      quantity: "2",
      unit: "40 ft container",
      grade: "60 mm+",
      packaging: null,
    });
    expect(line).toBe("Red Onion: ২ × ৪০ ফুট কন্টেইনার, গ্রেড 60 mm+");
    const { subject, text, html } = receiptContent(
      {
        name: "Rahim Uddin",
        reference: "Q-0123ABCD",
        lines: [line],
        incoterm: "CFR",
        month: "মার্চ ২০২৭",
        chat: null,
        website: null,
      },
      "bn",
    );
    expect(subject).toBe("আমরা আপনার কোটেশনের অনুরোধ পেয়েছি (Q-0123ABCD)");
    for (const piece of ["প্রিয় Rahim Uddin,", "পণ্য:", "ইনকোটার্ম: CFR", "এরপর যা হবে:"])
      expect(text, piece).toContain(piece);
    expect(html).toContain('<html lang="bn" dir="ltr">');
  });
});

describe(`the contact form in Arabic on ${engineName}`, () => {
  it("refuses in Arabic and stores the message with lang 'ar'", async () => {
    const refused = await sendContact({ ...VALID_CONTACT, subject: " " }, { path: "/ar/contact-us" });
    expect(refused.status).toBe(400);
    const html = await page(refused);
    expect(html).toContain("حقل «الموضوع» مطلوب.");
    expect(html).not.toContain("Subject is required.");
    expect(html).toContain("أرسل لنا رسالة");

    const email = `contact-ar-${Date.now()}@example.ae`;
    const sent = await sendContact({ ...VALID_CONTACT, email }, { path: "/ar/contact-us" });
    expect(sent.status).toBe(200);
    expect((await latest(email))?.lang).toBe("ar");
  });
});

describe(`inquiries by language in the back office on ${engineName}`, () => {
  it("shows each inquiry's language, filters by it and exports it as a column", async () => {
    const arabic = `filter-ar-${Date.now()}@importer.example`;
    const english = `filter-en-${Date.now()}@importer.example`;
    expect((await sendQuote("/ar/request-quote", { ...BUYER, email: arabic, ...LINES() })).status).toBe(302);
    expect((await sendQuote("/request-quote", { ...BUYER, email: english, ...LINES() })).status).toBe(302);
    const { cookie } = await signedInAs(site.t.db, "admin");

    const filtered = await page(await site.app.request("/admin/inquiries?lang=ar", { cookie }));
    expect(filtered).toContain(arabic);
    expect(filtered).not.toContain(english);
    expect(filtered).toContain('data-testid="inquiry-lang"');
    expect(filtered).toMatch(/<option value="ar" selected="">Arabic<\/option>/);
    const all = await page(await site.app.request("/admin/inquiries", { cookie }));
    expect(all).toContain(english);
    // A code that is no language filters nothing out.
    expect(await page(await site.app.request("/admin/inquiries?lang=xx%27", { cookie }))).toContain(english);

    const row = (await latest(arabic))!;
    const detail = await page(await site.app.request(`/admin/inquiries/${row.id}`, { cookie }));
    expect(detail).toMatch(/data-testid="inquiry-language">Arabic</);

    const csv = await (await site.app.request("/admin/inquiries/export?lang=ar", { cookie })).text();
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true });
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(EXPORT_COLUMNS.indexOf("lang")).toBe(EXPORT_COLUMNS.indexOf("lines") + 1);
    expect(parsed.data.map((r) => r.email)).toContain(arabic);
    expect(parsed.data.map((r) => r.email)).not.toContain(english);
    expect(new Set(parsed.data.map((r) => r.lang))).toEqual(new Set(["ar"]));
  });
});
