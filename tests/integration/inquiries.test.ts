import Papa from "papaparse";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "~/db/migrations";
import { EXPORT_COLUMNS } from "~/features/inquiries/inquiry-export.server";
import { INQUIRY_RATE_LIMIT } from "~/features/inquiries/intake.server";
import { closedPort, eventually, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, usingPostgres, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** What the SMTP server saw in the database at the moment a message reached it. */
const storedWhenDelivered: Array<{ subject: string; stored: boolean; notified: boolean }> = [];
/** Held while true: the SMTP server waits before accepting, to show the buyer's answer does not wait for it. */
let holdDelivery = false;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cookie = (await signedInAs(t.db, "admin")).cookie;
  smtp = await startSmtpServer({
    async beforeAccept(raw) {
      const subject = /^Subject: New inquiry: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
      const row = await t.db
        .selectFrom("inquiries")
        .select(["id", "notified_at"])
        .where("subject", "=", subject)
        .executeTakeFirst();
      storedWhenDelivered.push({ subject, stored: !!row, notified: !!row?.notified_at });
      while (holdDelivery) await new Promise((r) => setTimeout(r, 20));
    },
  });
});
afterAll(async () => {
  await smtp?.close();
  await t.cleanup();
});

// Each test sends from addresses of its own, so the per-address rate limit only bites where it is tested.
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

const VALID = {
  full_name: "Ahmed Al Mansouri",
  email: "ahmed@example.ae",
  phone: "+971 50 123 4567",
  subject: "Red onions 55mm+",
  message: "Please quote 2 containers CIF Jebel Ali.\nPacking: 25 kg mesh bags.",
};

type Form = Record<string, string>;
const send = (form: Form, init: { ip?: string; path?: string; via?: typeof app } = {}) =>
  (init.via ?? app).request(init.path ?? "/contact-us", { form: { website: "", ...form }, ip: init.ip ?? freshIp() });
/** The toast a redirect carries to the next page (post/redirect/get). */
const flashOf = (response: Response) =>
  JSON.parse(Buffer.from(response.headers.get("Set-Cookie")!.match(/flash=([^;]+)/)![1], "base64url").toString());
const bySubject = (subject: string) =>
  t.db.selectFrom("inquiries").selectAll().where("subject", "=", subject).executeTakeFirst();
const countAll = async () =>
  Number(
    (
      await t.db
        .selectFrom("inquiries")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`contact form storage on ${engineName}`, () => {
  it("stores a message with its product, the page it came from, the time and a salted IP hash, and answers 'Message Sent!'", async () => {
    const before = Date.now();
    const response = await send(
      {
        ...VALID,
        subject: "Stored with product",
        product_name: "Nashik Red Onion",
        page_path: "/products/onions/nashik-red-onion",
      },
      { ip: "198.51.100.23", path: "/contact-us?product_name=Nashik%20Red%20Onion" },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Message Sent! Thank you for contacting us. We will get back to you shortly.",
    );
    const row = (await bySubject("Stored with product"))!;
    expect(row).toMatchObject({
      ...VALID,
      subject: "Stored with product",
      product_name: "Nashik Red Onion",
      page_path: "/products/onions/nashik-red-onion",
      status: "new",
      notified_at: null,
      notify_error: null,
    });
    expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("198.51.100.23");

    // Same address, same hash; another address, another hash; and the salt is the installation's, not a constant.
    await send({ ...VALID, subject: "Same sender" }, { ip: "198.51.100.23" });
    await send({ ...VALID, subject: "Other sender" }, { ip: "198.51.100.24" });
    expect((await bySubject("Same sender"))!.ip_hash).toBe(row.ip_hash);
    expect((await bySubject("Other sender"))!.ip_hash).not.toBe(row.ip_hash);
    const salt = await t.db
      .selectFrom("app_secrets")
      .select("value")
      .where("name", "=", "ip_hash_salt")
      .executeTakeFirstOrThrow();
    expect(salt.value).toMatch(/^[0-9a-f]{64}$/);
  });

  it("works as a JavaScript (data) request too, with the same result", async () => {
    const response = await app.request("/contact-us.data", {
      form: { ...VALID, subject: "Sent with JavaScript", website: "" },
      ip: freshIp(),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("ok");
    expect(await bySubject("Sent with JavaScript")).toBeDefined();
  });

  it("keeps only a same-origin path as the page, and no line breaks in the product name", async () => {
    for (const [page, expected] of [
      ["https://evil.example/phish", null],
      ["//evil.example/x", null],
      ["/\\evil.example/x", null],
      ["javascript:alert(1)", null],
      ["/blog/onion-prices?utm=1", "/blog/onion-prices?utm=1"],
      [`/products/${"a".repeat(400)}`, `/products/${"a".repeat(290)}`],
    ] as const) {
      const subject = `Page ${page.slice(0, 30)}`;
      await send({ ...VALID, subject, page_path: page, product_name: "Garlic\r\nBcc: x@evil.example" });
      const row = (await bySubject(subject))!;
      expect(row.page_path, page).toBe(expected);
      expect(row.product_name).toBe("Garlic Bcc: x@evil.example");
    }
  });

  it("puts the product name and the referring page into hidden fields of the form", async () => {
    const html = await (
      await app.request("/contact-us?product_name=Indian%20Garlic%20(Ooty%20Variety)", {
        headers: { Referer: "http://localhost/products/garlic/indian-garlic-ooty-variety" },
      })
    ).text();
    expect(html).toMatch(/<input type="hidden" name="product_name" value="Indian Garlic \(Ooty Variety\)"\/>/);
    expect(html).toMatch(
      /<input type="hidden" name="page_path" value="\/products\/garlic\/indian-garlic-ooty-variety"\/>/,
    );
    expect(html).toContain('value="Inquiry about Indian Garlic (Ooty Variety)"');
    const foreign = await (
      await app.request("/contact-us", { headers: { Referer: "https://evil.example/products/x" } })
    ).text();
    expect(foreign).toMatch(/<input type="hidden" name="page_path" value=""\/>/);
    // The honeypot is off screen, hidden from assistive technology, out of the tab order and of autofill.
    const honeypot =
      /<div aria-hidden="true" class="([^"]*)"><label for="website">[^<]*<\/label>(<input [^>]*>)<\/div>/.exec(foreign);
    expect(honeypot?.[1]).toContain("-left-[10000px]");
    expect(honeypot?.[1]).not.toMatch(/(^|\s)hidden(\s|$)/);
    for (const attribute of ['name="website"', 'tabindex="-1"', 'autoComplete="off"', 'value=""'])
      expect(honeypot?.[2]).toContain(attribute);
  });
});

describe(`contact form refusals on ${engineName}`, () => {
  it("applies the spec's rules, answers 400 with the messages, keeps what was typed and stores nothing", async () => {
    const before = await countAll();
    const cases: Array<[Form, string]> = [
      [{ ...VALID, full_name: "" }, "Full Name is required."],
      [{ ...VALID, email: "" }, "Email Address is required."],
      [{ ...VALID, email: "not-an-email" }, "Please enter a valid email address."],
      [{ ...VALID, subject: "   " }, "Subject is required."],
      [{ ...VALID, message: "" }, "Message is required."],
      [{ ...VALID, full_name: "x".repeat(121) }, "Full Name is too long."],
      [{ ...VALID, email: `${"x".repeat(250)}@example.com` }, "Email Address is too long."],
      [{ ...VALID, phone: "1".repeat(41) }, "Phone Number is too long."],
      [{ ...VALID, subject: "s".repeat(201) }, "Subject is too long."],
      [{ ...VALID, message: "m".repeat(5001) }, "Message is too long."],
    ];
    for (const [form, message] of cases) {
      const response = await send(form);
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(html, message).toContain(message);
      // What was typed comes back in the form.
      if (form.message === VALID.message) expect(html, message).toContain("Please quote 2 containers CIF Jebel Ali.");
      if (form.full_name === VALID.full_name) expect(html, message).toContain(`value="${VALID.full_name}"`);
    }
    expect(await countAll()).toBe(before);
  });

  it("refuses line breaks in name, email and subject (no header injection)", async () => {
    const before = await countAll();
    const cases: Array<[Form, string]> = [
      [{ ...VALID, full_name: "Ann\r\nBcc: victim@example.com" }, "Line breaks are not allowed in Full Name."],
      [{ ...VALID, full_name: "Ann\nX" }, "Line breaks are not allowed in Full Name."],
      [
        { ...VALID, email: "ann@example.com\r\nBcc: victim@example.com" },
        "Line breaks are not allowed in Email Address.",
      ],
      [{ ...VALID, subject: "Hello\r\nBcc: victim@example.com" }, "Line breaks are not allowed in Subject."],
      [{ ...VALID, subject: "Hello\rContent-Type: text/html" }, "Line breaks are not allowed in Subject."],
      [{ ...VALID, subject: "Hello\u2028there" }, "Line breaks are not allowed in Subject."],
      [{ ...VALID, phone: "123\n456" }, "Line breaks are not allowed in Phone Number."],
      [{ ...VALID, message: "Nul\u0000byte" }, "The message contains characters that are not allowed."],
    ];
    for (const [form, message] of cases) {
      const response = await send(form);
      expect(response.status, message).toBe(400);
      expect(await response.text(), message).toContain(message);
    }
    expect(await countAll()).toBe(before);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = await countAll();
    const response = await send({ ...VALID, subject: "From a robot", website: "http://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Message Sent! Thank you for contacting us. We will get back to you shortly.",
    );
    expect(await bySubject("From a robot")).toBeUndefined();
    expect(await countAll()).toBe(before);
  });

  it(`accepts ${INQUIRY_RATE_LIMIT} messages per address in 10 minutes, then answers 429 with a friendly message, keeping what was typed`, async () => {
    const ip = "198.51.100.99";
    for (let i = 1; i <= INQUIRY_RATE_LIMIT; i++)
      expect((await send({ ...VALID, subject: `Burst ${i}` }, { ip })).status).toBe(200);
    const refused = await send({ ...VALID, subject: "Burst too many", message: "Typed and kept." }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    const html = await refused.text();
    expect(html).toContain("Too Many Messages");
    expect(html).toMatch(/Please try again in 10 minutes/);
    expect(html).toContain("Typed and kept.");
    expect(html).toContain('value="Burst too many"');
    expect(await bySubject("Burst too many")).toBeUndefined();

    // Counted in the database: a new server process over the same database still refuses; another address is not held up.
    const restarted = await createTestApp(t.db, t.dataDir);
    expect((await send({ ...VALID, subject: "After restart" }, { ip, via: restarted })).status).toBe(429);
    expect(
      (await send({ ...VALID, subject: "Another address" }, { ip: "198.51.100.100", via: restarted })).status,
    ).toBe(200);

    // Once the window has passed, the address may write again.
    await t.db
      .updateTable("login_throttle")
      .set({ first_failure_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where("key", "like", "inquiry:%")
      .execute();
    expect((await send({ ...VALID, subject: "Window passed" }, { ip })).status).toBe(200);
    expect(await bySubject("Window passed")).toBeDefined();
  });

  it("counts simultaneous messages from one address correctly", async () => {
    const ip = "198.51.100.150";
    const statuses = await Promise.all(
      Array.from({ length: INQUIRY_RATE_LIMIT + 3 }, (_, i) =>
        send({ ...VALID, subject: `Parallel ${i}` }, { ip }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(INQUIRY_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it("when the message cannot be stored, shows an error and keeps what was typed", async () => {
    await sql`alter table inquiries rename to inquiries_away`.execute(t.db);
    try {
      const response = await send({ ...VALID, subject: "Database trouble", message: "Keep this text." });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Message Not Sent");
      expect(html).toContain("Your message could not be saved. Please try again in a moment.");
      expect(html).toContain("Keep this text.");
      expect(html).toContain('value="Database trouble"');
      expect(html).not.toContain("Thank you for contacting us. We will get back to you shortly.</p>");
    } finally {
      await sql`alter table inquiries_away rename to inquiries`.execute(t.db);
    }
    expect(await bySubject("Database trouble")).toBeUndefined();
  });
});

describe(`inquiry notifications over SMTP on ${engineName}`, () => {
  it("reads SMTP_URL, INQUIRY_NOTIFY_TO and INQUIRY_NOTIFY_FROM, refusing a URL that is not smtp(s) and multi-line addresses", () => {
    expect(
      loadConfig({ SMTP_URL: "smtp://u:p@mail.example:587", INQUIRY_NOTIFY_TO: "sales@example.com" }),
    ).toMatchObject({
      smtpUrl: "smtp://u:p@mail.example:587",
      inquiryNotifyTo: "sales@example.com",
      inquiryNotifyFrom: undefined,
    });
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, inquiryNotifyTo: undefined });
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL must look like/);
    // The refusal does not repeat the URL, which may hold a password.
    const refusal = (() => {
      try {
        loadConfig({ SMTP_URL: "http://user:secret@mail.example" });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toMatch(/SMTP_URL must look like/);
    expect(refusal).not.toContain("secret");
    expect(() => loadConfig({ INQUIRY_NOTIFY_FROM: "a@example.com\r\nBcc: b@example.com" })).toThrow(/one line/);
  });

  it("stores first, answers the buyer without waiting for the mail server, then emails INQUIRY_NOTIFY_TO", async () => {
    const mailing = await createTestApp(t.db, t.dataDir, {
      smtpUrl: smtp.url,
      inquiryNotifyTo: "sales@ganga.example",
      inquiryNotifyFrom: "Website <website@ganga.example>",
      publicUrl: undefined,
    });
    holdDelivery = true;
    try {
      const response = await send({ ...VALID, subject: "Notify me", product_name: "White Onion" }, { via: mailing });
      expect(response.status).toBe(200);
      // The buyer has the answer while the mail server is still holding the message.
      const row = (await bySubject("Notify me"))!;
      expect(row.notified_at).toBeNull();
      await eventually(async () => storedWhenDelivered.some((d) => d.subject === "Notify me"));
      expect(smtp.messages.some((m) => m.raw.includes("Subject: New inquiry: Notify me"))).toBe(false);
    } finally {
      holdDelivery = false;
    }
    const stored = await eventually(async () => {
      const r = await bySubject("Notify me");
      return r?.notified_at ? r : undefined;
    });
    expect(stored.notify_error).toBeNull();
    expect(storedWhenDelivered.find((d) => d.subject === "Notify me")).toEqual({
      subject: "Notify me",
      stored: true,
      notified: false,
    });

    const mail = smtp.messages.find((m) => m.raw.includes("Subject: New inquiry: Notify me"))!;
    expect(mail.user).toBe("mailer");
    expect(mail.from).toBe("website@ganga.example");
    expect(mail.to).toEqual(["sales@ganga.example"]);
    expect(mail.raw).toMatch(/^Reply-To: Ahmed Al Mansouri <ahmed@example\.ae>$/m);
    expect(mail.raw).toContain("Product: White Onion");
    expect(mail.raw).toContain("Please quote 2 containers CIF Jebel Ali.");
    expect(mail.raw).toContain(`/admin/inquiries/${stored.id}`);
    // Whoever filled the form chose that address: nothing is sent to it (the team replies in person).
    expect(smtp.messages.filter((m) => m.to.includes("ahmed@example.ae") || /^To:.*ahmed@/im.test(m.raw))).toEqual([]);
  });

  it("with the mail server down, keeps the inquiry, records and shows the error, and the email can be re-sent", async () => {
    const down = await createTestApp(t.db, t.dataDir, {
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${await closedPort()}`,
      inquiryNotifyTo: "sales@ganga.example",
    });
    const response = await send({ ...VALID, subject: "SMTP is down" }, { via: down });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Message Sent!");
    const failed = await eventually(async () => {
      const row = await bySubject("SMTP is down");
      return row?.notify_error ? row : undefined;
    });
    expect(failed.notified_at).toBeNull();
    expect(failed.notify_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.notify_error).not.toContain("s3cret");

    const detail = await (await down.request(`/admin/inquiries/${failed.id}`, { cookie })).text();
    expect(detail).toContain("Not sent: ");
    expect(detail).toContain("Resend notification");
    const stillDown = await down.request(`/admin/inquiries/${failed.id}`, { form: { intent: "resend" }, cookie });
    expect(stillDown.status).toBe(502);
    expect(await stillDown.text()).toContain("Notification Not Sent");

    // The mail server is back (here: the configuration points at one that works).
    const mailing = await createTestApp(t.db, t.dataDir, { smtpUrl: smtp.url, inquiryNotifyTo: "sales@ganga.example" });
    const resent = await mailing.request(`/admin/inquiries/${failed.id}`, { form: { intent: "resend" }, cookie });
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe(`/admin/inquiries/${failed.id}`);
    expect(flashOf(resent).title).toBe("Notification Sent");
    const row = (await bySubject("SMTP is down"))!;
    expect(row.notified_at).not.toBeNull();
    expect(row.notify_error).toBeNull();
    expect(smtp.messages.filter((m) => m.raw.includes("Subject: New inquiry: SMTP is down"))).toHaveLength(1);
  });

  it("records a refused login to the mail server the same way", async () => {
    const wrong = await createTestApp(t.db, t.dataDir, {
      smtpUrl: `smtp://mailer:wrong-password@127.0.0.1:${smtp.port}`,
      inquiryNotifyTo: "sales@ganga.example",
    });
    expect((await send({ ...VALID, subject: "Bad SMTP password" }, { via: wrong })).status).toBe(200);
    const row = await eventually(async () => {
      const r = await bySubject("Bad SMTP password");
      return r?.notify_error ? r : undefined;
    });
    expect(row.notify_error).toMatch(/EAUTH|Invalid username or password/);
    expect(row.notify_error).not.toContain("wrong-password");
  });

  it("sends nothing and says so when SMTP_URL or INQUIRY_NOTIFY_TO is not set", async () => {
    await send({ ...VALID, subject: "No mail configured" });
    const row = (await bySubject("No mail configured"))!;
    await new Promise((r) => setTimeout(r, 200));
    expect((await bySubject("No mail configured"))!).toMatchObject({ notified_at: null, notify_error: null });
    const detail = await (await app.request(`/admin/inquiries/${row.id}`, { cookie })).text();
    expect(detail).toContain("Email notifications are off (set SMTP_URL and INQUIRY_NOTIFY_TO).");
    expect(detail).not.toContain("Resend notification");
  });
});

describe(`inquiries back office on ${engineName}`, () => {
  let hostile: string;

  beforeAll(async () => {
    // Inquiries with known times, so the order is certain.
    const base = Date.parse("2030-01-01T00:00:00Z");
    const rows = [
      {
        subject: "Oldest onion request",
        full_name: "Olga Oldest",
        product_name: "Red Onion",
        status: "closed" as const,
      },
      {
        subject: '=HYPERLINK("http://evil.example","click")',
        full_name: "+Formula Person",
        product_name: "@Garlic",
        status: "contacted" as const,
      },
      {
        subject: "Newest garlic request & more",
        full_name: "<script>alert(1)</script>",
        product_name: "Garlic",
        status: "new" as const,
      },
    ];
    for (const [i, r] of rows.entries()) {
      const at = new Date(base + i * 60_000).toISOString();
      await t.db
        .insertInto("inquiries")
        .values({
          id: crypto.randomUUID(),
          email: `buyer${i}@example.com`,
          phone: "",
          message: i === 1 ? "-1+1\n=SUM(A1:A2)" : `Message ${i}`,
          page_path: "/contact-us",
          ip_hash: "0".repeat(64),
          notified_at: null,
          notify_error: null,
          created_at: at,
          updated_at: at,
          ...r,
        })
        .execute();
    }
    hostile = (await bySubject("Newest garlic request & more"))!.id;
  });

  it("lists inquiries newest first with their status, filters by status and searches", async () => {
    const html = await (await app.request("/admin/inquiries", { cookie })).text();
    const newest = html.indexOf("Newest garlic request &amp; more");
    const oldest = html.indexOf("Oldest onion request");
    expect(newest).toBeGreaterThan(0);
    expect(oldest).toBeGreaterThan(newest);

    const contacted = await (await app.request("/admin/inquiries?status=contacted", { cookie })).text();
    expect(contacted).toContain("+Formula Person");
    expect(contacted).not.toContain("Oldest onion request");
    expect(contacted).not.toContain("Newest garlic request");

    const search = await (await app.request("/admin/inquiries?q=GARLIC&status=new", { cookie })).text();
    expect(search).toContain("Newest garlic request");
    expect(search).not.toContain("+Formula Person");
    const none = await (await app.request("/admin/inquiries?q=%25", { cookie })).text();
    expect(none).toContain("No inquiries found.");
  });

  it("renders every text as text", async () => {
    for (const path of ["/admin/inquiries", `/admin/inquiries/${hostile}`]) {
      const html = await (await app.request(path, { cookie })).text();
      expect(html, path).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html, path).not.toContain("<script>alert(1)</script>");
    }
  });

  it("shows the detail with a reply link (mailto with an encoded 'Re:' subject)", async () => {
    const html = await (await app.request(`/admin/inquiries/${hostile}`, { cookie })).text();
    expect(html).toContain('href="mailto:buyer2@example.com?subject=Re%3A%20Newest%20garlic%20request%20%26%20more"');
    expect(html).toContain("Reply by Email");
    expect(html).toContain("Garlic");
    expect(html).not.toContain("0".repeat(64));
    expect((await app.request(`/admin/inquiries/${crypto.randomUUID()}`, { cookie })).status).toBe(404);
  });

  it("changes the status, refusing unknown statuses and missing inquiries", async () => {
    const response = await app.request(`/admin/inquiries/${hostile}`, {
      form: { intent: "status", status: "contacted" },
      cookie,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/inquiries/${hostile}`);
    expect(flashOf(response)).toMatchObject({
      title: "Status Updated",
      description: "The inquiry is marked as contacted.",
    });
    expect(
      (await t.db.selectFrom("inquiries").select("status").where("id", "=", hostile).executeTakeFirstOrThrow()).status,
    ).toBe("contacted");

    const spam = await app.request(`/admin/inquiries/${hostile}`, {
      form: { intent: "status", status: "spam" },
      cookie,
    });
    expect(spam.status).toBe(400);
    expect(await spam.text()).toContain("Choose new, contacted, quoted, won, lost or closed.");
    expect(
      (
        await app.request(`/admin/inquiries/${crypto.randomUUID()}`, {
          form: { intent: "status", status: "closed" },
          cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.db.selectFrom("inquiries").select("status").where("id", "=", hostile).executeTakeFirstOrThrow()).status,
    ).toBe("contacted");

    await app.request(`/admin/inquiries/${hostile}`, { form: { intent: "status", status: "new" }, cookie });
    expect(
      (await t.db.selectFrom("inquiries").select("status").where("id", "=", hostile).executeTakeFirstOrThrow()).status,
    ).toBe("new");
  });

  it("shows the count of new inquiries on the dashboard", async () => {
    const expected = Number(
      (
        await t.db
          .selectFrom("inquiries")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("status", "=", "new")
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(expected).toBeGreaterThan(0);
    const html = await (await app.request("/admin/dashboard", { cookie })).text();
    expect(html).toContain(`${expected} new inquiries wait for an answer.`);
    expect(html).toContain('href="/admin/inquiries?status=new"');
    expect(html).toContain('href="/admin/inquiries"');
  });

  it("exports the filtered list as CSV with formulas neutralised", async () => {
    const response = await app.request("/admin/inquiries/export?q=example.com&status=contacted", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="inquiries-export-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const parsed = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    // The original columns keep their order; the lead's columns are appended.
    expect(parsed.meta.fields).toEqual([
      "received_at",
      "status",
      "full_name",
      "email",
      "phone",
      "subject",
      "message",
      "product_name",
      "page_path",
      "notified_at",
      "kind",
      "company",
      "country",
      "destination_port",
      "incoterm",
      "delivery_month",
      "assignee",
      "lines",
    ]);
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(parsed.data).toHaveLength(1);
    expect(parsed.data[0]).toMatchObject({
      status: "contacted",
      full_name: "'+Formula Person",
      subject: '\'=HYPERLINK("http://evil.example","click")',
      message: "'-1+1\n=SUM(A1:A2)",
      product_name: "'@Garlic",
      kind: "contact",
      assignee: "",
      lines: "",
    });

    const all = Papa.parse<Record<string, string>>(
      (await (await app.request("/admin/inquiries/export", { cookie })).text()).replace(/^\uFEFF/, ""),
      { header: true, skipEmptyLines: true },
    );
    expect(all.data.length).toBe(await countAll());
    const times = all.data.map((r) => r.received_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("deletes an inquiry after the confirmation", async () => {
    const victim = (await bySubject("Oldest onion request"))!;
    const response = await app.request("/admin/inquiries?status=new&page=1", {
      form: { intent: "delete", id: victim.id },
      cookie,
    });
    expect(response.status).toBe(302);
    // Back to the same list page, with the toast.
    expect(response.headers.get("Location")).toBe("/admin/inquiries?status=new&page=1");
    expect(flashOf(response).title).toBe("Inquiry Deleted");
    expect(await bySubject("Oldest onion request")).toBeUndefined();
    expect((await app.request("/admin/inquiries", { form: { intent: "delete", id: victim.id }, cookie })).status).toBe(
      404,
    );

    const fromDetail = await app.request(`/admin/inquiries/${hostile}`, { form: { intent: "delete" }, cookie });
    expect(fromDetail.status).toBe(302);
    expect(fromDetail.headers.get("Location")).toBe("/admin/inquiries");
    expect(flashOf(fromDetail).title).toBe("Inquiry Deleted");
    expect(await bySubject("Newest garlic request & more")).toBeUndefined();
  });
});

describe(`the lead pipeline on ${engineName}`, () => {
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let colleague: Awaited<ReturnType<typeof signedInAs>>;
  let buyerUser: Awaited<ReturnType<typeof signedInAs>>;
  const product = { onion: crypto.randomUUID(), garlic: crypto.randomUUID(), gone: crypto.randomUUID() };
  const ids = { dubai: "", malaysia: "", message: "" };

  type Quote = {
    full_name: string;
    country: string | null;
    status?: "new" | "contacted" | "quoted" | "won" | "lost" | "closed";
    assignee_id?: string | null;
    minutes: number;
    lines: Array<{
      product_id: string | null;
      product_name: string;
      quantity: string;
      unit: string;
      grade: string | null;
      packaging: string | null;
    }>;
  };
  /** A quote request written straight into the database (the public form is built elsewhere). */
  async function insertQuote(q: Quote) {
    const id = crypto.randomUUID();
    const at = new Date(Date.parse("2031-01-01T00:00:00Z") + q.minutes * 60_000).toISOString();
    await t.db
      .insertInto("inquiries")
      .values({
        id,
        kind: "quote",
        full_name: q.full_name,
        email: `${q.full_name.split(" ")[0].toLowerCase()}@importer.example`,
        phone: "",
        subject: `Quote request from ${q.full_name}`,
        message: "Please quote.",
        product_name: null,
        page_path: null,
        ip_hash: "0".repeat(64),
        status: q.status ?? "new",
        notified_at: null,
        notify_error: null,
        company: `${q.full_name} Trading`,
        country: q.country,
        destination_port: "Jebel Ali",
        incoterm: "FOB",
        delivery_month: "2027-03",
        assignee_id: q.assignee_id ?? null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    if (q.lines.length)
      await t.db
        .insertInto("inquiry_lines")
        .values(q.lines.map((line, position) => ({ id: crypto.randomUUID(), inquiry_id: id, position, ...line })))
        .execute();
    return id;
  }
  const row = (id: string) => t.db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const notesOf = (id: string) =>
    t.db.selectFrom("inquiry_notes").selectAll().where("inquiry_id", "=", id).orderBy("created_at").execute();
  const page = async (path: string) => {
    const response = await app.request(path, { cookie: admin.cookie });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  /** The buyers' names in the list's rows, in order. */
  const listed = async (query: string) => {
    const html = await page(`/admin/inquiries${query}`);
    return [
      ...html.matchAll(/data-testid="inquiry-row".*?<a [^>]*href="\/admin\/inquiries\/[^"]+"[^>]*>([^<]+)<\/a>/gs),
    ].map((m) => m[1]);
  };

  beforeAll(async () => {
    admin = await signedInAs(t.db, "admin", "pipeline-admin@example.com");
    colleague = await signedInAs(t.db, "admin", "colleague@example.com");
    await t.db.updateTable("profiles").set({ full_name: "Priya Patil" }).where("id", "=", colleague.userId).execute();
    buyerUser = await signedInAs(t.db, "user");
    const now = new Date().toISOString();
    const category = crypto.randomUUID();
    await t.db
      .insertInto("product_categories")
      .values({
        id: category,
        name: "Pipeline Produce",
        slug: "pipeline-produce",
        description: null,
        image_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [key, name] of [
      ["onion", "Pipeline Red Onion"],
      ["garlic", "Pipeline Garlic"],
      ["gone", "Pipeline Ginger"],
    ] as const) {
      await t.db
        .insertInto("products")
        .values({
          id: product[key],
          name,
          slug: name.toLowerCase().replace(/ /g, "-"),
          category_id: category,
          description: null,
          image_url: null,
          gallery_images: "[]",
          specifications: "{}",
          export_info: null,
          is_featured: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    ids.dubai = await insertQuote({
      full_name: "Dubai Importer",
      country: "United Arab Emirates",
      minutes: 1,
      lines: [
        {
          product_id: product.onion,
          product_name: "Pipeline Red Onion",
          quantity: "58",
          unit: "MT",
          grade: "55 mm+",
          packaging: "25 kg mesh bag",
        },
      ],
    });
    ids.malaysia = await insertQuote({
      full_name: "Malaysia Buyer",
      country: "Malaysia",
      status: "quoted",
      assignee_id: colleague.userId,
      minutes: 2,
      lines: [
        {
          product_id: product.garlic,
          product_name: "Pipeline Garlic",
          quantity: "10",
          unit: "MT",
          grade: "45 mm+",
          packaging: "=10 kg mesh bag",
        },
        {
          product_id: product.gone,
          product_name: "Pipeline Ginger",
          quantity: "2.5",
          unit: "MT",
          grade: null,
          packaging: null,
        },
      ],
    });
    // A contact message sent from the garlic product's page.
    ids.message = crypto.randomUUID();
    const at = new Date(Date.parse("2031-01-01T00:03:00Z")).toISOString();
    await t.db
      .insertInto("inquiries")
      .values({
        id: ids.message,
        full_name: "Page Visitor",
        email: "visitor@example.com",
        phone: "",
        subject: "About your garlic",
        message: "Hello",
        product_name: "Pipeline Garlic",
        page_path: null,
        ip_hash: "0".repeat(64),
        status: "new",
        notified_at: null,
        notify_error: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // The ginger product is deleted afterwards: its line keeps the name, without a link.
    await t.db.deleteFrom("products").where("id", "=", product.gone).execute();
  });

  it("shows a quote request's fields and lines, linking the products that still exist", async () => {
    const html = await page(`/admin/inquiries/${ids.malaysia}`);
    expect(html).toContain("Quote Request");
    expect(html).toContain("Malaysia Buyer Trading");
    expect(html).toContain("Jebel Ali");
    expect(html).toContain("FOB");
    expect(html).toContain("March 2027");
    expect(html).toMatch(
      new RegExp(`<a [^>]*href="/admin/manage-products/edit/${product.garlic}"[^>]*>Pipeline Garlic</a>`),
    );
    expect(html).toContain(">10 MT<");
    expect(html).toContain("=10 kg mesh bag");
    expect(html).toMatch(/<td[^>]*>Pipeline Ginger<\/td>/);
    expect(html).not.toContain(`/admin/manage-products/edit/${product.gone}`);
    expect(html).toContain("Priya Patil");
    // A contact message looks as before: no lines table, its product as text.
    const message = await page(`/admin/inquiries/${ids.message}`);
    expect(message).not.toContain('data-testid="quote-lines"');
    expect(message).toContain("Pipeline Garlic");
  });

  it("moves a lead through the pipeline, offering the moves that make sense, and refuses unknown statuses", async () => {
    const move = (status: string) =>
      app.request(`/admin/inquiries/${ids.dubai}`, { form: { intent: "status", status }, cookie: admin.cookie });
    expect(await page(`/admin/inquiries/${ids.dubai}`)).toContain("Mark as Contacted");
    for (const [status, label] of [
      ["contacted", "contacted"],
      ["quoted", "quoted"],
      ["won", "won"],
    ] as const) {
      const response = await move(status);
      expect(response.status).toBe(302);
      expect(flashOf(response)).toMatchObject({
        title: "Status Updated",
        description: `The inquiry is marked as ${label}.`,
      });
      expect((await row(ids.dubai)).status).toBe(status);
    }
    const won = await page(`/admin/inquiries/${ids.dubai}`);
    expect(won).toContain(">Close</button>");
    expect(won).toContain(">Reopen</button>");
    expect(won).not.toContain("Mark as Won");

    const before = await row(ids.dubai);
    for (const status of ["replied", "", "WON"]) {
      const refused = await move(status);
      expect(refused.status, status).toBe(400);
      expect(await refused.text()).toContain("Choose new, contacted, quoted, won, lost or closed.");
    }
    expect(await row(ids.dubai)).toEqual(before);
    expect((await move("new")).status).toBe(302);
  });

  it("assigns a lead to an administrator only, and shows the assignee on the list and the detail", async () => {
    const assign = (assignee_id: string, id = ids.dubai) =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "assign", assignee_id }, cookie: admin.cookie });
    const detail = await page(`/admin/inquiries/${ids.dubai}`);
    expect(detail).toContain(`<option value="${colleague.userId}">Priya Patil</option>`);
    expect(detail).not.toContain(`value="${buyerUser.userId}"`);

    const before = await row(ids.dubai);
    for (const [who, status] of [
      [buyerUser.userId, 400],
      [crypto.randomUUID(), 400],
      ["x".repeat(65), 400],
    ] as const) {
      const refused = await assign(who);
      expect(refused.status).toBe(status);
      const text = await refused.text();
      expect(text).toMatch(/Error Assigning Inquiry/);
    }
    expect(await (await assign(buyerUser.userId)).text()).toContain(
      "Only an administrator can be assigned an inquiry.",
    );
    expect(await row(ids.dubai)).toEqual(before);
    expect((await assign(colleague.userId, crypto.randomUUID())).status).toBe(404);

    const response = await assign(colleague.userId);
    expect(response.status).toBe(302);
    expect(flashOf(response)).toMatchObject({
      title: "Assignee Updated",
      description: "The inquiry is assigned to Priya Patil.",
    });
    expect((await row(ids.dubai)).assignee_id).toBe(colleague.userId);
    expect(await page(`/admin/inquiries/${ids.dubai}`)).toMatch(/data-testid="inquiry-assignee">Priya Patil</);
    const list = await page("/admin/inquiries?kind=quote");
    expect(list.split('data-testid="inquiry-row"').find((r) => r.includes("Dubai Importer"))).toContain("Priya Patil");

    const unassigned = await assign("");
    expect(flashOf(unassigned).description).toBe("The inquiry is unassigned.");
    expect((await row(ids.dubai)).assignee_id).toBeNull();
  });

  it("adds internal notes with their author and time, newest first, refusing an empty or too long note", async () => {
    const note = (body: string, id = ids.malaysia) =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "note", body }, cookie: admin.cookie });
    for (const [body, message] of [
      ["", "Note is required."],
      ["   ", "Note is required."],
      ["n".repeat(5001), "Note is too long (at most 5000 characters)."],
    ]) {
      const refused = await note(body);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Error Adding Note");
      expect(html).toContain(message);
    }
    expect((await note("Lost note", crypto.randomUUID())).status).toBe(404);
    expect(await notesOf(ids.malaysia)).toEqual([]);
    expect(await t.db.selectFrom("inquiry_notes").select("id").where("body", "=", "Lost note").execute()).toEqual([]);

    const first = await note("Called the buyer.\nSends samples next week.");
    expect(first.status).toBe(302);
    expect(flashOf(first).title).toBe("Note Added");
    await new Promise((r) => setTimeout(r, 5));
    await note("Offer sent: <b>USD 1,450/MT</b>");
    const stored = await notesOf(ids.malaysia);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      author_id: admin.userId,
      author_name: "Test admin",
      body: "Called the buyer.\nSends samples next week.",
    });
    expect(Date.now() - Date.parse(stored[0].created_at)).toBeLessThan(60_000);

    const html = await page(`/admin/inquiries/${ids.malaysia}`);
    const newest = html.indexOf("Offer sent: &lt;b&gt;USD 1,450/MT&lt;/b&gt;");
    const oldest = html.indexOf("Called the buyer.");
    expect(newest).toBeGreaterThan(0);
    expect(oldest).toBeGreaterThan(newest);
    expect(html).toMatch(
      /Test admin<\/span> ·(<!-- -->)? <time [^>]*>\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC<\/time>/,
    );
    // Internal: not in the export.
    const csv = await (await app.request("/admin/inquiries/export", { cookie: admin.cookie })).text();
    expect(csv).not.toContain("Called the buyer.");
  });

  it("filters by kind, assignee, country and product, alone and combined with the status and the search", async () => {
    expect(await listed("?kind=quote")).toEqual(["Malaysia Buyer", "Dubai Importer"]);
    const messages = await listed("?kind=contact");
    expect(messages).toContain("Page Visitor");
    expect(messages).not.toContain("Dubai Importer");
    expect(await listed(`?assignee=${colleague.userId}`)).toEqual(["Malaysia Buyer"]);
    const unassigned = await listed("?assignee=none");
    expect(unassigned).toEqual(expect.arrayContaining(["Page Visitor", "Dubai Importer"]));
    expect(unassigned).not.toContain("Malaysia Buyer");
    expect(await listed("?country=Malaysia")).toEqual(["Malaysia Buyer"]);
    // A product: quote requests with a line for it, and messages sent from its page.
    expect(await listed(`?product=${product.garlic}`)).toEqual(["Page Visitor", "Malaysia Buyer"]);
    expect(await listed(`?product=${product.onion}`)).toEqual(["Dubai Importer"]);
    expect(await listed(`?product=${crypto.randomUUID()}`)).toEqual([]);

    expect(await listed(`?kind=quote&product=${product.garlic}`)).toEqual(["Malaysia Buyer"]);
    expect(await listed(`?kind=quote&status=quoted&country=Malaysia&assignee=${colleague.userId}`)).toEqual([
      "Malaysia Buyer",
    ]);
    expect(await listed(`?kind=quote&status=new&country=Malaysia`)).toEqual([]);
    expect(await listed("?kind=quote&assignee=none&q=dubai")).toEqual(["Dubai Importer"]);
    expect(await listed("?kind=quote&q=malaysia%20buyer%20trading")).toEqual(["Malaysia Buyer"]);
    // Unknown values are ignored rather than refused.
    expect(await listed("?kind=spam&q=Dubai%20Importer")).toEqual(["Dubai Importer"]);

    // The filters stay in the URL: the form shows them chosen, and the status tabs and the export keep them.
    const html = await page(`/admin/inquiries?kind=quote&country=Malaysia&product=${product.garlic}`);
    expect(html).toMatch(/<select[^>]*name="kind"[^>]*>.*?<option value="quote" selected="">Quote requests<\/option>/s);
    expect(html).toContain(`<option value="${product.garlic}" selected="">Pipeline Garlic</option>`);
    expect(html).toContain(`<option value="Malaysia" selected="">Malaysia</option>`);
    expect(html).toContain(`<option value="United Arab Emirates">United Arab Emirates</option>`);
    expect(html).toContain(
      `href="/admin/inquiries?kind=quote&amp;country=Malaysia&amp;product=${product.garlic}&amp;status=quoted"`,
    );
    expect(html).toContain(
      `href="/admin/inquiries/export?kind=quote&amp;country=Malaysia&amp;product=${product.garlic}"`,
    );
  });

  it("exports the lead's columns, the lines as readable text, and follows the filters", async () => {
    await t.db.updateTable("inquiries").set({ assignee_id: admin.userId }).where("id", "=", ids.dubai).execute();
    const response = await app.request("/admin/inquiries/export?kind=quote", { cookie: admin.cookie });
    const parsed = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(parsed.data.map((r) => r.full_name)).toEqual(["Malaysia Buyer", "Dubai Importer"]);
    expect(parsed.data[0]).toMatchObject({
      kind: "quote",
      status: "quoted",
      company: "Malaysia Buyer Trading",
      country: "Malaysia",
      destination_port: "Jebel Ali",
      incoterm: "FOB",
      delivery_month: "2027-03",
      assignee: "Priya Patil",
      lines: "Pipeline Garlic: 10 MT, grade 45 mm+, packaging =10 kg mesh bag; Pipeline Ginger: 2.5 MT",
    });
    expect(parsed.data[1]).toMatchObject({
      assignee: "Test admin",
      lines: "Pipeline Red Onion: 58 MT, grade 55 mm+, packaging 25 kg mesh bag",
    });
    // A cell that starts like a formula is still neutralised.
    await t.db.updateTable("inquiries").set({ company: "=cmd|' /C calc'!A0" }).where("id", "=", ids.dubai).execute();
    const hostile = Papa.parse<Record<string, string>>(
      (
        await (await app.request(`/admin/inquiries/export?product=${product.onion}`, { cookie: admin.cookie })).text()
      ).replace(/^\uFEFF/, ""),
      { header: true, skipEmptyLines: true },
    );
    expect(hostile.data).toHaveLength(1);
    expect(hostile.data[0].company).toBe("'=cmd|' /C calc'!A0");
  });

  it("counts the open quote requests by status on the dashboard, each linking to its list", async () => {
    await t.db.updateTable("inquiries").set({ status: "contacted" }).where("id", "=", ids.dubai).execute();
    await insertQuote({ full_name: "Third Buyer", country: "Oman", minutes: 5, lines: [] });
    await insertQuote({ full_name: "Fourth Buyer", country: "Oman", status: "won", minutes: 6, lines: [] });
    const counts = Object.fromEntries(
      await Promise.all(
        (["new", "contacted", "quoted"] as const).map(async (status) => [
          status,
          Number(
            (
              await t.db
                .selectFrom("inquiries")
                .select((eb) => eb.fn.countAll<string | number>().as("n"))
                .where("kind", "=", "quote")
                .where("status", "=", status)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ]),
      ),
    );
    expect(counts).toEqual({ new: 1, contacted: 1, quoted: 1 });
    const html = await page("/admin/dashboard");
    for (const status of ["new", "contacted", "quoted"] as const) {
      const card = new RegExp(`<a [^>]*data-testid="open-quotes-${status}"[^>]*>.*?</a>`, "s").exec(html)?.[0] ?? "";
      expect(card, status).toContain(`href="/admin/inquiries?kind=quote&amp;status=${status}"`);
      const count = /<span class="text-3xl[^"]*">(\d+)/.exec(card);
      expect(count?.[1], status).toBe(String(counts[status]));
    }
  });
});

describe(`the pipeline migration on ${engineName}`, () => {
  it("turns a 'replied' inquiry into 'contacted', a contact message without an assignee", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const schema = usingPostgres
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(m.db)).rows[0].schema
        : undefined;
      const migrator = new Migrator({
        db: m.db,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: schema,
      });
      const to5 = await migrator.migrateTo("0005_category_page_index");
      expect(to5.error).toBeUndefined();
      expect(to5.results?.map((r) => r.migrationName).at(-1)).toBe("0005_category_page_index");
      const now = new Date().toISOString();
      await sql`insert into inquiries (id, full_name, email, phone, subject, message, product_name, page_path, ip_hash,
          status, notified_at, notify_error, created_at, updated_at)
        values ('old-replied', 'Old Buyer', 'old@example.com', '', 'Old subject', 'Old message', 'Garlic', null,
          ${"0".repeat(64)}, 'replied', null, null, ${now}, ${now}),
          ('old-closed', 'Old Closer', 'closed@example.com', '', 'Closed', 'Done', null, null,
          ${"0".repeat(64)}, 'closed', null, null, ${now}, ${now})`.execute(m.db);

      await migrateToLatest(m.db);
      const rows = await m.db.selectFrom("inquiries").selectAll().orderBy("id").execute();
      expect(rows.map((r) => [r.id, r.status, r.kind, r.assignee_id, r.product_name])).toEqual([
        ["old-closed", "closed", "contact", null, null],
        ["old-replied", "contacted", "contact", null, "Garlic"],
      ]);
      // The old status is no longer allowed.
      await expect(
        sql`update inquiries set status = 'replied' where id = 'old-replied'`.execute(m.db),
      ).rejects.toThrow();
    } finally {
      await m.cleanup();
    }
  });
});
