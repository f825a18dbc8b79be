import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formEntriesOf } from "../support/page-form";
import { demandReport } from "~/features/demand/demand-report.server";
import { insertInquiryLine } from "../support/builders";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertInquiry,
  insertProduct,
  usingPostgres,
  type TestDatabase,
} from "../support/test-db";
import { eventually, mimePart, startSmtpServer } from "../support/smtp";
import { readPdfText } from "../support/pdf-text";
import { holdRows } from "../support/row-lock";

// The quote desk under races (issue 38): a sent revision is never rewritten by a save made at the same moment, and
// one draft is sent once, whoever presses 'Send Quote' at once. On PostgreSQL the requests are held at a row lock
// until all are waiting; SQLite runs them at once, many times.

/** The tests' clock: Wednesday 2 December 2026, 12:00 in India. */
const NOW = Date.parse("2026-12-02T06:30:00.000Z");
const SENT_WHILE_EDITING =
  "This revision was sent while you were editing: nothing was saved. Make a new revision to change it.";
const ALREADY_SENT = "This revision was already sent.";

let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let site: Awaited<ReturnType<typeof createTestApp>>;
let admin: { cookie: string };
let other: { cookie: string };
let productId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  site = await createTestApp(
    t.db,
    t.dataDir,
    { smtpUrl: smtp.url, inquiryNotifyTo: "sales@ganga.example" },
    { clock: () => NOW },
  );
  admin = await signedInAs(t.db, "admin");
  other = await signedInAs(t.db, "admin");
  const categoryId = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  productId = await insertProduct(t.db, {
    name: "Nashik Red Onion",
    slug: "nashik-red-onion",
    category_id: categoryId,
  });
});
afterAll(async () => {
  await smtp?.close();
  await t?.cleanup();
});

const quoteRow = (id: string) => t.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** A draft made from a new quote request of 25 MT of the onion, for a buyer of its own: its id, inquiry and email. */
async function draft(n: number) {
  const email = `buyer${n}-${crypto.randomUUID().slice(0, 8)}@traders.example`;
  const inquiryId = await insertInquiry(t.db, { kind: "quote", full_name: "Rahim Traders", email, email_key: email });
  await insertInquiryLine(t.db, {
    inquiry_id: inquiryId,
    product_id: productId,
    product_name: "Nashik Red Onion",
    quantity: "25",
    unit: "MT",
  });
  const page = await site.request(`/admin/quotes/new?inquiry=${inquiryId}`, { cookie: admin.cookie });
  const form = formEntriesOf(await page.text(), "form:has([name=quote_key])");
  const created = await site.request("/admin/quotes/new", {
    form: [...form, ["intent", "save"]],
    cookie: admin.cookie,
  });
  expect(created.status).toBe(302);
  return { id: created.headers.get("Location")!.split("/").pop()!, inquiryId, email };
}

/** The editor's form as the page sends it: one line of 25 MT at `price`, and `notes`. */
const editor = (intent: "save" | "send", email: string, price: string, notes: string) => ({
  intent,
  buyer_name: "Rahim Traders",
  buyer_email: email,
  buyer_company: "",
  buyer_country: "Bangladesh",
  lang: "en",
  currency: "USD",
  incoterm: "FOB",
  named_port: "Nhava Sheva",
  payment_terms: "30% advance",
  lead_time: "Within 14 days",
  valid_until: "2026-12-16",
  notes,
  line_product_id: productId,
  line_name: "Nashik Red Onion",
  line_grade: "",
  line_packaging: "",
  line_quantity: "25",
  line_unit: "MT",
  line_price: price,
});
const post = (quoteId: string, cookie: string, form: Record<string, string>) =>
  site.request(`/admin/quotes/${quoteId}`, { form, cookie });

/** The PDF text of every quote email the buyer at `email` was sent. */
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

/** What the buyer was sent and what the buyer's page shows now must be the stored revision. */
async function expectOneFrozenRevision(quoteId: string, email: string) {
  const quote = await quoteRow(quoteId);
  expect(quote.status).toBe("sent");
  const total = (quote.total_minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
  const mail = await eventually(async () => mailsTo(email)[0]);
  const pdf = await readPdfText(mimePart(mail.raw, "application/pdf")!);
  expect(pdf).toMatch(new RegExp(`USD\\s${total}`));
  expect(mimePart(mail.raw, "text/plain")!.toString("utf8")).toContain(`/quotes/${quote.token}`);
  const page = await text(await site.request(`/quotes/${quote.token}`));
  expect(page).toContain(total);
  expect(page).toContain(quote.notes);
  return quote;
}

describe(`a save racing a send on ${engineName}`, () => {
  it.runIf(usingPostgres)(
    "refuses the save that read the draft before the send froze it, keeping what was typed",
    async () => {
      const { id, inquiryId, email } = await draft(0);
      // The send is held inside its transaction (the quote row locked, the inquiry's not yet), then the save
      // comes: it read a draft before, and writes after the send's commit.
      const held = await holdRows(t.databaseUrl!, "SELECT id FROM inquiries WHERE id = $1 FOR UPDATE", [inquiryId]);
      let sending: Promise<Response>, saving: Promise<Response>;
      try {
        sending = post(id, admin.cookie, editor("send", email, "300", "Sent at 300."));
        await held.waitForWaiting(1);
        saving = post(id, other.cookie, editor("save", email, "999", "Saved at 999."));
        await held.waitForWaiting(2);
      } finally {
        await held.release();
      }
      const [sent, saved] = await Promise.all([sending!, saving!]);
      expect(sent.status).toBe(302);
      expect(saved.status).toBe(409);
      const page = await text(saved);
      expect(page).toContain(SENT_WHILE_EDITING);
      // The typed values stay on the page.
      expect(page).toContain('value="999"');
      expect(page).toContain("Saved at 999.");

      const quote = await expectOneFrozenRevision(id, email);
      expect(quote).toMatchObject({ total_minor: 750_000, notes: "Sent at 300." });
      const lines = await t.db
        .selectFrom("quote_lines")
        .select("unit_price_minor")
        .where("quote_id", "=", id)
        .execute();
      expect(lines).toEqual([{ unit_price_minor: 30_000 }]);
    },
  );

  it("refuses a save from an editor opened before the send, keeping what was typed on the page", async () => {
    const { id, email } = await draft(50);
    expect((await post(id, admin.cookie, editor("send", email, "300", "Sent at 300."))).status).toBe(302);
    const saved = await post(id, other.cookie, editor("save", email, "999", "Saved at 999."));
    expect(saved.status).toBe(409);
    const page = await text(saved);
    expect(page).toContain(SENT_WHILE_EDITING);
    expect(page).toContain('value="999"');
    expect(page).toContain("Saved at 999.");
    expect(page).not.toContain(">Save Draft<");
    expect(await quoteRow(id)).toMatchObject({ total_minor: 750_000, notes: "Sent at 300." });
  });

  it.runIf(usingPostgres)("keeps a revision sent while 'Delete Draft' was under way", async () => {
    const { id, inquiryId, email } = await draft(60);
    const held = await holdRows(t.databaseUrl!, "SELECT id FROM inquiries WHERE id = $1 FOR UPDATE", [inquiryId]);
    let sending: Promise<Response>, deleting: Promise<Response>;
    try {
      sending = post(id, admin.cookie, editor("send", email, "300", "Sent at 300."));
      await held.waitForWaiting(1);
      deleting = post(id, other.cookie, { intent: "delete" });
      await held.waitForWaiting(2);
    } finally {
      await held.release();
    }
    const [sent, deleted] = await Promise.all([sending!, deleting!]);
    expect(sent.status).toBe(302);
    expect(deleted.status).toBe(409);
    expect(await text(deleted)).toContain("A sent quote is kept as it was sent.");
    await expectOneFrozenRevision(id, email);
  });

  it("never leaves a sent revision other than what the buyer was sent (10 pairs at once)", async () => {
    for (let n = 1; n <= 10; n++) {
      const { id, email } = await draft(n);
      const [sent, saved] = await Promise.all([
        post(id, admin.cookie, editor("send", email, "300", "Sent at 300.")),
        post(id, other.cookie, editor("save", email, "999", "Saved at 999.")),
      ]);
      expect(sent.status).toBe(302);
      expect([302, 409]).toContain(saved.status);
      if (saved.status === 409) expect(await text(saved)).toContain(SENT_WHILE_EDITING);
      await expectOneFrozenRevision(id, email);
      expect(mailsTo(email)).toHaveLength(1);
    }
  });
});

describe(`one draft sent twice at once on ${engineName}`, () => {
  // Demand reads quotes from the records (ADR 0056): one number sent is one deal quoted, however often it was sent.
  const demandOfProduct = async () =>
    (await demandReport(t.db, { days: 30, country: null, page: 1 }, NOW)).products.find(
      (row) => row.productId === productId,
    )?.funnel.quote ?? 0;

  it("is sent once: one email with the stored link, one send and one move on the timeline, demand counted once", async () => {
    const pairs = usingPostgres ? 3 : 10;
    for (let n = 0; n < pairs; n++) {
      const { id, inquiryId, email } = await draft(100 + n);
      expect((await post(id, admin.cookie, editor("save", email, "300", "Ready."))).status).toBe(302);
      const demandBefore = await demandOfProduct();
      const send = (cookie: string) => () => post(id, cookie, editor("send", email, "300", "Ready."));
      let responses: Response[];
      if (usingPostgres) {
        // Both are held at the quote's row, then let go together.
        const held = await holdRows(t.databaseUrl!, "SELECT id FROM quotes WHERE id = $1 FOR UPDATE", [id]);
        const both = Promise.all([send(admin.cookie)(), send(other.cookie)()]);
        try {
          await held.waitForWaiting(2);
        } finally {
          await held.release();
        }
        responses = await both;
      } else responses = await Promise.all([send(admin.cookie)(), send(other.cookie)()]);

      expect(responses.map((r) => r.status).sort()).toEqual([302, 409]);
      const refused = responses.find((r) => r.status === 409)!;
      expect(await text(refused)).toContain(ALREADY_SENT);
      await expectOneFrozenRevision(id, email);
      expect(mailsTo(email)).toHaveLength(1);
      const timeline = await t.db
        .selectFrom("activity")
        .select("action")
        .where("entity", "=", "inquiry")
        .where("entity_id", "=", inquiryId)
        .where("action", "in", ["quote-send", "inquiry-status"])
        .execute();
      expect(timeline.map((row) => row.action).sort()).toEqual(["inquiry-status", "quote-send"]);
      expect(await demandOfProduct()).toBe(demandBefore + 1);
    }
  });
});
