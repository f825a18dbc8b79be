import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { MAIL_MAX_ATTEMPTS } from "~/features/inquiries/inquiries.schema";
import { inquiryMailAbout, MAIL_BACKOFF_MS } from "~/features/inquiries/mail-queue.server";
import { startOutboxTimer } from "~/startup/outbox-timer.server";
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
/** An inquiry's email of `kind` in the outbox (ADR 0048): the newest. */
const mailOf = async (email: string, kind: "inquiry-notification" | "inquiry-receipt") => {
  const inquiry = await row(email);
  if (!inquiry) return undefined;
  return t.db
    .selectFrom("outbox")
    .selectAll()
    .where("about", "=", inquiryMailAbout(inquiry.id))
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
};
/** Another instance's outbox timer (inquiry emails need no storage). */
const timerOf = (db: Db, config: ReturnType<typeof mailTo>, clock: () => number) =>
  startOutboxTimer({ db, config: config as never, storage: undefined as never }, { clock });
const detailOf = async (app: Awaited<ReturnType<typeof createTestApp>>, id: string) =>
  (await (await app.request(`/admin/inquiries/${id}`, { cookie })).text()).replaceAll("<!-- -->", "");

describe(`inquiry emails retried from the outbox on ${engineName}`, () => {
  it("sends the team's notification and the buyer's receipt once the mail server is back, exactly once with two instances", async () => {
    const port = await closedPort();
    const mailConfig = mailTo(port);
    const app = await createTestApp(t.db, t.dataDir, mailConfig);
    const buyer = `buyer-${Date.now()}@importer.example`;

    // The mail server is down: the request is kept, both first tries fail and are due again a minute later.
    expect((await quoteRequest(app, buyer)).status).toBe(302);
    const failed = await eventually(async () => {
      const [notify, receipt] = [await mailOf(buyer, "inquiry-notification"), await mailOf(buyer, "inquiry-receipt")];
      return notify?.error && receipt?.error ? { notify, receipt } : undefined;
    });
    expect(failed.notify).toMatchObject({ status: "pending", sent_at: null, attempts: 1, recipient: TEAM });
    expect(failed.receipt).toMatchObject({ status: "pending", sent_at: null, attempts: 1, recipient: buyer });
    expect(Date.parse(failed.notify.due_at!) - Date.now()).toBeGreaterThan(0.5 * MINUTE);
    expect(Date.parse(failed.notify.due_at!) - Date.now()).toBeLessThanOrEqual(MAIL_BACKOFF_MS[0]);
    const inquiry = (await row(buyer))!;
    // ADR 0011's columns are no longer the queue.
    expect(inquiry).toMatchObject({ notify_due_at: null, receipt_due_at: null, notify_attempts: 0 });
    const detail = await detailOf(app, inquiry.id);
    expect(detail).toMatch(
      /Retrying \(attempt 2, next try \d+ \w+ \d{4}, \d\d:\d\d GMT\+5:30\): [^<]*ECONNREFUSED[^<]*\./,
    );
    expect(detail).toContain("Receipt to the buyer: <span>Retrying (attempt 2, next try ");
    const list = await (await app.request("/admin/inquiries", { cookie })).text();
    expect(list).toContain("Notification failed");

    // The mail server comes back where it was. Two instances' timers, driven with their clocks, race for the due
    // emails: before the back-off has passed nothing goes; after it, each email goes once.
    smtp = await startSmtpServer({ port });
    let offset = 0;
    const clock = () => Date.now() + offset;
    const timers = [timerOf(t.db, mailConfig, clock), timerOf(other, mailConfig, clock)];
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
    const notified = (await mailOf(buyer, "inquiry-notification"))!;
    const receipted = (await mailOf(buyer, "inquiry-receipt"))!;
    for (const sent of [notified, receipted]) {
      expect(sent).toMatchObject({ status: "sent", error: null, due_at: null, attempts: 2 });
      expect(sent.sent_at).not.toBeNull();
    }
    const sent = (await row(buyer))!;
    const after = await detailOf(app, sent.id);
    expect(after).toMatch(/data-testid="notify-state"[^>]*><span>Sent \d+ \w+ \d{4}, \d\d:\d\d GMT\+5:30\./);
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
    await eventually(async () => ((await mailOf(sender, "inquiry-notification"))?.error ? true : undefined));

    let offset = 0;
    const timer = timerOf(t.db, mailConfig, () => Date.now() + offset);
    const waits: number[] = [];
    try {
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS + 1; attempt++) {
        const before = (await mailOf(sender, "inquiry-notification"))!;
        if (!before.due_at) break;
        waits.push(Date.parse(before.due_at) - (Date.now() + offset));
        offset = Date.parse(before.due_at) - Date.now() + 1000;
        await timer.runOnce();
      }
    } finally {
      await timer.stop();
    }
    const given = (await mailOf(sender, "inquiry-notification"))!;
    expect(given).toMatchObject({ status: "failed", sent_at: null, due_at: null, attempts: MAIL_MAX_ATTEMPTS });
    // Each wait longer than the one before.
    expect(waits).toHaveLength(MAIL_MAX_ATTEMPTS - 1);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
    const page = await detailOf(app, (await row(sender))!.id);
    expect(page).toMatch(/<span class="text-red-700">Failed: [^<]*ECONNREFUSED/);
    expect(page).toContain("Send again");
  });
});
