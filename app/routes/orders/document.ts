import { data } from "react-router";
import { buyerDocuments, findOrderByToken } from "~/features/orders/buyer-order.server";
import { shipmentDocumentResponse } from "~/features/orders/order-files.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { siteToday } from "~/lib/site-time";
import { getServices } from "~/services.server";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import type { Route } from "./+types/document";

/**
 * One shipping document for whoever holds the order's link: only one the order page lists (its shipment has sailed
 * and 'Documents agree' finds nothing open in it); any other id is a 404, like an unknown link.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config, now } = getServices(context);
  const found = await findOrderByToken(db, params.token);
  const document =
    found &&
    (await db
      .selectFrom("shipment_documents")
      .innerJoin("shipments", "shipments.id", "shipment_documents.shipment_id")
      .select(["shipments.id as shipmentId", "shipments.status"])
      .where("shipment_documents.id", "=", params.documentId)
      .where("shipments.order_id", "=", found.order.id)
      .executeTakeFirst());
  const today = siteToday(now(), await siteTimeZone(db));
  const shared =
    document &&
    (await buyerDocuments(db, { orderId: found!.order.id, shipmentId: document.shipmentId }, document.status, today));
  const shown = shared?.find((d) => d.id === params.documentId);
  const response = shown && (await shipmentDocumentResponse({ db, storage, config }, shown));
  if (!response) throw data("This order link is not valid.", { status: 404, headers: PRIVATE_LINK_HEADERS });
  return response;
}
