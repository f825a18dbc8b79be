import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INQUIRY_RATE_LIMIT } from "~/features/inquiries/intake.server";
import { contactFormSender, VALID_CONTACT } from "../support/contact-form";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// The public contact form: what it stores and what it refuses. Its notification and the back office's side are in
// inquiries-back-office.test.ts; the lead pipeline in inquiries-pipeline.test.ts.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
});
afterAll(async () => {
  await t.cleanup();
});

type Form = Record<string, string>;
const { freshIp, send } = contactFormSender(() => app);
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
        ...VALID_CONTACT,
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
      ...VALID_CONTACT,
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
    await send({ ...VALID_CONTACT, subject: "Same sender" }, { ip: "198.51.100.23" });
    await send({ ...VALID_CONTACT, subject: "Other sender" }, { ip: "198.51.100.24" });
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
      form: { ...VALID_CONTACT, subject: "Sent with JavaScript", website: "" },
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
      await send({ ...VALID_CONTACT, subject, page_path: page, product_name: "Garlic\r\nBcc: x@evil.example" });
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
    // Off its start side (the right in Arabic), so it widens no page, left to right or right to left (issue 26).
    expect(honeypot?.[1]).toContain("-start-[10000px]");
    expect(honeypot?.[1]).not.toMatch(/(^|\s)hidden(\s|$)/);
    for (const attribute of ['name="website"', 'tabindex="-1"', 'autoComplete="off"', 'value=""'])
      expect(honeypot?.[2]).toContain(attribute);
  });
});

describe(`contact form refusals on ${engineName}`, () => {
  it("applies the spec's rules, answers 400 with the messages, keeps what was typed and stores nothing", async () => {
    const before = await countAll();
    const cases: Array<[Form, string]> = [
      [{ ...VALID_CONTACT, full_name: "" }, "Full Name is required."],
      [{ ...VALID_CONTACT, email: "" }, "Email Address is required."],
      [{ ...VALID_CONTACT, email: "not-an-email" }, "Please enter a valid email address."],
      [{ ...VALID_CONTACT, subject: "   " }, "Subject is required."],
      [{ ...VALID_CONTACT, message: "" }, "Message is required."],
      [{ ...VALID_CONTACT, full_name: "x".repeat(121) }, "Full Name is too long."],
      [{ ...VALID_CONTACT, email: `${"x".repeat(250)}@example.com` }, "Email Address is too long."],
      [{ ...VALID_CONTACT, phone: "1".repeat(41) }, "Phone Number is too long."],
      [{ ...VALID_CONTACT, subject: "s".repeat(201) }, "Subject is too long."],
      [{ ...VALID_CONTACT, message: "m".repeat(5001) }, "Message is too long."],
    ];
    for (const [form, message] of cases) {
      const response = await send(form);
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(html, message).toContain(message);
      // What was typed comes back in the form.
      if (form.message === VALID_CONTACT.message)
        expect(html, message).toContain("Please quote 2 containers CIF Jebel Ali.");
      if (form.full_name === VALID_CONTACT.full_name)
        expect(html, message).toContain(`value="${VALID_CONTACT.full_name}"`);
    }
    expect(await countAll()).toBe(before);
  });

  it("refuses line breaks in name, email and subject (no header injection)", async () => {
    const before = await countAll();
    const cases: Array<[Form, string]> = [
      [{ ...VALID_CONTACT, full_name: "Ann\r\nBcc: victim@example.com" }, "Line breaks are not allowed in Full Name."],
      [{ ...VALID_CONTACT, full_name: "Ann\nX" }, "Line breaks are not allowed in Full Name."],
      [
        { ...VALID_CONTACT, email: "ann@example.com\r\nBcc: victim@example.com" },
        "Line breaks are not allowed in Email Address.",
      ],
      [{ ...VALID_CONTACT, subject: "Hello\r\nBcc: victim@example.com" }, "Line breaks are not allowed in Subject."],
      [{ ...VALID_CONTACT, subject: "Hello\rContent-Type: text/html" }, "Line breaks are not allowed in Subject."],
      [{ ...VALID_CONTACT, subject: "Hello\u2028there" }, "Line breaks are not allowed in Subject."],
      [{ ...VALID_CONTACT, phone: "123\n456" }, "Line breaks are not allowed in Phone Number."],
      [{ ...VALID_CONTACT, message: "Nul\u0000byte" }, "The message contains characters that are not allowed."],
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
    const response = await send({ ...VALID_CONTACT, subject: "From a robot", website: "http://spam.example" });
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
      expect((await send({ ...VALID_CONTACT, subject: `Burst ${i}` }, { ip })).status).toBe(200);
    const refused = await send({ ...VALID_CONTACT, subject: "Burst too many", message: "Typed and kept." }, { ip });
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
    expect((await send({ ...VALID_CONTACT, subject: "After restart" }, { ip, via: restarted })).status).toBe(429);
    expect(
      (await send({ ...VALID_CONTACT, subject: "Another address" }, { ip: "198.51.100.100", via: restarted })).status,
    ).toBe(200);

    // Once the window has passed, the address may write again.
    await t.db
      .updateTable("login_throttle")
      .set({ first_failure_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where("key", "like", "inquiry:%")
      .execute();
    expect((await send({ ...VALID_CONTACT, subject: "Window passed" }, { ip })).status).toBe(200);
    expect(await bySubject("Window passed")).toBeDefined();
  });

  it("counts simultaneous messages from one address correctly", async () => {
    const ip = "198.51.100.150";
    const statuses = await Promise.all(
      Array.from({ length: INQUIRY_RATE_LIMIT + 3 }, (_, i) =>
        send({ ...VALID_CONTACT, subject: `Parallel ${i}` }, { ip }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(INQUIRY_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it("when the message cannot be stored, shows an error and keeps what was typed", async () => {
    await sql`alter table inquiries rename to inquiries_away`.execute(t.db);
    try {
      const response = await send({ ...VALID_CONTACT, subject: "Database trouble", message: "Keep this text." });
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
