import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import { findLot, type LotShipment, lotShipment, lotsOf, type ShipmentIds } from "./lots.server";

// What the shipment page's 'Lots' card, the label sheet and the desk's report download read (issue 45).

/**
 * The shipment's container lines, each with its lots: what the 'Lots' card lists and edits (`values` fill the edit
 * form; `seen` is what the form was opened on). Undefined: no such shipment of that order.
 */
export async function shipmentLotsPanel(db: Db, ids: ShipmentIds) {
  const shipment = await lotShipment(db, ids);
  if (!shipment) return undefined;
  const lots = await lotsOf(db, shipment.id);
  return {
    count: lots.length,
    lines: shipment.lines.map((line) => ({
      id: line.id,
      container: line.containerNumber,
      product: line.product,
      lots: lots
        .filter((lot) => lot.container_line_id === line.id)
        .map((lot) => ({
          id: lot.id,
          position: Number(lot.position),
          code: lot.code,
          seen: lot.updated_at,
          report: lot.report_path ? { name: lot.report_name ?? "report", public: Boolean(lot.report_public) } : null,
          values: {
            origin: lot.origin,
            farm_registration: lot.farm_registration,
            harvest_date: lot.harvest_date ?? "",
            packing_date: lot.packing_date ?? "",
            test_lab: lot.test_lab,
            test_result: lot.test_result,
            phyto_number: lot.phyto_number,
          },
        })),
    })),
  };
}
export type ShipmentLotsPanel = NonNullable<Awaited<ReturnType<typeof shipmentLotsPanel>>>;

/**
 * The label sheet's lots in their order, as `lotLabelsPdf` takes them (the caller names the shipment's reference).
 * Undefined: no such shipment of that order.
 */
export async function shipmentLotLabels(db: Db, ids: ShipmentIds) {
  const shipment = await lotShipment(db, ids);
  if (!shipment) return undefined;
  const byLine = new Map(shipment.lines.map((line) => [line.id, line]));
  const lots = await lotsOf(db, shipment.id);
  return {
    shipment: shipment satisfies LotShipment,
    labels: lots.map((lot) => ({
      code: lot.code,
      product: byLine.get(lot.container_line_id)?.product ?? "",
      grade: byLine.get(lot.container_line_id)?.grade ?? null,
      origin: lot.origin,
      packingDate: lot.packing_date,
    })),
  };
}

/** A lot's report for the desk (public or not), or undefined when the lot or its report is not there. */
export async function lotReportOf(db: Db, ids: ShipmentIds, lotId: string) {
  const shipment = await db
    .selectFrom("shipments")
    .select("id")
    .where("id", "=", ids.shipmentId)
    .where("order_id", "=", ids.orderId)
    .executeTakeFirst();
  const lot = shipment && (await findLot(db, shipment.id, lotId));
  if (!lot?.report_path) return undefined;
  return { path: lot.report_path, name: lot.report_name ?? lot.code, type: lot.report_type ?? "application/pdf" };
}

/**
 * A stored report streamed as it is, or null when its object is gone. The desk's copy is kept by no cache; the
 * public one (a report the exporter marked public) may be revalidated, never kept by a shared cache, and never
 * indexed; both are sent as the type they were sniffed as, never guessed again by the browser.
 */
export async function lotReportResponse(
  storage: Storage,
  report: { path: string; name: string; type: string },
  audience: "desk" | "public",
) {
  const info = await storage.stat(report.path);
  if (!info) return null;
  return new Response(storage.read(report.path), {
    headers: {
      "Content-Type": report.type,
      "Content-Disposition": `inline; filename="${report.name.replace(/[^\w .()-]/g, "_")}"`,
      "Content-Length": String(info.size),
      "X-Content-Type-Options": "nosniff",
      ...(audience === "desk"
        ? PRIVATE_LINK_HEADERS
        : { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex, nofollow" }),
    },
  });
}
