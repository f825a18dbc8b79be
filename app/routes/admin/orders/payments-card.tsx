import { AlertTriangle } from "lucide-react";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import type { OrderStatus } from "~/db/schema";
import type { orderMoney } from "~/features/orders/order-summary.server";
import { RecordPaymentForm } from "./order-panels";

type Money = ReturnType<typeof orderMoney>;
interface PaymentRow {
  id: string;
  part: string;
  amount: string;
  receivedOn: string;
  reference: string;
  by: string | null;
}

/** The order's money (issue 44): its terms, each part's amount, what was received and is outstanding, 'Record Payment'. */
export function PaymentsCard({
  money,
  payments,
  status,
  currency,
  result,
  paymentKey,
  today,
}: {
  money: Money;
  payments: PaymentRow[];
  status: OrderStatus;
  currency: string;
  result: unknown;
  paymentKey: string;
  today: string;
}) {
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold text-brand-900">Payments</h2>
      <p className="mb-4 text-sm text-slate-700" data-testid="order-terms">
        {money.terms}
      </p>
      {money.warnings.length ? (
        <ul className="mb-4 space-y-2" data-testid="lc-warnings">
          {money.warnings.map((warning) => (
            <li
              key={warning.fact}
              className={`flex items-start gap-2 rounded-md px-3 py-2 text-sm ${warning.level === "14-days" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-900"}`}
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> {warning.message}
            </li>
          ))}
        </ul>
      ) : null}
      <AdminTable
        count={money.parts.length}
        empty="Nothing to pay."
        columns={
          <>
            <th className="px-4 py-3">Part</th>
            <th className="hidden px-4 py-3 text-end sm:table-cell">Amount</th>
            <th className="hidden px-4 py-3 text-end sm:table-cell">Received</th>
            <th className="px-4 py-3 text-end">Outstanding</th>
            <th className="px-4 py-3">Due</th>
          </>
        }
      >
        {money.parts.map((part) => (
          <tr key={part.part} data-testid={`due-${part.part}`}>
            <td className="px-4 py-2">{part.part === "advance" ? "Advance" : "Balance"}</td>
            <td className="hidden px-4 py-2 text-end whitespace-nowrap sm:table-cell">{part.amount}</td>
            <td className="hidden px-4 py-2 text-end whitespace-nowrap sm:table-cell">{part.paid}</td>
            <td className="px-4 py-2 text-end whitespace-nowrap">{part.outstanding}</td>
            <td className={`px-4 py-2 ${part.overdue ? "font-semibold text-red-700" : ""}`}>
              {part.dueDate ? (part.overdue ? `Overdue since ${part.dueDate}` : part.dueDate) : "—"}
            </td>
          </tr>
        ))}
      </AdminTable>
      {payments.length ? (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-brand-900">Received</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="order-payments">
            {payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap gap-x-4 py-2">
                <span className="font-medium">{payment.amount}</span>
                <span>{payment.part === "advance" ? "Advance" : "Balance"}</span>
                <span>{payment.receivedOn}</span>
                {payment.reference ? <span className="text-slate-600">{payment.reference}</span> : null}
                {payment.by ? <span className="text-slate-600">by {payment.by}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {status !== "cancelled" ? (
        <div className="mt-6 border-t border-slate-100 pt-6">
          <h3 className="mb-4 font-semibold text-brand-900">Record Payment</h3>
          {/* A new form after each load: a payment just recorded is not left typed in it to be sent again. */}
          <RecordPaymentForm
            key={paymentKey}
            result={result}
            paymentKey={paymentKey}
            currency={currency}
            today={today}
            nextPart={money.next?.part ?? "balance"}
          />
        </div>
      ) : null}
    </Card>
  );
}
