import { data } from "react-router";
import { findOrder } from "~/features/orders/order-reads.server";
import { proformaPdfResponse } from "~/features/orders/proforma-pdf.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/proforma-pdf";

/** An order's proforma invoice for the desk (below the admin guard), dated today in the site's time zone. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config, now } = getServices(context);
  const found = await findOrder(db, params.orderId);
  if (!found) throw data("Order not found", { status: 404 });
  return proformaPdfResponse({ db, storage, config }, found, now());
}
