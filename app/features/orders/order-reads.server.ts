import type { Db } from "~/db/database.server";
import type { Order, OrderStatus } from "~/db/schema";
import { ORDERS_PAGE_SIZE } from "./order-status";
import { isLetterOfCredit, type Payment, type PaymentTerms } from "./payment-terms";

/** The payment terms an order row stores, as the payment functions read them. */
export function termsOf(order: Order): PaymentTerms {
  const lc = isLetterOfCredit(order.balance_terms);
  return {
    advancePercent: Number(order.advance_percent),
    advanceDueDate: order.advance_due_date,
    balance: order.balance_terms,
    balanceDueDate: order.balance_due_date,
    lc: lc
      ? {
          number: order.lc_number ?? "",
          issuingBank: order.lc_issuing_bank ?? "",
          expiryDate: order.lc_expiry_date ?? "",
          latestShipmentDate: order.lc_latest_shipment_date ?? "",
          usanceDays: order.lc_usance_days == null ? null : Number(order.lc_usance_days),
        }
      : null,
  };
}

/** An order with its frozen lines and its payments (oldest first), or undefined when there is none. */
export async function findOrder(db: Db, id: string) {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!order) return undefined;
  const [lines, payments] = await Promise.all([
    db.selectFrom("order_lines").selectAll().where("order_id", "=", id).orderBy("position").execute(),
    db
      .selectFrom("order_payments")
      .selectAll()
      .where("order_id", "=", id)
      .orderBy("received_on")
      .orderBy("created_at")
      .execute(),
  ]);
  return { order, lines, payments };
}

/** The order made from a quote revision, if one was. */
export const orderOfQuote = (db: Db, quoteId: string) =>
  db.selectFrom("orders").select(["id", "number"]).where("quote_id", "=", quoteId).executeTakeFirst();

/** The payments of some orders, as the payment functions read them, by order id. */
export async function paymentsOf(db: Db, orderIds: string[]): Promise<Map<string, Payment[]>> {
  const byOrder = new Map<string, Payment[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows = await db
    .selectFrom("order_payments")
    .select(["order_id", "part", "amount_minor", "received_on"])
    .where("order_id", "in", orderIds)
    .execute();
  for (const row of rows)
    byOrder
      .get(row.order_id)
      ?.push({ part: row.part, amountMinor: Number(row.amount_minor), receivedOn: row.received_on });
  return byOrder;
}

/** One page of orders, newest first, optionally of one status, with their payments. */
export async function listOrders(db: Db, { status, page = 1 }: { status?: OrderStatus; page?: number }) {
  let query = db.selectFrom("orders");
  if (status) query = query.where("status", "=", status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const payments = await paymentsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((order) => ({ order, payments: payments.get(order.id) ?? [] })),
    total: Number(count.n),
  };
}
