import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { createOrder } from "~/features/orders/create-order.server";
import { findOrder, termsOf } from "~/features/orders/order-reads.server";
import {
  recordPayment,
  saveOrderParties,
  saveOrderTerms,
  setOrderStatus,
} from "~/features/orders/order-updates.server";
import { whatIsDue } from "~/features/orders/payment-terms";
import { listPaymentsDue } from "~/features/orders/payments-due.server";
import { serializeTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { EMPTY_TRADE_TERMS } from "~/features/catalogue/trade-terms/vocabulary";
import type { Actor } from "~/lib/actor";
import { newId, nowIso } from "~/lib/time";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  insertQuote,
  type TestDatabase,
  usingPostgres,
} from "../support/test-db";

// Orders made from accepted quotes (issue 44) on a real database: what is frozen, the numbering on two instances at
// once, one order per quote, versioned changes, the status's steps and payments.
let t: TestDatabase;
let actor: Actor;
const TZ = "Asia/Kolkata";
const NOW = Date.parse("2026-11-29T06:00:00Z");
const at = { now: NOW, timeZone: TZ };

beforeAll(async () => {
  t = await createTestDatabase();
  const id = newId();
  await t.db
    .insertInto("users")
    .values({ id, email: "desk@example.com", password_hash: "x", created_at: nowIso(), updated_at: nowIso() })
    .execute();
  actor = { id, email: "desk@example.com", fullName: "Desk Admin" };
});
afterAll(async () => t?.cleanup());
beforeEach(async () => {
  for (const table of [
    "order_payments",
    "order_lines",
    "orders",
    "order_numbers",
    "quote_lines",
    "quotes",
    "activity",
  ] as const)
    await t.db.deleteFrom(table).execute();
});

let quoteSerial = 0;
async function acceptedQuote(db: Db = t.db, lines?: Parameters<typeof insertQuote>[2]) {
  quoteSerial++;
  return insertQuote(
    db,
    {
      number: `Q-2026-${String(quoteSerial).padStart(4, "0")}`,
      status: "accepted",
      currency: "USD",
      buyer_company: "Dhaka Fresh Ltd",
      buyer_country: "Bangladesh",
    },
    lines,
  );
}

describe(`orders on ${engineName}`, () => {
  it("is made only from an accepted quote, with its lines, prices and terms frozen against later catalogue changes", async () => {
    const category = await insertCategory(t.db, { name: "Onions", slug: `onions-${newId()}` });
    const product = await insertProduct(t.db, {
      category_id: category,
      name: "Nashik Red Onion",
      slug: `nashik-${newId()}`,
      trade_terms: serializeTradeTerms({ ...EMPTY_TRADE_TERMS, hs_code: "0703.10" }),
    });
    const sent = await insertQuote(t.db, { number: "Q-2026-0500", status: "sent" });
    expect(await createOrder(t.db, actor, sent, at)).toMatchObject({ ok: false, status: 409 });
    expect(await createOrder(t.db, actor, "no-such-quote", at)).toMatchObject({ ok: false, status: 404 });

    const quote = await acceptedQuote(t.db, [
      { product_id: product, product_name: "Nashik Red Onion", quantity: "26", unit: "MT", unit_price_minor: 41_000 },
      { product_name: "Garlic", quantity: "2.5", unit: "MT", unit_price_minor: 120_000 },
    ]);
    const made = await createOrder(t.db, actor, quote, at);
    expect(made).toMatchObject({ ok: true, number: "SO-2026-0001", existed: false });
    if (!made.ok) return;
    // The catalogue and the quote change afterwards; the order does not.
    await t.db
      .updateTable("products")
      .set({ name: "Renamed", trade_terms: serializeTradeTerms(EMPTY_TRADE_TERMS) })
      .where("id", "=", product)
      .execute();
    await t.db.updateTable("quote_lines").set({ unit_price_minor: 1 }).where("quote_id", "=", quote).execute();
    const found = await findOrder(t.db, made.id);
    expect(found?.order).toMatchObject({
      status: "confirmed",
      currency: "USD",
      incoterm: "FOB",
      named_port: "Nhava Sheva",
      buyer_name: "A Buyer",
      consignee: "Dhaka Fresh Ltd\nBangladesh",
      notify_party: "Dhaka Fresh Ltd\nBangladesh",
      quote_id: quote,
    });
    expect(Number(found?.order.total_minor)).toBe(26 * 41_000 + 2.5 * 120_000);
    expect(found?.order.token).toMatch(/^[\w-]{32}$/);
    expect(found?.lines.map((l) => [l.product_name, l.quantity, Number(l.unit_price_minor), l.hs_code])).toEqual([
      ["Nashik Red Onion", "26", 41_000, "0703.10"],
      ["Garlic", "2.5", 120_000, null],
    ]);
    // A second click is the same order.
    expect(await createOrder(t.db, actor, quote, at)).toMatchObject({ ok: true, id: made.id, existed: true });
  });

  it("numbers orders per year, never twice, when two instances create them at the same moment", async () => {
    // A second instance on PostgreSQL, its own pool; SQLite is one instance's file (its writes queue on one connection).
    const other = usingPostgres ? createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir }) : t.db;
    try {
      const quotes = await Promise.all([acceptedQuote(), acceptedQuote(), acceptedQuote(), acceptedQuote()]);
      // Two instances, two orders each, all at once; and the same quote from both instances at once.
      const made = await Promise.all([
        createOrder(t.db, actor, quotes[0]!, at),
        createOrder(other, actor, quotes[1]!, at),
        createOrder(t.db, actor, quotes[2]!, at),
        createOrder(other, actor, quotes[3]!, at),
        createOrder(other, actor, quotes[0]!, at),
      ]);
      const numbers = made.map((m) => (m.ok ? m.number : m.message));
      expect(new Set(numbers.slice(0, 4)).size).toBe(4);
      expect(numbers.slice(0, 4).sort()).toEqual(["SO-2026-0001", "SO-2026-0002", "SO-2026-0003", "SO-2026-0004"]);
      expect(numbers[4]).toBe(numbers[0]);
      const rows = await t.db.selectFrom("orders").select("quote_id").execute();
      expect(rows).toHaveLength(4);
      // The next year starts again at 1.
      const next = await createOrder(t.db, actor, await acceptedQuote(), {
        now: Date.parse("2027-01-01T00:00:00Z"),
        timeZone: TZ,
      });
      expect(next).toMatchObject({ ok: true, number: "SO-2027-0001" });
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });

  it("changes parties, terms and status only from the version it was opened on, and only forward", async () => {
    const made = await createOrder(t.db, actor, await acceptedQuote(), at);
    if (!made.ok) throw new Error(made.message);
    const parties = { consignee: "Dhaka Fresh Ltd\nPlot 4, Kawran Bazar", notify_party: "Chittagong Agents" };
    expect(await saveOrderParties(t.db, actor, made.id, { version: 1, ...parties }, NOW)).toMatchObject({ ok: true });
    // A page opened before that save is refused, with the version now.
    expect(await saveOrderParties(t.db, actor, made.id, { version: 1, ...parties }, NOW)).toMatchObject({
      ok: false,
      status: 409,
      version: "2",
    });
    const terms = {
      advancePercent: 30,
      advanceDueDate: "2026-12-05",
      balance: "lc-sight" as const,
      balanceDueDate: null,
      lc: {
        number: "LC123",
        issuingBank: "Sonali Bank",
        expiryDate: "2027-02-10",
        latestShipmentDate: "2027-01-20",
        usanceDays: null,
      },
    };
    expect(await saveOrderTerms(t.db, actor, made.id, 2, terms, NOW)).toMatchObject({ ok: true });
    const found = await findOrder(t.db, made.id);
    expect(termsOf(found!.order)).toEqual(terms);
    expect(found?.order.consignee).toBe(parties.consignee);

    expect(await setOrderStatus(t.db, actor, made.id, 3, "shipped", NOW)).toMatchObject({ ok: false, status: 409 });
    expect(await setOrderStatus(t.db, actor, made.id, 3, "in_production", NOW)).toMatchObject({ ok: true });
    expect(await setOrderStatus(t.db, actor, made.id, 4, "cancelled", NOW)).toMatchObject({ ok: true });
    // Cancelled is final: no status, terms or parties change any more.
    expect(await setOrderStatus(t.db, actor, made.id, 5, "in_production", NOW)).toMatchObject({ ok: false });
    expect(await saveOrderParties(t.db, actor, made.id, { version: 5, ...parties }, NOW)).toMatchObject({
      ok: false,
      status: 409,
    });
    const log = await t.db
      .selectFrom("activity")
      .select(["action", "summary"])
      .where("entity_label", "=", made.number)
      .execute();
    expect(log.map((row) => row.action).sort()).toEqual(
      ["order-create", "order-status", "order-status", "order-update", "order-update"].sort(),
    );
  });

  it("records payments exactly, once per form, never past the total or in the future, and says what is due", async () => {
    const quote = await acceptedQuote(t.db, [
      { product_name: "Onion", quantity: "10", unit: "MT", unit_price_minor: 100_001 },
    ]);
    const made = await createOrder(t.db, actor, quote, at);
    if (!made.ok) throw new Error(made.message);
    const terms = {
      advancePercent: 33,
      advanceDueDate: "2026-12-01",
      balance: "documents" as const,
      balanceDueDate: "2027-01-15",
      lc: null,
    };
    await saveOrderTerms(t.db, actor, made.id, 1, terms, NOW);
    const pay = (key: string, amount: string, received_on = "2026-11-28", part: "advance" | "balance" = "advance") =>
      recordPayment(t.db, actor, made.id, { key, part, amount, received_on, reference: "SWIFT 1" }, at);
    expect(await pay("payment-one", "1,000.00")).toMatchObject({ ok: true, existed: false });
    expect(await pay("payment-one", "1,000.00")).toMatchObject({ ok: true, existed: true });
    expect(await pay("payment-two", "0")).toMatchObject({ ok: false, field: "amount" });
    expect(await pay("payment-two", "12.345")).toMatchObject({ ok: false, field: "amount" });
    expect(await pay("payment-two", "5", "2026-11-30")).toMatchObject({ ok: false, field: "received_on" });
    expect(await pay("payment-two", "9,100.00")).toMatchObject({ ok: false, field: "amount" });

    const found = await findOrder(t.db, made.id);
    expect(found?.payments.map((p) => Number(p.amount_minor))).toEqual([100_000]);
    const due = whatIsDue(
      Number(found!.order.total_minor),
      termsOf(found!.order),
      found!.payments.map((p) => ({ part: p.part, amountMinor: Number(p.amount_minor), receivedOn: p.received_on })),
      "2026-12-02",
    );
    // 33 % of 1,000,010 is 330,003 (in cents): 230,003 of the advance is left, and overdue.
    expect(due.next).toEqual({ part: "advance", amountMinor: 230_003, dueDate: "2026-12-01" });
    expect(due.overdueMinor).toBe(230_003);
    expect(due.outstandingMinor).toBe(1_000_010 - 100_000);
  });

  it("lists on the dashboard what is due within 14 days or overdue, and the LC's dates, on open orders only", async () => {
    const order = async (terms: Parameters<typeof saveOrderTerms>[4], cancel = false) => {
      const made = await createOrder(t.db, actor, await acceptedQuote(), at);
      if (!made.ok) throw new Error(made.message);
      await saveOrderTerms(t.db, actor, made.id, 1, terms, NOW);
      if (cancel) await setOrderStatus(t.db, actor, made.id, 2, "cancelled", NOW);
      return made.number;
    };
    const advance = (advanceDueDate: string) => ({
      advancePercent: 50,
      advanceDueDate,
      balance: "documents" as const,
      balanceDueDate: null,
      lc: null,
    });
    const overdue = await order(advance("2026-11-20"));
    const soon = await order(advance("2026-12-10"));
    await order(advance("2027-01-20"));
    await order(advance("2026-11-20"), true);
    const lc = await order({
      advancePercent: 0,
      advanceDueDate: null,
      balance: "lc-sight",
      balanceDueDate: null,
      lc: {
        number: "LC-9",
        issuingBank: "Bank",
        expiryDate: "2026-12-01",
        latestShipmentDate: "2026-11-30",
        usanceDays: null,
      },
    });
    const { items, total } = await listPaymentsDue(t.db, "2026-11-29");
    expect(total).toBe(4);
    expect(items.map((item) => [item.number, item.overdue])).toEqual([
      [overdue, true],
      [lc, true],
      [lc, true],
      [soon, false],
    ]);
    expect(items[0]?.what).toBe("Advance USD\u00a04,000.00");
    expect(
      items
        .filter((item) => item.number === lc)
        .map((item) => item.what)
        .join(" "),
    ).toContain("LC-9");
  });
});
