import type { Db } from "~/db/database.server";
import { formatMoney } from "~/lib/money";
import { formatDay } from "~/lib/site-time";
import { paymentsOf, termsOf } from "./order-reads.server";
import { PAYMENTS_DUE_AHEAD_DAYS } from "./order-status";
import { letterOfCreditWarnings, whatIsDue } from "./payment-terms";

/** The most items the dashboard lists; the rest are counted. */
const SHOWN = 8;
/** The open orders read: far more than a produce exporter has at sea or in production at once. */
const OPEN_ORDERS_READ = 1_000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface PaymentDue {
  orderId: string;
  number: string;
  buyer: string;
  /** "Advance USD 3,900.00", or the letter of credit's warning. */
  what: string;
  /** "5 Dec 2026", or null for a warning that says its own date. */
  due: string | null;
  overdue: boolean;
  /** For the order of the list: the day it is about. */
  day: string;
}

/**
 * The dashboard's 'Payments Due' (issue 44): in the open orders (confirmed, in production, shipped), each part of a
 * payment outstanding and due within PAYMENTS_DUE_AHEAD_DAYS or already overdue, and each letter of credit's expiry
 * or latest shipment date 14 or 3 days ahead or passed; soonest first, overdue ones first of all.
 */
export async function listPaymentsDue(db: Db, today: string): Promise<{ items: PaymentDue[]; total: number }> {
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("status", "in", ["confirmed", "in_production", "shipped"])
    .orderBy("created_at")
    .limit(OPEN_ORDERS_READ)
    .execute();
  const payments = await paymentsOf(
    db,
    orders.map((order) => order.id),
  );
  const horizon = addDays(today, PAYMENTS_DUE_AHEAD_DAYS);
  const items: PaymentDue[] = [];
  for (const order of orders) {
    const terms = termsOf(order);
    const base = { orderId: order.id, number: order.number, buyer: order.buyer_company || order.buyer_name };
    const due = whatIsDue(Number(order.total_minor), terms, payments.get(order.id) ?? [], today);
    for (const part of due.parts)
      if (part.outstandingMinor > 0 && part.dueDate && part.dueDate <= horizon)
        items.push({
          ...base,
          what: `${part.part === "advance" ? "Advance" : "Balance"} ${formatMoney(part.outstandingMinor, order.currency)}`,
          due: formatDay(part.dueDate),
          overdue: part.overdue,
          day: part.dueDate,
        });
    for (const warning of letterOfCreditWarnings(terms, today, order.status === "shipped"))
      items.push({
        ...base,
        what: warning.message,
        due: null,
        overdue: warning.level !== "14-days",
        day: warning.date,
      });
  }
  items.sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.day.localeCompare(b.day));
  return { items: items.slice(0, SHOWN), total: items.length };
}
