import { data } from "react-router";
import { findOrderByToken } from "~/features/orders/buyer-order.server";
import { proformaResponse } from "~/features/orders/order-files.server";
import { proformasOf } from "~/features/orders/order-proformas.server";
import { getServices } from "~/services.server";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import type { Route } from "./+types/proforma-pdf";

/** The proforma last sent to the buyer, as it was sent, for whoever holds the order's link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const found = await findOrderByToken(db, params.token);
  const [latest] = found ? await proformasOf(db, found.order.id) : [];
  const response = latest && (await proformaResponse(storage, found!.order.number, latest));
  if (!response) throw data("This order link is not valid.", { status: 404, headers: PRIVATE_LINK_HEADERS });
  return response;
}
