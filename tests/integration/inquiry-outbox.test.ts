import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { deliverDueMessages } from "~/features/outbox/outbox.server";
import { createSession } from "~/features/auth/session.server";
import { outboxSender } from "~/startup/outbox-timer.server";
import { quoteSite } from "../support/quote-site";
import { eventually } from "../support/smtp";
import { signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, whileRefusing, testMigrator } from "../support/test-db";

// Issue 38 / ADR 0048: an inquiry's emails (the team's notification, the buyer's receipt) are rows of the one outbox,
// written in the transaction that stores the inquiry, shown on its page, and sent again from there by an admin.
const { site, BUYER, LINES, send } = quoteSite();

const inquiryOf = (email: string) =>
  site.t.db.selectFrom("inquiries").select(["id", "kind"]).where("email", "=", email).executeTakeFirst();
const outboxAbout = (inquiryId: string) =>
  site.t.db
    .selectFrom("outbox")
    .selectAll()
    .where("about", "=", `inquiry:${inquiryId}`)
    .orderBy("created_at")
    .execute();
const outboxTo = (recipient: string) =>
  site.t.db.selectFrom("outbox").selectAll().where("recipient", "=", recipient).execute();
const toBuyer = (email: string) => site.smtp.messages.filter((m) => m.to.includes(email));
const page = async (id: string, cookie: string) =>
  (await (await site.app.request(`/admin/inquiries/${id}`, { cookie })).text()).replaceAll("<!-- -->", "");

describe(`inquiry emails in the outbox on ${engineName}`, () => {
  it("writes the notification and the receipt with the request, and sends each once", async () => {
    const email = `outbox-${Date.now()}@importer.example`;
    expect((await send({ ...BUYER, email, ...LINES() })).status).toBe(302);
    const inquiry = (await inquiryOf(email))!;
    const rows = await outboxAbout(inquiry.id);
    expect(rows.map((r) => [r.kind, r.recipient]).sort()).toEqual([
      ["inquiry-notification", "sales@ganga.example"],
      ["inquiry-receipt", email],
    ]);
    await eventually(async () => ((await outboxAbout(inquiry.id)).every((r) => r.sent_at) ? true : undefined));
    expect(toBuyer(email)).toHaveLength(1);
    // Nothing is due any more: another instance's run long after sends nothing again.
    const later = () => Date.now() + 24 * 3600_000;
    const sender = outboxSender({ db: site.t.db, config: { ...mailConfig() } as never, storage: undefined as never });
    await deliverDueMessages(site.t.db, sender, later);
    expect(toBuyer(email)).toHaveLength(1);
  });

  it("stores neither the request nor its emails when either cannot be written (one transaction)", async () => {
    const noOutbox = `no-outbox-${Date.now()}@importer.example`;
    await whileRefusing(site.t.db, "outbox", "insert", async () => {
      expect((await send({ ...BUYER, email: noOutbox, ...LINES() })).status).toBe(503);
    });
    expect(await inquiryOf(noOutbox)).toBeUndefined();

    const noLines = `no-lines-${Date.now()}@importer.example`;
    await whileRefusing(site.t.db, "inquiry_lines", "insert", async () => {
      expect((await send({ ...BUYER, email: noLines, ...LINES() })).status).toBe(503);
    });
    expect(await inquiryOf(noLines)).toBeUndefined();
    expect(await outboxTo(noLines)).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(toBuyer(noOutbox)).toEqual([]);
    expect(toBuyer(noLines)).toEqual([]);
  });

  it("shows a failed receipt on the inquiry's page; 'Send again' sends it once, as a new message", async () => {
    const email = `again-${Date.now()}@importer.example`;
    expect((await send({ ...BUYER, email, ...LINES() })).status).toBe(302);
    const inquiry = (await inquiryOf(email))!;
    await eventually(async () =>
      (await outboxAbout(inquiry.id)).every((r) => r.status !== "pending") ? true : undefined,
    );
    // As if every try had been refused: the receipt is failed for good.
    await site.t.db
      .updateTable("outbox")
      .set({
        status: "failed",
        sent_at: null,
        due_at: null,
        attempts: 6,
        error: "ECONNREFUSED: the mail server was down",
      })
      .where("about", "=", `inquiry:${inquiry.id}`)
      .where("kind", "=", "inquiry-receipt")
      .execute();
    const before = toBuyer(email).length;
    const { cookie } = await signedInAs(site.t.db, "admin");
    const detail = await page(inquiry.id, cookie);
    expect(detail).toContain(
      'Receipt to the buyer: <span class="text-red-700">Failed: ECONNREFUSED: the mail server was down.</span>',
    );
    expect(detail).toMatch(/data-testid="notify-state"><span>Sent \d+ \w+ \d{4}, \d\d:\d\d GMT\+5:30\.<\/span>/);
    expect(detail).toContain("Send again");

    const again = await site.app.request(`/admin/inquiries/${inquiry.id}`, {
      form: { intent: "send-again", mail: "receipt" },
      cookie,
    });
    expect(again.status).toBe(302);
    expect(toBuyer(email)).toHaveLength(before + 1);
    const rows = (await outboxAbout(inquiry.id)).filter((r) => r.kind === "inquiry-receipt");
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "sent"]);
    // Once: neither the failed one nor the new one is due again.
    const later = () => Date.now() + 24 * 3600_000;
    const sender = outboxSender({ db: site.t.db, config: mailConfig() as never, storage: undefined as never });
    await deliverDueMessages(site.t.db, sender, later);
    expect(toBuyer(email)).toHaveLength(before + 1);
    expect(await page(inquiry.id, cookie)).toMatch(/Receipt to the buyer: <span>Sent [^<]+ GMT\+5:30\.<\/span>/);
  });

  it("refuses 'Send again' to anonymous visitors and signed-in non-admins, writing nothing", async () => {
    const email = `guarded-${Date.now()}@importer.example`;
    expect((await send({ ...BUYER, email, ...LINES() })).status).toBe(302);
    const inquiry = (await inquiryOf(email))!;
    await eventually(async () => ((await outboxAbout(inquiry.id)).every((r) => r.sent_at) ? true : undefined));
    const count = async () => (await outboxAbout(inquiry.id)).length;
    const rows = await count();
    const messages = site.smtp.messages.length;
    const form = { intent: "send-again", mail: "receipt" };

    const anonymous = await site.app.request(`/admin/inquiries/${inquiry.id}`, { form });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);

    const user = await signedInAs(site.t.db, "user");
    const denied = await site.app.request(`/admin/inquiries/${inquiry.id}`, { form, cookie: user.cookie });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/admin/login?denied=1");
    const data = await site.app.request(`/admin/inquiries/${inquiry.id}.data`, {
      form,
      cookie: `session=${await createSession(site.t.db, user.userId)}`,
    });
    expect(await data.text()).toContain("/admin/login?denied=1");

    expect(await count()).toBe(rows);
    expect(site.smtp.messages.length).toBe(messages);
  });
});

describe(`migration 0023_inquiry_mail_outbox on ${engineName}`, () => {
  it("moves the inquiry mail still due into the outbox, its tries and error kept; nothing stays due in inquiries", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const migrator = await testMigrator(m.db);
      expect((await migrator.migrateTo("0022_photo_job_pictures")).error).toBeUndefined();
      const now = new Date().toISOString();
      const due = new Date(Date.now() + 5 * 60_000).toISOString();
      // q1: both emails due (the notification after two failed tries); q2: sent long ago, nothing due.
      await sql`insert into inquiries (id, full_name, email, phone, subject, message, ip_hash, status, kind,
          notify_due_at, notify_attempts, notify_error, receipt_due_at, created_at, updated_at)
        values ('q1', 'Rahim', 'rahim@example.com', '', 'Onions', 'Price?', ${"0".repeat(64)}, 'new', 'quote',
          ${due}, 2, 'ECONNREFUSED', ${now}, ${now}, ${now})`.execute(m.db);
      await sql`insert into inquiries (id, full_name, email, phone, subject, message, ip_hash, status, kind,
          notified_at, created_at, updated_at)
        values ('q2', 'Asha', 'asha@example.com', '', 'Garlic', 'Price?', ${"0".repeat(64)}, 'new', 'contact',
          ${now}, ${now}, ${now})`.execute(m.db);

      await migrateToLatest(m.db);

      const rows = await m.db.selectFrom("outbox").selectAll().orderBy("kind").execute();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        kind: "inquiry-notification",
        about: "inquiry:q1",
        status: "pending",
        attempts: 2,
        due_at: due,
        error: "ECONNREFUSED",
      });
      expect(rows[1]).toMatchObject({
        kind: "inquiry-receipt",
        about: "inquiry:q1",
        recipient: "rahim@example.com",
        status: "pending",
        attempts: 0,
        due_at: now,
        error: null,
      });
      const left = await m.db
        .selectFrom("inquiries")
        .select(["id", "notify_due_at", "receipt_due_at", "notified_at"])
        .orderBy("id")
        .execute();
      expect(left).toEqual([
        { id: "q1", notify_due_at: null, receipt_due_at: null, notified_at: null },
        { id: "q2", notify_due_at: null, receipt_due_at: null, notified_at: now },
      ]);
    } finally {
      await m.cleanup();
    }
  });
});

function mailConfig() {
  return { smtpUrl: site.smtp.url, inquiryNotifyTo: "sales@ganga.example", inquiryNotifyFrom: "website@ganga.example" };
}
