import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertQuote, type TestDatabase } from "../support/test-db";

// The order desk through the real server (issue 44): 'Create Order' on an accepted quote, the order's page and
// its forms as an administrator uses them, the list with what is due, and a stale page's save refused.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const window = new Window();
const parse = (html: string) => new window.DOMParser().parseFromString(html, "text/html");

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  ({ cookie } = await signedInAs(t.db, "admin"));
});
afterAll(async () => {
  window.close();
  await t?.cleanup();
});

/** What a page says, with money's no-break spaces as plain ones. */
const said = (node: { textContent: string | null } | null | undefined) =>
  (node?.textContent ?? "").replace(/\u00a0/g, " ");
const page = async (path: string) => {
  const response = await app.request(path, { cookie });
  expect(response.status, path).toBe(200);
  return parse(await response.text());
};

describe(`the order desk on ${engineName}`, () => {
  it("makes an order from an accepted quote, then takes its terms, parties, status and payments", async () => {
    const sent = await insertQuote(t.db, { number: "Q-2026-0101", status: "sent" });
    expect((await page(`/admin/quotes/${sent}`)).body.textContent).not.toContain("Create Order");
    // A forged 'Create Order' on a quote the buyer has not accepted is refused.
    const forged = await app.request(`/admin/quotes/${sent}`, { cookie, form: { intent: "create-order" } });
    expect(forged.status).toBe(409);

    const quote = await insertQuote(
      t.db,
      { number: "Q-2026-0102", status: "accepted", buyer_company: "Gulf Fresh LLC", buyer_country: "UAE" },
      [{ product_name: "Nashik Red Onion", quantity: "29", unit: "MT", unit_price_minor: 38_500 }],
    );
    const quotePage = await page(`/admin/quotes/${quote}`);
    expect(quotePage.body.textContent).toContain("Create Order");
    const created = await app.request(`/admin/quotes/${quote}`, { cookie, form: { intent: "create-order" } });
    expect(created.status).toBe(302);
    const orderPath = created.headers.get("Location")!;
    expect(orderPath).toMatch(/^\/admin\/orders\/[\w-]+$/);
    // Twice is the same order; the quote now links to it.
    const again = await app.request(`/admin/quotes/${quote}`, { cookie, form: { intent: "create-order" } });
    expect(again.headers.get("Location")).toBe(orderPath);
    expect((await page(`/admin/quotes/${quote}`)).querySelector('[data-testid="quote-order"]')?.textContent).toMatch(
      /^SO-\d{4}-0001$/,
    );

    const order = await page(orderPath);
    expect(order.querySelector("h1")?.textContent).toMatch(/^Order SO-\d{4}-0001$/);
    expect(order.body.textContent).toContain("Nashik Red Onion");
    expect(said(order.body)).toContain("USD 11,165.00");
    expect(order.querySelector('[data-testid="order-status"]')?.textContent).toBe("Confirmed");

    const terms = await app.request(orderPath, {
      cookie,
      form: {
        intent: "terms",
        version: "1",
        advance_percent: "30",
        advance_due_date: "2026-01-10",
        balance_terms: "lc-sight",
        lc_number: "LC-7788",
        lc_issuing_bank: "Emirates NBD",
        lc_expiry_date: "2099-03-01",
        lc_latest_shipment_date: "2099-02-01",
      },
    });
    expect(terms.status).toBe(302);
    // The same form again, from the page as it was: refused, nothing changed.
    const stale = await app.request(orderPath, {
      cookie,
      form: { intent: "parties", version: "1", consignee: "Someone Else", notify_party: "" },
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This order was changed while you were editing");

    // The dashboard names the advance, late since 10 January; once paid it is gone.
    const due = (await page("/admin/dashboard")).querySelector('[data-testid="payments-due"]');
    expect(said(due)).toContain("Advance USD 3,349.50 · overdue since 10 Jan 2026");
    const payment = {
      intent: "payment",
      key: "payment-key-1",
      part: "advance",
      amount: "3,349.50",
      received_on: "2026-01-09",
    };
    expect((await app.request(orderPath, { cookie, form: payment })).status).toBe(302);
    expect((await app.request(orderPath, { cookie, form: payment })).status).toBe(302);
    const tooMuch = await app.request(orderPath, {
      cookie,
      form: { ...payment, key: "payment-key-2", amount: "20000" },
    });
    expect(tooMuch.status).toBe(400);

    const paid = await page(orderPath);
    expect(said((await page("/admin/dashboard")).querySelector('[data-testid="payments-due"]'))).toContain(
      "Nothing is due on an open order",
    );
    expect(paid.querySelectorAll('[data-testid="order-payments"] li')).toHaveLength(1);
    expect(paid.querySelector('[data-testid="order-terms"]')?.textContent).toContain("30% advance");
    expect(said(paid.querySelector('[data-testid="due-advance"]'))).toContain("USD 0.00");

    const status = await app.request(orderPath, {
      cookie,
      form: { intent: "status", version: "2", to: "in_production" },
    });
    expect(status.status).toBe(302);
    const list = await page("/admin/orders");
    const row = [...list.querySelectorAll("tbody tr")].find((tr) => tr.textContent?.includes("SO-"));
    expect(row?.textContent).toContain("In Production");
    expect(said(row?.querySelector('[data-testid="order-next-due"]'))).toContain("Balance USD 7,815.50");
    expect((await page("/admin/orders?status=cancelled")).body.textContent).toContain("No order has this status.");
  });

  it("answers 404 for an order that does not exist", async () => {
    expect((await app.request("/admin/orders/no-such-order", { cookie })).status).toBe(404);
  });
});
