import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { MAIL_MAX_ATTEMPTS } from "~/features/inquiries/inquiries.schema";
import { MAIL_BACKOFF_MS, startMailTimer } from "~/features/inquiries/mail-queue.server";
import { newId } from "~/lib/time";
import { closedPort, eventually, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
/** A second connection to the same database: another instance's. */
let other: Db;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let productId: string;
let cookie: string;

const TEAM = "sales@retry.example";
const mailTo = (port: number) => ({
  smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
  inquiryNotifyTo: TEAM,
  inquiryNotifyFrom: undefined,
  publicUrl: undefined,
});
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestDatabase();
  other = createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
  const category = await insertCategory(t.db, { name: "Retry Veg", slug: "retry-veg" });
  productId = newId();
  await insertProduct(t.db, {
    id: productId,
    name: "Green Chilli",
    slug: "green-chilli",
    category_id: category,
    description: "Green chilli.",
  });
  ({ cookie } = await signedInAs(t.db, "admin"));
});
afterAll(async () => {
  await smtp?.close();
  await other?.destroy();
  await t?.cleanup();
});

const month = new Date(Date.now() + 62 * 24 * 3600 * 1000).toISOString().slice(0, 7);
let nextIp = 1;
const quoteRequest = (app: Awaited<ReturnType<typeof createTestApp>>, email: string) =>
  app.request("/request-quote", {
    form: {
      intent: "send",
      website: "",
      company: "Retry Foods",
      full_name: "Meera Shah",
      email,
      phone: "",
      country: "Kenya",
      delivery_month: month,
      product_id_0: productId,
      quantity_0: "3",
      unit_0: "MT",
    },
    ip: `198.51.100.${nextIp++}`,
  });

const row = (email: string) => t.db.selectFrom("inquiries").selectAll().where("email", "=", email).executeTakeFirst();
const detailOf = async (app: Awaited<ReturnType<typeof createTestApp>>, id: string) =>
  (await (await app.request(`/admin/inquiries/${id}`, { cookie })).text()).replaceAll("<!-- -->", "");

describe(`inquiry emails retried from the database on ${engineName}`, () => {
  it("sends the team's notification and the buyer's receipt once the mail server is back, exactly once with two instances", async () => {
    const port = await closedPort();
    const mailConfig = mailTo(port);
    const app = await createTestApp(t.db, t.dataDir, mailConfig);
    const buyer = `buyer-${Date.now()}@importer.example`;

    // The mail server is down: the request is kept, both first tries fail and are due again a minute later.
    expect((await quoteRequest(app, buyer)).status).toBe(302);
    const failed = await eventually(async () => {
      const r = await row(buyer);
      return r?.notify_error && r.receipt_error ? r : undefined;
    });
    expect(failed).toMatchObject({ notified_at: null, receipt_sent_at: null, notify_attempts: 1, receipt_attempts: 1 });
    expect(Date.parse(failed.notify_due_at!) - Date.now()).toBeGreaterThan(0.5 * MINUTE);
    expect(Date.parse(failed.notify_due_at!) - Date.now()).toBeLessThanOrEqual(MAIL_BACKOFF_MS[0]);
    const detail = await detailOf(app, failed.id);
    expect(detail).toMatch(/Not sent: [^<]*ECONNREFUSED[^<]*\. Retrying at \d+ \w+ \d{4}, \d\d:\d\d GMT\+5:30\./);
    expect(detail).toContain('Receipt to the buyer: <span class="text-red-700">Not sent: ');
    const list = await (await app.request("/admin/inquiries", { cookie })).text();
    expect(list).toContain("Notification failed");

    // The mail server comes back where it was. Two instances' timers, driven with their clocks, race for the due
    // emails: before the back-off has passed nothing goes; after it, each email goes once.
    smtp = await startSmtpServer({ port });
    let offset = 0;
    const clock = () => Date.now() + offset;
    const timers = [startMailTimer(t.db, mailConfig, { clock }), startMailTimer(other, mailConfig, { clock })];
    try {
      await Promise.all(timers.map((timer) => timer.runOnce()));
      expect(smtp.messages).toHaveLength(0);
      offset = MAIL_BACKOFF_MS[0] + MINUTE;
      await Promise.all(timers.map((timer) => timer.runOnce()));
      await Promise.all(timers.map((timer) => timer.runOnce()));
    } finally {
      await Promise.all(timers.map((timer) => timer.stop()));
    }
    expect(smtp.messages.filter((m) => m.to.includes(TEAM))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes(buyer))).toHaveLength(1);
    expect(smtp.messages).toHaveLength(2);
    const sent = (await row(buyer))!;
    expect(sent).toMatchObject({
      notify_error: null,
      notify_due_at: null,
      notify_attempts: 2,
      receipt_error: null,
      receipt_due_at: null,
      receipt_attempts: 2,
    });
    expect(sent.notified_at).not.toBeNull();
    expect(sent.receipt_sent_at).not.toBeNull();
    const after = await detailOf(app, sent.id);
    expect(after).toMatch(/data-testid="notify-state"[^>]*>Sent \d+ \w+ \d{4}, \d\d:\d\d GMT\+5:30\./);
    expect(after).toMatch(/Receipt to the buyer: <span>Sent /);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} tries with growing waits, and says so`, async () => {
    const port = await closedPort();
    const mailConfig = mailTo(port);
    const app = await createTestApp(t.db, t.dataDir, mailConfig);
    const sender = `sender-${Date.now()}@example.com`;
    const contact = await app.request("/contact-us", {
      form: { full_name: "Ravi", email: sender, subject: "Never delivered", message: "Hello", website: "" },
      ip: "192.0.2.222",
    });
    expect(contact.status).toBe(200);
    await eventually(async () => ((await row(sender))?.notify_attempts === 1 ? true : undefined));

    let offset = 0;
    const timer = startMailTimer(t.db, mailConfig, { clock: () => Date.now() + offset });
    const waits: number[] = [];
    try {
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS + 1; attempt++) {
        const before = (await row(sender))!;
        if (!before.notify_due_at) break;
        waits.push(Date.parse(before.notify_due_at) - (Date.now() + offset));
        offset = Date.parse(before.notify_due_at) - Date.now() + 1000;
        await timer.runOnce();
      }
    } finally {
      await timer.stop();
    }
    const given = (await row(sender))!;
    expect(given).toMatchObject({ notified_at: null, notify_due_at: null, notify_attempts: MAIL_MAX_ATTEMPTS });
    // Each wait longer than the one before.
    expect(waits).toHaveLength(MAIL_MAX_ATTEMPTS - 1);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
    expect(await detailOf(app, given.id)).toContain(`Gave up after ${MAIL_MAX_ATTEMPTS} tries.`);
  });
});
