import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import type { ShipmentDocument } from "~/db/schema";
import type { Storage } from "~/lib/storage/storage.server";
import type { OrderPdfServices } from "./order-pdf-parts.server";
import type { findProforma } from "./order-proformas.server";
import { storedContent } from "./shipment-reads.server";
import { isMadeDocumentKind } from "./shipping";
import { shippingDocumentPdfResponse } from "./shipping-documents-pdf.server";
import { proformaFileName } from "./proforma-pdf.server";

/** What an order's private files are sent with, to the desk and to the buyer alike: no cache, no index, no referrer. */
const PRIVATE_FILE_HEADERS = { ...PRIVATE_LINK_HEADERS, "X-Content-Type-Options": "nosniff" };

/** A private stored file streamed as it is, or null when the object is gone. */
async function storedFileResponse(storage: Storage, path: string, contentType: string, fileName: string) {
  const info = await storage.stat(path);
  if (!info) return null;
  return new Response(storage.read(path), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `inline; filename="${fileName.replace(/[^\w .()-]/g, "_")}"`,
      "Content-Length": String(info.size),
      ...PRIVATE_FILE_HEADERS,
    },
  });
}

/**
 * One document of a shipment's set: a made one drawn from its frozen content, an uploaded one streamed from its
 * private file; null when there is nothing to send.
 */
export async function shipmentDocumentResponse(services: OrderPdfServices, document: ShipmentDocument) {
  if (!document.file_path)
    return isMadeDocumentKind(document.kind) ? shippingDocumentPdfResponse(services, storedContent(document)) : null;
  const type = document.content_type ?? "application/octet-stream";
  return storedFileResponse(services.storage, document.file_path, type, document.file_name ?? "document");
}

/** A proforma revision as it was sent (its stored PDF), or null when the object is gone. */
export const proformaResponse = (
  storage: Storage,
  orderNumber: string,
  proforma: NonNullable<Awaited<ReturnType<typeof findProforma>>>,
) =>
  storedFileResponse(
    storage,
    proforma.file_path,
    "application/pdf",
    proformaFileName(orderNumber, Number(proforma.revision)),
  );
