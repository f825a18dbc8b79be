import type { Order, OrderPayment } from "~/db/schema";
import { formatMoney } from "~/lib/money";
import { formatDay } from "~/lib/site-time";
import { termsOf } from "./order-reads.server";
import { describePaymentTerms, letterOfCreditWarnings, type Payment, whatIsDue } from "./payment-terms";

/** Stored payments as the payment functions read them. */
export const asPayments = (rows: Pick<OrderPayment, "part" | "amount_minor" | "received_on">[]): Payment[] =>
  rows.map((row) => ({ part: row.part, amountMinor: Number(row.amount_minor), receivedOn: row.received_on }));

/**
 * What the back office shows of an order's money on a day (the site's): its terms in words, each part with what was
 * paid and what is left, what is due next and whether it is late, and the letter of credit's warnings while the
 * order is open.
 */
export function orderMoney(order: Order, payments: Payment[], today: string) {
  const terms = termsOf(order);
  const total = Number(order.total_minor);
  const due = whatIsDue(total, terms, payments, today);
  const money = (minor: number) => formatMoney(minor, order.currency);
  const open = order.status !== "completed" && order.status !== "cancelled";
  return {
    terms: describePaymentTerms(terms, order.currency, total),
    total: money(total),
    parts: due.parts.map((part) => ({
      part: part.part,
      amount: money(part.amountMinor),
      paid: money(part.paidMinor),
      outstanding: money(part.outstandingMinor),
      dueDate: part.dueDate ? formatDay(part.dueDate) : null,
      overdue: open && part.overdue,
    })),
    outstanding: money(due.outstandingMinor),
    overdue: open && due.overdueMinor > 0 ? money(due.overdueMinor) : null,
    next:
      open && due.next
        ? {
            part: due.next.part,
            amount: money(due.next.amountMinor),
            dueDate: due.next.dueDate ? formatDay(due.next.dueDate) : null,
            overdue: due.next.dueDate !== null && today > due.next.dueDate,
          }
        : null,
    warnings: open ? letterOfCreditWarnings(terms, today, order.status === "shipped") : [],
  };
}
