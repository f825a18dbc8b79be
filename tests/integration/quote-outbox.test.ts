import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { createDatabase, type Db } from "~/db/database.server";
import { MAIL_MAX_ATTEMPTS } from "~/features/inquiries/inquiries.schema";
import { MAIL_BACKOFF_MS } from "~/features/inquiries/mail-queue.server";
import { startOutboxTimer } from "~/startup/outbox-timer.server";
import { deliverMessage, latestMailAbout } from "~/features/outbox/outbox.server";
import { answerQuote, sendQuoteAnswerMessage } from "~/features/quotes/buyer-response.server";
import { quoteMailAbout } from "~/features/quotes/quote-outbox.server";
import { resendQuoteEmail, sendQuote } from "~/features/quotes/send-quote.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { closedPort, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertQuote, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
/** A second connection to the same database: another instance's. */
let other: Db;
let actor: { id: string; email: string; fullName: string };
let cookie: string;
beforeAll(async () => {
  t = await createTestDatabase();
  other = createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
  const { userId, email, cookie: adminCookie } = await signedInAs(t.db, "admin");
  actor = { id: userId, email, fullName: "Admin One" };
  cookie = adminCookie;
});
afterAll(async () => {
  await other?.destroy();
  await t?.cleanup();
});

const servicesOn = (db: Db, port: number) => ({
  db,
  config: {
    ...loadConfig({ DATA_DIR: t.dataDir }),
    smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    inquiryNotifyTo: "sales@outbox.example",
  },
  storage: createLocalStorage(path.join(t.dataDir, "storage")),
});
const MINUTE = 60_000;

/** Once the first back-off has passed: two instances' outbox timers race twice for what is due. */
async function raceTimers(port: number) {
  const clock = () => Date.now() + MAIL_BACKOFF_MS[0] + MINUTE;
  const timers = [t.db, other].map((db) => startOutboxTimer(servicesOn(db, port), { clock }));
  await Promise.all(timers.map((timer) => timer.runOnce()));
  await Promise.all(timers.map((timer) => timer.runOnce()));
  await Promise.all(timers.map((timer) => timer.stop()));
}

describe(`the outbox of quote emails on ${engineName}`, () => {
  it("keeps a quote's email whose first try failed after the commit, and two instances then send it exactly once", async () => {
    const port = await closedPort();
    const buyer = `outbox-${Date.now()}@importer.example`;
    const quoteId = await insertQuote(t.db, { number: "Q-2026-7001", buyer_email: buyer });
    const sent = await sendQuote(servicesOn(t.db, port), actor, quoteId, { now: Date.now(), timeZone: "Asia/Kolkata" });
    expect(sent).toMatchObject({ ok: true, emailed: false, emailError: expect.stringContaining("ECONNREFUSED") });
    const kept = await latestMailAbout(t.db, quoteMailAbout(quoteId));
    expect(kept).toMatchObject({ status: "pending", attempts: 1, sent_at: null });
    expect(Date.parse(kept!.due_at!) - Date.now()).toBeLessThanOrEqual(MAIL_BACKOFF_MS[0]);

    // The mail server comes back; two instances' timers race for the due email once its back-off has passed.
    const smtp = await startSmtpServer({ port });
    try {
      await raceTimers(port);
      const received = smtp.messages.filter((m) => m.to.includes(buyer));
      expect(received).toHaveLength(1);
      expect(received[0].raw).toContain("Q-2026-7001");
      expect(await latestMailAbout(t.db, quoteMailAbout(quoteId))).toMatchObject({ status: "sent", error: null });
    } finally {
      await smtp.close();
    }
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} tries, and 'Send again' sends a failed one`, async () => {
    const port = await closedPort();
    const buyer = `failed-${Date.now()}@importer.example`;
    const quoteId = await insertQuote(t.db, { number: "Q-2026-7002", buyer_email: buyer });
    await sendQuote(servicesOn(t.db, port), actor, quoteId, { now: Date.now(), timeZone: "Asia/Kolkata" });
    let offset = 0;
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS + 1; attempt++) {
      offset += 5 * 60 * MINUTE;
      const timer = startOutboxTimer(servicesOn(t.db, port), { clock: () => Date.now() + offset });
      await timer.runOnce();
      await timer.stop();
    }
    const failed = await latestMailAbout(t.db, quoteMailAbout(quoteId));
    expect(failed).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, due_at: null });

    // The quote's page says so, with 'Send again' (admin only).
    const app = await createTestApp(t.db, t.dataDir, {
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      inquiryNotifyTo: "sales@outbox.example",
    });
    const editor = async () =>
      (await (await app.request(`/admin/quotes/${quoteId}`, { cookie })).text()).replaceAll("<!-- -->", "");
    const shown = await editor();
    expect(shown).toMatch(/Email to the buyer: <span class="text-red-700">Failed: [^<]*ECONNREFUSED[^<]*<\/span>/);
    expect(shown).toContain("Send again");
    const user = await signedInAs(t.db, "user");
    const denied = await app.request(`/admin/quotes/${quoteId}`, { form: { intent: "resend" }, cookie: user.cookie });
    expect(denied.headers.get("Location")).toBe("/admin/login?denied=1");
    const anonymous = await app.request(`/admin/quotes/${quoteId}`, { form: { intent: "resend" } });
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(await latestMailAbout(t.db, quoteMailAbout(quoteId))).toMatchObject({ status: "failed" });

    const smtp = await startSmtpServer({ port });
    try {
      const again = await resendQuoteEmail(servicesOn(t.db, port), quoteId);
      expect(again).toMatchObject({ ok: true, emailed: true, emailError: null });
      expect(smtp.messages.filter((m) => m.to.includes(buyer))).toHaveLength(1);
      expect(await latestMailAbout(t.db, quoteMailAbout(quoteId))).toMatchObject({ status: "sent", attempts: 1 });
      const after = await editor();
      expect(after).toMatch(/Email to the buyer: <span>Sent [^<]+ GMT\+5:30\.<\/span>/);
      expect(after).not.toContain("Send again");
    } finally {
      await smtp.close();
    }
  });

  it("writes the team's email about the buyer's answer with the answer, and sends it once when the server is back", async () => {
    const port = await closedPort();
    const buyer = `answer-${Date.now()}@importer.example`;
    const quoteId = await insertQuote(t.db, { number: "Q-2026-7003", buyer_email: buyer });
    await sendQuote(servicesOn(t.db, port), actor, quoteId, { now: Date.now(), timeZone: "Asia/Kolkata" });
    const { token } = await t.db
      .selectFrom("quotes")
      .select("token")
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    const answered = await answerQuote(t.db, token!, "accept", "", {
      ip: "203.0.113.5",
      now: Date.now(),
      timeZone: "Asia/Kolkata",
      teamTo: "sales@outbox.example",
    });
    const outboxId = answered.ok ? answered.outboxId : null;
    expect(await latestMailAbout(t.db, quoteMailAbout(quoteId), "quote-answer")).toMatchObject({
      id: outboxId,
      status: "pending",
    });
    // Its first try, after the buyer's answer: the server is down, and the email waits for its retry.
    await deliverMessage(t.db, outboxId!, sendQuoteAnswerMessage(t.db, servicesOn(t.db, port).config));
    expect(await latestMailAbout(t.db, quoteMailAbout(quoteId), "quote-answer")).toMatchObject({
      status: "pending",
      attempts: 1,
      error: expect.stringContaining("ECONNREFUSED"),
    });

    const smtp = await startSmtpServer({ port });
    try {
      await raceTimers(port);
      const told = smtp.messages.filter((m) => m.raw.includes("accepted quote Q-2026-7003"));
      expect(told).toHaveLength(1);
      expect(told[0].to).toContain("sales@outbox.example");
      // The quote's page shows both emails: the buyer's, and the team's about the answer.
      const app = await createTestApp(t.db, t.dataDir, {
        smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
        inquiryNotifyTo: "sales@outbox.example",
      });
      const page = (await (await app.request(`/admin/quotes/${quoteId}`, { cookie })).text()).replaceAll(
        "<!-- -->",
        "",
      );
      expect(page).toMatch(/Email to the team about the answer: <span>Sent [^<]+\.<\/span>/);
      expect(page).toContain("Email to the buyer: ");
    } finally {
      await smtp.close();
    }
  });
});
