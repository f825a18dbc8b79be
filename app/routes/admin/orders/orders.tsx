import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Pagination } from "~/components/admin/list-controls";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClass } from "~/components/ui/button";
import { StatusFilter } from "~/components/admin/status-filter";
import { SiteTime } from "~/components/admin/site-time";
import { listOrders } from "~/features/orders/order-reads.server";
import { isOrderStatus, ORDER_STATUS_LABELS, ORDER_STATUSES, ORDERS_PAGE_SIZE } from "~/features/orders/order-status";
import { orderMoney } from "~/features/orders/order-summary.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { siteToday } from "~/lib/site-time";
import { getServices } from "~/services.server";
import { OrderStatusBadge } from "./order-status-badge";
import type { Route } from "./+types/orders";

// 'Orders' (issue 44): every order made from an accepted quote, newest first, with what is due next.
export const meta = () => [{ title: "Orders" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const [{ rows, total }, timeZone] = await Promise.all([
    listOrders(db, { status: isOrderStatus(status) ? status : undefined, page }),
    siteTimeZone(db),
  ]);
  const today = siteToday(now(), timeZone);
  return {
    orders: rows.map(({ order, payments }) => {
      const money = orderMoney(order, payments, today);
      return {
        id: order.id,
        number: order.number,
        status: order.status,
        buyer: order.buyer_name,
        company: order.buyer_company,
        terms: `${order.incoterm} ${order.named_port}`.trim(),
        total: money.total,
        next: money.next,
        createdAt: order.created_at,
      };
    }),
    total,
    page,
    status: isOrderStatus(status) ? status : "",
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, status } = loaderData;
  return (
    <div>
      <AdminPageHeader title="Orders" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <Link to="/admin/orders/countries" className={buttonClass({ variant: "outline" })}>
          Documents by Country
        </Link>
      </AdminPageHeader>
      <StatusFilter
        value={status}
        options={ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
      />
      <AdminTable
        count={orders.length}
        empty={
          status
            ? "No order has this status."
            : "No orders yet. When a buyer accepts a quote, open it and use Create Order."
        }
        columns={
          <>
            <th className="px-4 py-3">Order</th>
            <th className="px-4 py-3">Buyer</th>
            <th className="hidden px-4 py-3 sm:table-cell">Terms</th>
            <th className="px-4 py-3 text-end">Total</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3">Due next</th>
            <th className="hidden px-4 py-3 md:table-cell">Created</th>
          </>
        }
      >
        {orders.map((order) => (
          <tr key={order.id}>
            <td className="px-4 py-2 whitespace-nowrap">
              <Link to={`/admin/orders/${order.id}`} className="font-medium text-brand-700 hover:underline">
                {order.number}
              </Link>
            </td>
            <td className="px-4 py-2 break-words">
              {order.buyer}
              {order.company ? <span className="block text-xs text-slate-600">{order.company}</span> : null}
            </td>
            <td className="hidden px-4 py-2 sm:table-cell">{order.terms}</td>
            <td className="px-4 py-2 text-end whitespace-nowrap">{order.total}</td>
            <td className="px-4 py-2">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="px-4 py-2 text-sm" data-testid="order-next-due">
              {order.next ? (
                <>
                  <span className="whitespace-nowrap">{`${order.next.part === "advance" ? "Advance" : "Balance"} ${order.next.amount}`}</span>
                  {order.next.dueDate ? (
                    <span
                      className={`block text-xs ${order.next.overdue ? "font-semibold text-red-700" : "text-slate-600"}`}
                    >
                      {order.next.overdue ? `Overdue since ${order.next.dueDate}` : `by ${order.next.dueDate}`}
                    </span>
                  ) : null}
                </>
              ) : (
                "—"
              )}
            </td>
            <td className="hidden px-4 py-2 md:table-cell">
              <SiteTime iso={order.createdAt} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} total={total} pageSize={ORDERS_PAGE_SIZE} />
    </div>
  );
}
