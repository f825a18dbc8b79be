import { Link } from "react-router";
import { PAYMENTS_DUE_AHEAD_DAYS } from "~/features/orders/order-status";
import type { PaymentDue } from "~/features/orders/payments-due.server";

/** The dashboard's 'Payments Due' (issue 44): each item opens its order; late ones in red. */
export function PaymentsDue({ list: paymentsDue }: { list: { items: PaymentDue[]; total: number } }) {
  return (
    <section
      aria-labelledby="payments-due-heading"
      data-testid="payments-due"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id="payments-due-heading"
        className="flex items-center justify-between gap-2 text-xl font-semibold text-brand-900"
      >
        Payments Due
        <span className="text-base font-semibold text-slate-600" data-testid="payments-due-count">
          {paymentsDue.total}
        </span>
      </h2>
      {paymentsDue.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{`Nothing is due on an open order in the next ${PAYMENTS_DUE_AHEAD_DAYS} days.`}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {paymentsDue.items.map((item) => (
            <li key={`${item.orderId}-${item.what}`} className="py-2">
              <Link
                to={`/admin/orders/${item.orderId}`}
                className="block font-medium break-words text-brand-800 underline-offset-2 hover:underline"
              >
                {`${item.number} · ${item.buyer}`}
              </Link>
              <span className={`text-sm ${item.overdue ? "font-semibold text-red-700" : "text-slate-600"}`}>
                {item.due
                  ? `${item.what} · ${item.overdue ? `overdue since ${item.due}` : `due ${item.due}`}`
                  : item.what}
              </span>
            </li>
          ))}
        </ul>
      )}
      {paymentsDue.total > paymentsDue.items.length ? (
        <p className="mt-2 text-sm text-muted">{`and ${paymentsDue.total - paymentsDue.items.length} more`}</p>
      ) : null}
    </section>
  );
}
