import { data } from "react-router";
import { proformaResponse } from "~/features/orders/order-files.server";
import { findProforma } from "~/features/orders/order-proformas.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/proforma-revision";

/** A proforma revision as it was sent to the buyer, for the desk (below the admin guard). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [proforma, order] = await Promise.all([
    findProforma(db, params.orderId, params.proformaId),
    db.selectFrom("orders").select("number").where("id", "=", params.orderId).executeTakeFirst(),
  ]);
  const response = proforma && order && (await proformaResponse(storage, order.number, proforma));
  if (!response) throw data("Proforma not found", { status: 404 });
  return response;
}
