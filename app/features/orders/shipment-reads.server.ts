import type { Db } from "~/db/database.server";
import type { ContainerLine, Order, OrderLine, Shipment, ShipmentContainer, ShipmentDocument } from "~/db/schema";
import { lineTotalMinor } from "~/lib/money";
import { buyerParty } from "./create-order.server";
import { termsOf } from "./order-reads.server";
import { describePaymentTerms } from "./payment-terms";
import {
  CONTAINER_TYPE_LABELS,
  type MadeDocumentContent,
  type MadeDocumentKind,
  shipmentReference,
  sumDecimals,
} from "./shipping";

/** A shipment with what it is made of: its containers (each with its lines) and its documents. */
export interface FoundShipment {
  order: Order;
  lines: OrderLine[];
  shipment: Shipment;
  containers: Array<ShipmentContainer & { lines: ContainerLine[] }>;
  documents: ShipmentDocument[];
}

/** An order's shipments in their order, each with its containers' count and weights. */
export async function shipmentsOf(db: Db, orderId: string) {
  const shipments = await db
    .selectFrom("shipments")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  if (!shipments.length) return [];
  const ids = shipments.map((shipment) => shipment.id);
  const [containers, lines] = await Promise.all([
    db.selectFrom("shipment_containers").select(["id", "shipment_id"]).where("shipment_id", "in", ids).execute(),
    db
      .selectFrom("container_lines")
      .innerJoin("shipment_containers", "shipment_containers.id", "container_lines.container_id")
      .select(["shipment_containers.shipment_id", "container_lines.net_kg", "container_lines.gross_kg"])
      .where("shipment_containers.shipment_id", "in", ids)
      .execute(),
  ]);
  return shipments.map((shipment) => {
    const own = lines.filter((line) => line.shipment_id === shipment.id);
    return {
      ...shipment,
      containers: containers.filter((container) => container.shipment_id === shipment.id).length,
      netKg: sumDecimals(own.map((line) => line.net_kg)),
      grossKg: sumDecimals(own.map((line) => line.gross_kg)),
    };
  });
}

/** One shipment of one order (both ids must match: a shipment is never reached through another order's address). */
export async function findShipment(db: Db, orderId: string, shipmentId: string): Promise<FoundShipment | undefined> {
  const [order, shipment] = await Promise.all([
    db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst(),
    db
      .selectFrom("shipments")
      .selectAll()
      .where("id", "=", shipmentId)
      .where("order_id", "=", orderId)
      .executeTakeFirst(),
  ]);
  if (!order || !shipment) return undefined;
  const [lines, containers, containerLines, documents] = await Promise.all([
    db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute(),
    db
      .selectFrom("shipment_containers")
      .selectAll()
      .where("shipment_id", "=", shipmentId)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("container_lines")
      .innerJoin("shipment_containers", "shipment_containers.id", "container_lines.container_id")
      .selectAll("container_lines")
      .where("shipment_containers.shipment_id", "=", shipmentId)
      .execute(),
    db
      .selectFrom("shipment_documents")
      .selectAll()
      .where("shipment_id", "=", shipmentId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const position = new Map(lines.map((line) => [line.id, Number(line.position)]));
  return {
    order,
    lines,
    shipment,
    containers: containers.map((container) => ({
      ...container,
      lines: containerLines
        .filter((line) => line.container_id === container.id)
        .sort((a, b) => (position.get(a.order_line_id) ?? 0) - (position.get(b.order_line_id) ?? 0)),
    })),
    documents,
  };
}

/** "25 kg mesh bags", or the kinds a line is packed in across containers, each once. */
const packageKinds = (rows: ContainerLine[]) => [...new Set(rows.map((row) => row.package_kind))].join(" / ");

/**
 * What a commercial invoice or packing list made now would say: the order's parties and terms, the shipment's
 * voyage, each order line's quantities and weights summed over the containers (exactly), priced at the order's
 * unit price. The caller gives the number, revision and day.
 */
export function madeDocumentContent(
  { order, lines, shipment, containers }: FoundShipment,
  made: { kind: MadeDocumentKind; number: string; revision: number; issuedOn: string },
): MadeDocumentContent {
  const byLine = new Map(lines.map((line) => [line.id, line]));
  const carried = containers.flatMap((container) => container.lines);
  const shippedLines = lines
    .map((line) => {
      const rows = carried.filter((row) => row.order_line_id === line.id);
      if (!rows.length) return null;
      const quantity = sumDecimals(rows.map((row) => row.quantity));
      return {
        product: line.product_name,
        grade: line.grade,
        packaging: line.packaging,
        hsCode: line.hs_code,
        quantity,
        unit: line.unit,
        unitPriceMinor: Number(line.unit_price_minor),
        amountMinor: lineTotalMinor(quantity, Number(line.unit_price_minor)),
        packages: rows.reduce((sum, row) => sum + Number(row.packages), 0),
        packageKind: packageKinds(rows),
        netKg: sumDecimals(rows.map((row) => row.net_kg)),
        grossKg: sumDecimals(rows.map((row) => row.gross_kg)),
      };
    })
    .filter((line) => line !== null);
  return {
    ...made,
    order: {
      number: order.number,
      buyer: buyerParty(order),
      consignee: order.consignee,
      notifyParty: order.notify_party,
      currency: order.currency,
      incoterm: order.incoterm,
      namedPort: order.named_port,
      paymentTerms: describePaymentTerms(termsOf(order), order.currency, Number(order.total_minor)),
      lcNumber: order.lc_number,
    },
    shipment: {
      reference: shipmentReference(order.number, Number(shipment.position)),
      shippingLine: shipment.shipping_line,
      vessel: shipment.vessel,
      voyage: shipment.voyage,
      portOfLoading: shipment.port_of_loading,
      portOfDischarge: shipment.port_of_discharge,
      etd: shipment.etd,
      blNumber: shipment.bl_number,
      blDate: shipment.bl_date,
    },
    lines: shippedLines,
    containers: containers.map((container) => ({
      number: container.number,
      seal: container.seal,
      type: CONTAINER_TYPE_LABELS[container.container_type],
      setTemperature: container.set_temperature ? `${container.set_temperature} °C` : null,
      lines: container.lines.map((row) => {
        const line = byLine.get(row.order_line_id);
        return {
          product: line?.product_name ?? "",
          hsCode: line?.hs_code ?? null,
          quantity: row.quantity,
          unit: line?.unit ?? "",
          packages: Number(row.packages),
          packageKind: row.package_kind,
          netKg: row.net_kg,
          grossKg: row.gross_kg,
        };
      }),
      packages: container.lines.reduce((sum, row) => sum + Number(row.packages), 0),
      netKg: sumDecimals(container.lines.map((row) => row.net_kg)),
      grossKg: sumDecimals(container.lines.map((row) => row.gross_kg)),
    })),
    totals: {
      amountMinor: shippedLines.reduce((sum, line) => sum + line.amountMinor, 0),
      packages: shippedLines.reduce((sum, line) => sum + line.packages, 0),
      netKg: sumDecimals(shippedLines.map((line) => line.netKg)),
      grossKg: sumDecimals(shippedLines.map((line) => line.grossKg)),
    },
  };
}

/** A made document's content as stored (its `facts` column). */
export const storedContent = (document: Pick<ShipmentDocument, "facts">): MadeDocumentContent =>
  JSON.parse(document.facts) as MadeDocumentContent;
