import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiryMailAbout, sendInquiryMessage } from "~/features/inquiries/mail-queue.server";
import { deliverDueMessages } from "~/features/outbox/outbox.server";
import { newId } from "~/lib/time";
import { startInstance } from "../support/server-process";
import { eventually, startSmtpServer } from "../support/smtp";
import { createTestApp } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  whileRefusing,
  type TestDatabase,
} from "../support/test-db";

let t: TestDatabase;
let productId: string;
const TEAM = "sales@stop.example";

beforeAll(async () => {
  t = await createTestDatabase();
  const category = await insertCategory(t.db, { name: "Stop Veg", slug: "stop-veg" });
  productId = newId();
  await insertProduct(t.db, { id: productId, name: "Okra", slug: "okra", category_id: category, description: "Okra." });
});
afterAll(() => t.cleanup());

const month = new Date(Date.now() + 62 * 24 * 3600 * 1000).toISOString().slice(0, 7);

describe(`a graceful stop while emails are being sent on ${engineName}`, () => {
  it("waits for the emails under way: every receipt and notification is delivered exactly once", async () => {
    // A slow mail server: each message takes 1.5 s to be accepted.
    const smtp = await startSmtpServer({ beforeAccept: () => new Promise((r) => setTimeout(r, 1500)) });
    try {
      const server = await startInstance({
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.databaseUrl ?? "",
        SEED_DEMO: "false",
        PUBLIC_URL: "",
        PAGE_CACHE: "off",
        LOG_LEVEL: "warn",
        SMTP_URL: smtp.url,
        INQUIRY_NOTIFY_TO: TEAM,
      });
      const buyers = [1, 2, 3, 4].map((n) => `stop-${n}-${Date.now()}@importer.example`);
      const answers = await Promise.all(
        buyers.map((email) =>
          fetch(`${server.origin}/request-quote`, {
            method: "POST",
            redirect: "manual",
            headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              intent: "send",
              website: "",
              company: "Stop Foods",
              full_name: "Asha Rao",
              email,
              phone: "",
              country: "Kenya",
              delivery_month: month,
              product_id_0: productId,
              quantity_0: "2",
              unit_0: "MT",
            }),
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([302, 302, 302, 302]);
      // Stopped while the emails are on their way.
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);

      // Later, another instance sends whatever is due (long after any claim has run out): nothing is sent twice.
      const config = { smtpUrl: smtp.url, inquiryNotifyTo: TEAM, inquiryNotifyFrom: undefined, publicUrl: undefined };
      const later = () => Date.now() + 10 * 60_000;
      await deliverDueMessages(t.db, sendInquiryMessage(t.db, config as never, later), later);
      for (const email of buyers) expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
      expect(smtp.messages.filter((m) => m.to.includes(TEAM))).toHaveLength(4);
      const rows = await t.db.selectFrom("outbox").select(["kind", "status", "sent_at"]).execute();
      expect(rows).toHaveLength(8);
      expect(rows.every((r) => r.status === "sent" && r.sent_at)).toBe(true);
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it("does not count a sent email as failed when recording it fails for a moment: it is not sent again", async () => {
    let refusing: Promise<void> | undefined;
    // While the mail server takes the receipt, the database refuses every write to the outbox for 1.5 s.
    const smtp = await startSmtpServer({
      beforeAccept: (raw) => {
        if (!/^To: .*bookkeeping-/m.test(raw)) return;
        if (refusing) return;
        // The server answers once the refusal is in place.
        return new Promise<void>((inPlace) => {
          refusing = whileRefusing(t.db, "outbox", "update", () => {
            inPlace();
            return new Promise((r) => setTimeout(r, 1500));
          });
        });
      },
    });
    try {
      const config = { smtpUrl: smtp.url, inquiryNotifyTo: TEAM, inquiryNotifyFrom: undefined, publicUrl: undefined };
      const app = await createTestApp(t.db, t.dataDir, config);
      const buyer = `bookkeeping-${Date.now()}@importer.example`;
      // The first try goes out in the background, after the answer.
      const answer = await app.request("/request-quote", {
        form: {
          intent: "send",
          website: "",
          company: "Ledger Foods",
          full_name: "Ravi Iyer",
          email: buyer,
          phone: "",
          country: "Kenya",
          delivery_month: month,
          product_id_0: productId,
          quantity_0: "1",
          unit_0: "MT",
        },
        ip: "198.51.100.77",
      });
      expect(answer.status).toBe(302);
      await eventually(async () => refusing !== undefined);
      await refusing;
      const inquiry = await t.db
        .selectFrom("inquiries")
        .select("id")
        .where("email", "=", buyer)
        .executeTakeFirstOrThrow();
      const row = () =>
        t.db
          .selectFrom("outbox")
          .selectAll()
          .where("about", "=", inquiryMailAbout(inquiry.id))
          .where("kind", "=", "inquiry-receipt")
          .executeTakeFirstOrThrow();
      await eventually(async () => (await row()).sent_at, 8000).catch(() => null);
      // Long after the try's claim has run out, another run finds nothing due.
      const later = () => Date.now() + 10 * 60_000;
      await deliverDueMessages(t.db, sendInquiryMessage(t.db, config as never, later), later);
      expect(smtp.messages.filter((m) => m.to.includes(buyer))).toHaveLength(1);
      expect(await row()).toMatchObject({ status: "sent", error: null, due_at: null, attempts: 1 });
      expect((await row()).sent_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
