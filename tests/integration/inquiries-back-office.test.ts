import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { EXPORT_COLUMNS } from "~/features/inquiries/inquiry-export.server";
import { closedPort, eventually, startSmtpServer } from "../support/smtp";
import { contactFormSender, VALID_CONTACT } from "../support/contact-form";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, type TestDatabase } from "../support/test-db";
import { flashOf } from "../support/flash";
import { inquiryReference } from "~/features/inquiries/quote-text";

// The team's notification of a contact message, and the back office's inquiry list, detail, status, export and
// delete. The public form is in inquiries-contact-form.test.ts; the lead pipeline in inquiries-pipeline.test.ts.

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
      const row = await t.db.selectFrom("inquiries").select("id").where("subject", "=", subject).executeTakeFirst();
      const mail = row
        ? await t.db.selectFrom("outbox").select("sent_at").where("about", "=", `inquiry:${row.id}`).executeTakeFirst()
        : undefined;
      storedWhenDelivered.push({ subject, stored: !!row && !!mail, notified: !!mail?.sent_at });
      while (holdDelivery) await new Promise((r) => setTimeout(r, 20));
    },
  });
});
afterAll(async () => {
  await smtp?.close();
  await t.cleanup();
});

const { send } = contactFormSender(() => app);
const bySubject = (subject: string) =>
  t.db.selectFrom("inquiries").selectAll().where("subject", "=", subject).executeTakeFirst();
/** The inquiry's notifications in the outbox (ADR 0048), oldest first. */
const notificationsOf = async (inquiryId: string) =>
  t.db
    .selectFrom("outbox")
    .selectAll()
    .where("about", "=", `inquiry:${inquiryId}`)
    .where("kind", "=", "inquiry-notification")
    .orderBy("created_at")
    .orderBy("attempts")
    .execute();
/** The inquiry of `subject` with its newest notification: undefined until both exist. */
const withNotification = async (subject: string) => {
  const inquiry = await bySubject(subject);
  const mail = inquiry && (await notificationsOf(inquiry.id)).at(-1);
  return inquiry && mail ? { ...inquiry, mail } : undefined;
};
const countAll = async () =>
  Number(
    (
      await t.db
        .selectFrom("inquiries")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

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
      const response = await send(
        { ...VALID_CONTACT, subject: "Notify me", product_name: "White Onion" },
        { via: mailing },
      );
      expect(response.status).toBe(200);
      // The buyer has the answer while the mail server is still holding the message.
      const row = (await withNotification("Notify me"))!;
      expect(row.mail.sent_at).toBeNull();
      await eventually(async () => storedWhenDelivered.some((d) => d.subject === "Notify me"));
      expect(smtp.messages.some((m) => m.raw.includes("Subject: New inquiry: Notify me"))).toBe(false);
    } finally {
      holdDelivery = false;
    }
    const stored = await eventually(async () => {
      const r = await withNotification("Notify me");
      return r?.mail.sent_at ? r : undefined;
    });
    expect(stored.mail).toMatchObject({ status: "sent", error: null, recipient: "sales@ganga.example" });
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
    const response = await send({ ...VALID_CONTACT, subject: "SMTP is down" }, { via: down });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Message Sent!");
    const failed = await eventually(async () => {
      const row = await withNotification("SMTP is down");
      return row?.mail.error ? row : undefined;
    });
    expect(failed.mail.sent_at).toBeNull();
    expect(failed.mail.error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.mail.error).not.toContain("s3cret");

    const detail = (await (await down.request(`/admin/inquiries/${failed.id}`, { cookie })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(detail).toContain("Retrying (attempt 2, next try ");
    expect(detail).toContain("Send again");
    const stillDown = await down.request(`/admin/inquiries/${failed.id}`, { form: { intent: "resend" }, cookie });
    expect(stillDown.status).toBe(502);
    expect(await stillDown.text()).toContain("Notification Not Sent");

    // The mail server is back (here: the configuration points at one that works).
    const mailing = await createTestApp(t.db, t.dataDir, { smtpUrl: smtp.url, inquiryNotifyTo: "sales@ganga.example" });
    const resent = await mailing.request(`/admin/inquiries/${failed.id}`, { form: { intent: "resend" }, cookie });
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe(`/admin/inquiries/${failed.id}`);
    expect(flashOf(resent).title).toBe("Notification Sent");
    // Each re-send is a new message in the outbox, superseding those waiting for a retry: the form's own and the
    // one refused are failed (not retried), the last went. Nothing is left to send twice.
    const messages = await notificationsOf(failed.id);
    expect(messages).toHaveLength(3);
    expect(messages.filter((m) => m.status === "failed").map((m) => m.error)).toEqual([
      "Replaced by 'Send again'",
      "Replaced by 'Send again'",
    ]);
    const sentAgain = messages.find((m) => m.status === "sent")!;
    expect(sentAgain).toMatchObject({ error: null, attempts: 1 });
    expect(sentAgain.sent_at).not.toBeNull();
    expect(smtp.messages.filter((m) => m.raw.includes("Subject: New inquiry: SMTP is down"))).toHaveLength(1);
  });

  it("records a refused login to the mail server the same way", async () => {
    const wrong = await createTestApp(t.db, t.dataDir, {
      smtpUrl: `smtp://mailer:wrong-password@127.0.0.1:${smtp.port}`,
      inquiryNotifyTo: "sales@ganga.example",
    });
    expect((await send({ ...VALID_CONTACT, subject: "Bad SMTP password" }, { via: wrong })).status).toBe(200);
    const row = await eventually(async () => {
      const r = await withNotification("Bad SMTP password");
      return r?.mail.error ? r : undefined;
    });
    expect(row.mail.error).toMatch(/EAUTH|Invalid username or password/);
    expect(row.mail.error).not.toContain("wrong-password");
  });

  it("sends nothing and says so when SMTP_URL or INQUIRY_NOTIFY_TO is not set", async () => {
    await send({ ...VALID_CONTACT, subject: "No mail configured" });
    const row = (await bySubject("No mail configured"))!;
    await new Promise((r) => setTimeout(r, 200));
    expect(await notificationsOf(row.id)).toEqual([]);
    const detail = await (await app.request(`/admin/inquiries/${row.id}`, { cookie })).text();
    expect(detail).toContain("Email notifications are off (set SMTP_URL and INQUIRY_NOTIFY_TO).");
    expect(detail).not.toContain("Send again");
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
      await insertInquiry(t.db, {
        email: `buyer${i}@example.com`,
        message: i === 1 ? "-1+1\n=SUM(A1:A2)" : `Message ${i}`,
        page_path: "/contact-us",
        created_at: at,
        updated_at: at,
        ...r,
      });
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

  it("finds a request by its reference, R- as written now or Q- as it was, and not by a quote's number", async () => {
    // Issue 41: the receipt's "Q-3B8BC3B5" looked like the quote "Q-2026-0001"; requests are now "R-…".
    const row = await t.db
      .selectFrom("inquiries")
      .select(["id", "subject"])
      .where("subject", "=", "Oldest onion request")
      .executeTakeFirstOrThrow();
    const reference = inquiryReference(row.id);
    expect(reference).toMatch(/^R-[0-9A-F]{8}$/);
    for (const q of [reference, reference.replace("R-", "Q-"), reference.toLowerCase()]) {
      const found = await (await app.request(`/admin/inquiries?q=${encodeURIComponent(q)}`, { cookie })).text();
      expect(found, q).toContain("Oldest onion request");
      expect(found, q).not.toContain("Newest garlic request");
    }
    const quoteNumber = await (await app.request("/admin/inquiries?q=Q-2026-0001", { cookie })).text();
    expect(quoteNumber).toContain("No inquiries found.");
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

    const unknown = await app.request(`/admin/inquiries/${hostile}`, {
      form: { intent: "status", status: "archived" },
      cookie,
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose new, contacted, quoted, won, lost, closed or spam.");
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
      // The language the buyer wrote from (issue 26).
      "lang",
      // The desk's (issue 28): when the first reply was due and given, the follow-up day, the notes.
      "reply_due_at",
      "first_reply_at",
      "follow_up",
      "notes",
      // A sample request's courier address (issue 28).
      "courier_address",
      // The newest quote of the inquiry (issue 28).
      "quote_number",
      "quote_status",
      "quote_total",
      "quote_currency",
      "quote_terms",
      "quote_sent_at",
      // The country's ISO code (issue 41); `country` names it.
      "country_code",
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
