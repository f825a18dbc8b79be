import { data } from "react-router";
import { findShipment, storedContent } from "~/features/orders/shipment-reads.server";
import { isMadeDocumentKind } from "~/features/orders/shipping";
import { shippingDocumentPdfResponse } from "~/features/orders/shipping-documents-pdf.server";
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
  if (!document) throw data("Document not found", { status: 404 });
  if (!document.file_path) {
    if (!isMadeDocumentKind(document.kind)) throw data("Document not found", { status: 404 });
    return shippingDocumentPdfResponse({ db, storage, config }, storedContent(document));
  }
  const info = await storage.stat(document.file_path);
  if (!info) throw data("Document not found", { status: 404 });
  const name = (document.file_name ?? "document").replace(/[^\w .()-]/g, "_");
  return new Response(storage.read(document.file_path), {
    headers: {
      "Content-Type": document.content_type ?? "application/octet-stream",
      "Content-Disposition": `inline; filename="${name}"`,
      "Content-Length": String(info.size),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
    },
  });
}
