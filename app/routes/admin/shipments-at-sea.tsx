import { Link } from "react-router";
import type { ShipmentAtSea } from "~/features/orders/shipments-at-sea.server";

/** The dashboard's 'Shipments at Sea' (issue 44): each sailed shipment opens its page; one past its ETA in red. */
export function ShipmentsAtSea({ list }: { list: { items: ShipmentAtSea[]; total: number } }) {
  return (
    <section
      aria-labelledby="shipments-at-sea-heading"
      data-testid="shipments-at-sea"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id="shipments-at-sea-heading"
        className="flex items-center justify-between gap-2 text-xl font-semibold text-brand-900"
      >
        Shipments at Sea
        <span className="text-base font-semibold text-slate-600">{list.total}</span>
      </h2>
      {list.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No shipment is at sea.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.items.map((item) => (
            <li key={item.shipmentId} className="py-2">
              <Link
                to={`/admin/orders/${item.orderId}/shipments/${item.shipmentId}`}
                className="block font-medium break-words text-brand-800 underline-offset-2 hover:underline"
              >
                {`${item.reference} · ${item.buyer}`}
              </Link>
              <span className={`text-sm ${item.late ? "font-semibold text-red-700" : "text-slate-600"}`}>
                {[item.vessel, item.eta ? `${item.late ? "ETA was" : "ETA"} ${item.eta}` : "no ETA given"]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.total > list.items.length ? (
        <p className="mt-2 text-sm text-muted">{`and ${list.total - list.items.length} more`}</p>
      ) : null}
    </section>
  );
}
