import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableLanguages } from "../support/translations";
import { eventually, mailText, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertInquiry,
  insertProduct,
  insertQuote,
  type TestDatabase,
} from "../support/test-db";

// The buyer's own page (issue 45) through the real server and a real SMTP server: a sign-in link emailed to a known
// address (single use, 15 minutes, counted per address and sender, the same answer for every address), what each
// buyer sees and may answer, a joined company, a disabled buyer, and a session apart from the team's.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let clock = Date.parse("2026-11-20T08:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp(
    t.db,
    t.dataDir,
    { smtpUrl: smtp.url, inquiryNotifyTo: "sales@ganga.example", inquiryNotifyFrom: "website@ganga.example" },
    { clock: () => clock },
  );
  ({ cookie: admin } = await signedInAs(t.db, "admin"));
  await enableLanguages(t.db, "ar", "bn");
});
afterAll(async () => {
  await smtp?.close();
  await t?.cleanup();
});

let ipCounter = 1;
const nextIp = () => `198.51.100.${ipCounter++}`;

/** Asks for a link from `path`'s language and returns the answer's HTML. */
async function askLink(email: string, { path = "/account", ip = nextIp() } = {}) {
  const answer = await app.request(path, { form: { email }, ip });
  return { status: answer.status, html: await answer.text() };
}

const linkIn = async (email: string, before: number) => {
  const mail = await eventually(async () => smtp.messages.slice(before).find((m) => m.to.includes(email)));
  const text = mailText(mail.raw);
  const url = new URL(/https?:\/\/\S+\/account\/sign-in\?token=\S+/.exec(text)![0]);
  return { text, path: `${url.pathname}${url.search}` };
};
const tokenOf = (path: string) => new URL(`http://x${path}`).searchParams.get("token")!;

async function signIn(email: string, lang = "") {
  const before = smtp.messages.length;
  await askLink(email, { path: `${lang}/account` });
  const { path } = await linkIn(email, before);
  const used = await app.request(path.split("?")[0], { form: { token: tokenOf(path) } });
  expect(used.status).toBe(303);
  const cookie = /buyer_session=([^;]+)/.exec(used.headers.get("Set-Cookie") ?? "")![1];
  return `buyer_session=${cookie}`;
}

const sentSection = (html: string) => /data-testid="sign-in-sent"[\s\S]*?<\/div>/.exec(html)?.[0];

describe(`buyer sign-in and the buyer's page on ${engineName}`, () => {
  it("emails a single-use link to a known address only, answers every address alike, and the link expires", async () => {
    await insertInquiry(t.db, {
      email: "Rahim@Dhaka.example",
      email_key: "rahim@dhaka.example",
      company: "Dhaka Traders Ltd",
    });
    const before = smtp.messages.length;
    const known = await askLink("rahim@dhaka.example", { path: "/bn/account" });
    const unknown = await askLink("nobody@nowhere.example", { path: "/bn/account" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(sentSection(known.html)).toBeTruthy();
    expect(sentSection(known.html)).toBe(sentSection(unknown.html));
    const { text, path } = await linkIn("rahim@dhaka.example", before);
    expect(path.startsWith("/bn/account/sign-in")).toBe(true);
    expect(text).toContain("১৫");
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(before).some((m) => m.to.includes("nobody@nowhere.example"))).toBe(false);

    // Opening the link signs nobody in (a mail scanner would use it up); the button does, once.
    const page = await app.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Set-Cookie") ?? "").not.toContain("buyer_session");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const form = { token: tokenOf(path) };
    const first = await app.request("/bn/account/sign-in", { form });
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/bn/account");
    const again = await app.request("/bn/account/sign-in", { form });
    expect(again.status).toBe(400);
    // A made-up or malformed token opens nothing either.
    for (const token of ["A".repeat(43), "short", ""])
      expect((await app.request("/account/sign-in", { form: { token } })).status).toBe(400);
    expect(again.headers.get("Set-Cookie") ?? "").not.toContain("buyer_session=");

    // A link works 15 minutes from when it was sent.
    const later = smtp.messages.length;
    await askLink("rahim@dhaka.example");
    const expired = await linkIn("rahim@dhaka.example", later);
    clock += 15 * 60 * 1000 + 1000;
    expect((await app.request("/account/sign-in", { form: { token: tokenOf(expired.path) } })).status).toBe(400);
  });

  it("limits links to 3 per address and 10 per sender an hour, known or not", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 3; i++) expect((await askLink("flood@nowhere.example")).status).toBe(200);
    const fourth = await askLink("flood@nowhere.example");
    expect(fourth.status).toBe(429);
    expect(fourth.html).toContain("Too many sign-in links");
    for (let i = 0; i < 10; i++) expect((await askLink(`s${i}@nowhere.example`, { ip })).status).toBe(200);
    expect((await askLink("s10@nowhere.example", { ip })).status).toBe(429);
  }, 60_000);

  it("shows each buyer their own quotes and orders, answers only their own, and keeps apart from the back office", async () => {
    await insertInquiry(t.db, {
      email: "ali@dubai.example",
      email_key: "ali@dubai.example",
      company: "Gulf Fresh LLC",
    });
    await insertInquiry(t.db, { email: "omar@dubai.example", email_key: "omar@dubai.example", company: "Gulf Fresh" });
    const category = await insertCategory(t.db, { name: "Onions", slug: "onions" });
    const onion = await insertProduct(t.db, { category_id: category, name: "Nashik Red Onion" });
    const mine = await insertQuote(
      t.db,
      {
        number: "Q-2026-0501",
        status: "sent",
        token: "a".repeat(31) + "1",
        buyer_email: "Ali@Dubai.example",
        valid_until: "2026-12-31",
        lang: "ar",
        incoterm: "CFR",
        named_port: "Jebel Ali",
      },
      [{ product_id: onion, product_name: "Nashik Red Onion", quantity: "27", unit: "MT", unit_price_minor: 40_000 }],
    );
    const theirs = await insertQuote(t.db, {
      number: "Q-2026-0502",
      status: "sent",
      token: "b".repeat(31) + "2",
      buyer_email: "other@else.example",
      valid_until: "2026-12-31",
    });
    const colleague = await insertQuote(t.db, {
      number: "Q-2026-0503",
      status: "sent",
      token: "c".repeat(31) + "3",
      buyer_email: "omar@dubai.example",
      valid_until: "2026-12-31",
    });
    const ali = await signIn("ali@dubai.example", "/ar");
    const page = await app.request("/ar/account", { cookie: ali });
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Q-2026-0501");
    expect(html).not.toContain("Q-2026-0502");
    expect(html).not.toContain("Q-2026-0503");
    expect(html).toContain('dir="rtl"');

    // Another buyer's quote, by its id, is not found; a guessed id neither; Ali's own is answered.
    const answer = (quote: string, cookie = ali) =>
      app.request("/ar/account", { cookie, form: { intent: "answer", quote, answer: "accept" } });
    expect((await answer(theirs)).status).toBe(404);
    expect((await answer("guessed-id")).status).toBe(404);
    expect((await answer(mine, "")).status).toBe(303);
    const stillSent = await t.db.selectFrom("quotes").select("status").where("id", "=", mine).executeTakeFirstOrThrow();
    expect(stillSent.status).toBe("sent");
    expect((await answer(mine)).status).toBe(303);
    const accepted = await t.db.selectFrom("quotes").select("status").where("id", "=", mine).executeTakeFirstOrThrow();
    expect(accepted.status).toBe("accepted");

    // Orders: Ali's, made from the quote he accepted, with what is due; another buyer's never.
    const strangers = await insertQuote(t.db, {
      number: "Q-2026-0504",
      status: "accepted",
      token: "d".repeat(31) + "4",
      buyer_email: "other@else.example",
      valid_until: "2026-12-31",
    });
    for (const quote of [mine, strangers])
      expect(
        (await app.request(`/admin/quotes/${quote}`, { cookie: admin, form: { intent: "create-order" } })).status,
      ).toBe(302);
    const orders = await t.db.selectFrom("orders").select(["number", "quote_id"]).execute();
    const own = orders.find((order) => order.quote_id === mine)!.number;
    const notOwn = orders.find((order) => order.quote_id === strangers)!.number;
    const withOrder = await (await app.request("/account", { cookie: ali })).text();
    expect(withOrder).toContain(own);
    expect(withOrder).not.toContain(notOwn);
    expect(withOrder).toContain("Still to pay");

    // 'Request Again' pre-fills only for the quote's own buyer.
    const again = await (await app.request(`/ar/request-quote?again=quote-${mine}`, { cookie: ali })).text();
    expect(again).toContain('value="Ali@Dubai.example"');
    expect(again).toContain('value="Jebel Ali"');
    expect(again).toContain('value="27"');
    expect(again).toContain("Nashik Red Onion");
    const stranger = await (await app.request(`/ar/request-quote?again=quote-${theirs}`, { cookie: ali })).text();
    expect(stranger).not.toContain("other@else.example");
    const anonymous = await (await app.request(`/request-quote?again=quote-${mine}`)).text();
    expect(anonymous).not.toContain("Ali@Dubai.example");

    // An administrator joins the company's addresses: Ali now sees his colleague's quote.
    const joined = await app.request("/admin/buyers", {
      cookie: admin,
      form: { intent: "join", name: "Gulf Fresh", addresses: "ali@dubai.example\nomar@dubai.example" },
    });
    expect(joined.status).toBe(302);
    expect(await (await app.request("/ar/account", { cookie: ali })).text()).toContain("Q-2026-0503");
    void colleague;

    // The buyer's cookie opens nothing of the back office; the team's session is no buyer's.
    const adminPage = await app.request("/admin/dashboard", { cookie: ali });
    expect(adminPage.status).toBe(302);
    expect(adminPage.headers.get("Location")).toContain("/admin/login");
    const asAdmin = await (await app.request("/account", { cookie: admin })).text();
    expect(asAdmin).not.toContain("Q-2026-0501");
    expect(asAdmin).toContain('name="email"');
    // A signed-in non-admin and an anonymous visitor change nothing in Buyer Access.
    const buyer = await t.db
      .selectFrom("buyer_emails")
      .select("buyer_id")
      .where("email_key", "=", "ali@dubai.example")
      .executeTakeFirstOrThrow();
    const { cookie: user } = await signedInAs(t.db, "user");
    for (const cookie of [user, ""]) {
      const refused = await app.request("/admin/buyers", {
        cookie,
        form: { intent: "disable", buyer: buyer.buyer_id },
      });
      expect(refused.status).not.toBe(200);
      expect(refused.headers.get("Location") ?? "").not.toBe("/admin/buyers");
    }
    const untouched = await t.db
      .selectFrom("buyers")
      .select("disabled_at")
      .where("id", "=", buyer.buyer_id)
      .executeTakeFirstOrThrow();
    expect(untouched.disabled_at).toBeNull();

    // Disabled: the session ends and no link is sent any more (the same answer).
    expect(
      (await app.request("/admin/buyers", { cookie: admin, form: { intent: "disable", buyer: buyer.buyer_id } }))
        .status,
    ).toBe(302);
    expect(await (await app.request("/ar/account", { cookie: ali })).text()).not.toContain("Q-2026-0501");
    const before = smtp.messages.length;
    const asked = await askLink("ali@dubai.example");
    expect(sentSection(asked.html)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(before).some((m) => m.to.includes("ali@dubai.example"))).toBe(false);
  });
});
