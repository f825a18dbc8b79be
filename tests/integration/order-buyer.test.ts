import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { BUCKET } from "~/lib/storage/storage.server";
import { readPdfText } from "../support/pdf-text";
import { mimePart, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { holdRows } from "../support/row-lock";
import { containerForm, voyageForm } from "../support/shipment-forms";
import { createTestDatabase, engineName, insertQuote, type TestDatabase, usingPostgres } from "../support/test-db";

// What the buyer gets after 'Create Order' (issue 44), through the real server and a real SMTP server: the proforma
// emailed in the order's language with its PDF, a revision for each change, the order's own page at its
// unguessable link, and the emails when a shipment sails and a payment arrives; documents shared once the ship has
// sailed and only when 'Documents agree' has nothing open on them.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp(t.db, t.dataDir, {
    smtpUrl: smtp.url,
    inquiryNotifyTo: "sales@ganga.example",
    inquiryNotifyFrom: "website@ganga.example",
  });
  ({ cookie } = await signedInAs(t.db, "admin"));
  ({ cookie: otherCookie } = await signedInAs(t.db, "admin"));
});
afterAll(async () => {
  await smtp?.close();
  await t?.cleanup();
});

const plain = (text: string) => text.replace(/[\u00a0\u2066-\u2069]/g, (c) => (c === "\u00a0" ? " " : ""));
const textOf = (raw: string) => plain(mimePart(raw, "text/plain")!.toString("utf8"));
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

async function newOrder(number: string, lang: string, buyer_email: string) {
  const quote = await insertQuote(
    t.db,
    { number, status: "accepted", lang, buyer_email, buyer_name: "Rahim Uddin", named_port: "Chittagong" },
    [{ product_name: "Nashik Red Onion", quantity: "29", unit: "MT", unit_price_minor: 38_500 }],
  );
  const created = await app.request(`/admin/quotes/${quote}`, { cookie, form: { intent: "create-order" } });
  const path = created.headers.get("Location")!;
  const order = await t.db.selectFrom("orders").selectAll().where("quote_id", "=", quote).executeTakeFirstOrThrow();
  return { path, order, buyerPage: `/orders/${order.token}` };
}

const version = async (id: string) =>
  String((await t.db.selectFrom("orders").select("version").where("id", "=", id).executeTakeFirstOrThrow()).version);

describe(`the buyer's side of an order on ${engineName}`, () => {
  it("emails the proforma in the order's language, sends it again unchanged, and makes a revision after a change", async () => {
    const { path, order, buyerPage } = await newOrder("Q-2026-0301", "bn", "rahim@dhaka.example");
    expect(await (await app.request(path, { cookie })).text()).toContain("Send Proforma");

    const first = await app.request(path, { cookie, form: { intent: "proforma", version: "1" } });
    expect(first.status).toBe(302);
    const [mail] = mailsTo("rahim@dhaka.example");
    const text = textOf(mail!.raw);
    expect(text).toContain("প্রোফর্মা");
    expect(text).toContain(order.number);
    expect(text).toContain(`${buyerPage}`);
    const pdf = plain(await readPdfText(mimePart(mail!.raw, "application/pdf")!));
    expect(pdf).toContain(`Proforma Invoice ${order.number}`);
    expect(pdf).toMatch(/Revision\s+1\b/);

    // Unchanged: the same revision again, not a new one.
    expect((await app.request(path, { cookie, form: { intent: "proforma", version: "1" } })).status).toBe(302);
    expect(mailsTo("rahim@dhaka.example")).toHaveLength(2);
    const revisions = () =>
      t.db.selectFrom("order_proformas").selectAll().where("order_id", "=", order.id).orderBy("revision").execute();
    expect((await revisions()).map((r) => r.revision)).toEqual([1]);

    // The terms change: a send from the page read before is refused, the next one is revision 2.
    const terms = { intent: "terms", version: "1", advance_percent: "30", advance_due_date: "2026-01-10" };
    expect((await app.request(path, { cookie, form: { ...terms, balance_terms: "cad" } })).status).toBe(302);
    const stale = await app.request(path, { cookie, form: { intent: "proforma", version: "1" } });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This order was changed while you were reading it");
    expect(await (await app.request(path, { cookie })).text()).toContain("Send Revision 2");
    const second = await app.request(path, { cookie, form: { intent: "proforma", version: await version(order.id) } });
    expect(second.status).toBe(302);
    const [one, two] = await revisions();
    expect(two!.revision).toBe(2);
    const revised = mailsTo("rahim@dhaka.example")[2]!;
    expect(textOf(revised.raw)).toContain(plain(wordingOf("bn").t("order.proforma.revised", { revision: 2 })));
    expect(plain(await readPdfText(mimePart(revised.raw, "application/pdf")!))).toContain("30% advance");

    // Revision 1 stays as it was sent; the buyer's page offers the newest.
    const kept = await app.request(`${path}/proformas/${one!.id}`, { cookie });
    expect(kept.headers.get("cache-control")).toBe("no-store");
    const keptText = plain(await readPdfText(new Uint8Array(await kept.arrayBuffer())));
    expect(keptText).toMatch(/Revision\s+1\b/);
    expect(keptText).not.toContain("30% advance");
    const newest = await app.request(`${buyerPage}/proforma.pdf`);
    expect(newest.status).toBe(200);
    expect(newest.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(plain(await readPdfText(new Uint8Array(await newest.arrayBuffer())))).toMatch(/Revision\s+2\b/);
    // A step of the order changes nothing the proforma prints: the next send is the same revision again.
    const step = { intent: "status", version: await version(order.id), to: "in_production" };
    expect((await app.request(path, { cookie, form: step })).status).toBe(302);
    expect(await (await app.request(path, { cookie })).text()).toContain("Send Again");
    // Another order's proforma is not reached through this one's address.
    const other = await newOrder("Q-2026-0302", "en", "someone@else.example");
    expect((await app.request(`${other.path}/proformas/${one!.id}`, { cookie })).status).toBe(404);
  });

  it("sends one revision when two people press 'Send Proforma' at once, and keeps no stray file", async () => {
    const rounds = usingPostgres ? 1 : 5;
    for (let n = 0; n < rounds; n++) {
      const { path, order } = await newOrder(`Q-2026-04${n}0`, "en", `race${n}@buyer.example`);
      const send = (who: string) => app.request(path, { cookie: who, form: { intent: "proforma", version: "1" } });
      let answers: Response[];
      if (usingPostgres) {
        // Both are held at the order's row lock inside their transactions, their PDFs made, then let go together.
        const held = await holdRows(t.databaseUrl!, "SELECT id FROM orders WHERE id = $1 FOR UPDATE", [order.id]);
        let sending: Promise<Response>[];
        try {
          sending = [send(cookie), send(otherCookie)];
          await held.waitForWaiting(2);
        } finally {
          await held.release();
        }
        answers = await Promise.all(sending!);
      } else answers = await Promise.all([send(cookie), send(otherCookie)]);
      expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(await refused.text()).toContain("Revision 1 was sent a moment ago: it is not sent twice.");
      const rows = await t.db.selectFrom("order_proformas").selectAll().where("order_id", "=", order.id).execute();
      expect(rows).toHaveLength(1);
      expect(mailsTo(`race${n}@buyer.example`)).toHaveLength(1);
      const folder = join(t.dataDir, "storage", BUCKET, "order-proformas", order.id);
      expect(readdirSync(folder)).toEqual([`${rows[0]!.id}.pdf.document`]);
      // Kept privately: the public media route never serves it.
      expect((await app.request(`/media/${BUCKET}/${rows[0]!.file_path}`)).status).toBe(404);
    }
  });

  it("shows the buyer's page in the order's language, never cached or indexed; any other token is a 404", async () => {
    const { order, buyerPage } = await newOrder("Q-2026-0303", "ar", "ahmed@dubai.example");
    const page = await app.request(buyerPage);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = plain(await page.text());
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain(order.number);
    expect(html).toContain("مؤكَّد");
    expect(html).not.toContain("Proforma");
    const forged = order.token.slice(0, -1) + (order.token.endsWith("A") ? "B" : "A");
    for (const path of [
      `/orders/${forged}`,
      "/orders/short",
      `/orders/${forged}/proforma.pdf`,
      `${buyerPage}/proforma.pdf`,
    ])
      expect((await app.request(path)).status, path).toBe(404);
    expect(await (await app.request("/robots.txt")).text()).toContain("Disallow: /orders/");
  });

  it("tells the buyer when the shipment sails and a payment arrives, and shares only the documents that agree", async () => {
    const { path, order, buyerPage } = await newOrder("Q-2026-0304", "ar", "ahmed@gulf.example");
    const shipment = (await app.request(path, { cookie, form: { intent: "add-shipment" } })).headers.get("Location")!;
    const lineId = (
      await t.db.selectFrom("order_lines").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow()
    ).id;
    expect((await app.request(shipment, { cookie, form: containerForm(lineId) })).status).toBe(302);
    const shipmentVersion = async () =>
      String((await t.db.selectFrom("shipments").select("version").executeTakeFirstOrThrow()).version);
    expect((await app.request(shipment, { cookie, form: voyageForm(await shipmentVersion()) })).status).toBe(302);
    expect((await app.request(shipment, { cookie, form: { intent: "make", kind: "commercial-invoice" } })).status).toBe(
      302,
    );
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "upload",
      kind: "phytosanitary",
      document_number: "PSC/118",
      issued_on: "2026-11-28",
      gross_kg: "29,600",
    }))
      form.append(name, value);
    form.append(
      "file",
      new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "phyto.pdf", { type: "application/pdf" }),
    );
    expect((await app.request(shipment, { cookie, multipart: form })).status).toBe(302);
    const documents = await t.db.selectFrom("shipment_documents").select(["id", "kind"]).execute();
    const invoice = documents.find((d) => d.kind === "commercial-invoice")!;
    const phyto = documents.find((d) => d.kind === "phytosanitary")!;

    // Before it sails: the shipment is on the buyer's page, its documents are not.
    let html = plain(await (await app.request(buyerPage)).text());
    expect(html).toContain("MSC Aurora AU245W");
    expect(html).not.toContain(`/documents/${invoice.id}`);
    expect((await app.request(`${buyerPage}/documents/${invoice.id}`)).status).toBe(404);

    for (const to of ["stuffed", "sailed"])
      expect(
        (await app.request(shipment, { cookie, form: { intent: "status", version: await shipmentVersion(), to } }))
          .status,
      ).toBe(302);
    const [sailed] = mailsTo("ahmed@gulf.example");
    const sailedText = textOf(sailed!.raw);
    for (const said of ["MSC Aurora AU245W", "MEDU1234567", "Jebel Ali", buyerPage])
      expect(sailedText, said).toContain(said);
    expect(sailedText).toContain("أبحرت");
    expect(
      (await t.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status,
    ).toBe("shipped");

    // Sailed: the invoice is shared; the certificate whose weight differs is not, until a person accepts it.
    html = plain(await (await app.request(buyerPage)).text());
    expect(html).toContain(`/documents/${invoice.id}`);
    expect(html).not.toContain(`/documents/${phyto.id}`);
    expect((await app.request(`${buyerPage}/documents/${invoice.id}`)).status).toBe(200);
    expect((await app.request(`${buyerPage}/documents/${phyto.id}`)).status).toBe(404);
    const desk = await (await app.request(shipment, { cookie })).text();
    const seen = /name="seen" value="([^"]+)"/.exec(desk)![1];
    const accept = { intent: "accept", document_id: phyto.id, seen };
    expect((await app.request(shipment, { cookie, form: accept })).status).toBe(302);
    const shared = await app.request(`${buyerPage}/documents/${phyto.id}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("no-store");

    // A payment: recorded once, the buyer emailed in Arabic with what is left to pay.
    const payment = {
      intent: "payment",
      key: crypto.randomUUID(),
      part: "balance",
      amount: "3000.00",
      received_on: "2026-11-20",
      reference: "TT 4471",
    };
    expect((await app.request(path, { cookie, form: payment })).status).toBe(302);
    const paid = mailsTo("ahmed@gulf.example")[1]!;
    const paidText = textOf(paid.raw);
    expect(paidText).toContain("3,000.00");
    expect(paidText).toContain("8,165.00");
    html = plain(await (await app.request(buyerPage)).text());
    expect(html).toContain("3,000.00");
  });
});
