import { data } from "react-router";
import { shipmentDocumentResponse } from "~/features/orders/order-files.server";
import { findShipment } from "~/features/orders/shipment-reads.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/shipment-document";

/**
 * One document of a shipment's set for the desk (below the admin guard): a made one drawn from its frozen content,
 * an uploaded one streamed from its private file. Never cached, never indexed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config } = getServices(context);
  const found = await findShipment(db, params.orderId, params.shipmentId);
  const document = found?.documents.find((d) => d.id === params.documentId);
  const response = document && (await shipmentDocumentResponse({ db, storage, config }, document));
  if (!response) throw data("Document not found", { status: 404 });
  return response;
}
