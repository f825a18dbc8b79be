import type { Db } from "~/db/database.server";
import { formatMoney } from "~/lib/money";
import { formatDay } from "~/lib/site-time";
import { shipmentChecklist } from "./country-documents.server";
import { differencesKey, documentLabel, shipmentAgreement } from "./shipment-agreement.server";
import { findShipment, madeDocumentContent } from "./shipment-reads.server";
import {
  CONTAINER_TYPE_LABELS,
  isMadeDocumentKind,
  NEXT_SHIPMENT_STATUS,
  SHIPMENT_ACTION_LABELS,
  shipmentReference,
} from "./shipping";

const day = (value: string | null) => (value ? formatDay(value) : null);

/** A shipment with what a document made now would state, and each document's differences from it. */
async function checkedShipment(db: Db, ids: { orderId: string; shipmentId: string }, today: string) {
  const found = await findShipment(db, ids.orderId, ids.shipmentId);
  if (!found) return undefined;
  const now = madeDocumentContent(found, { kind: "commercial-invoice", number: "", revision: 0, issuedOn: today });
  return { found, now, checks: new Map(shipmentAgreement(found, now).map((check) => [check.id, check])) };
}

/**
 * One document's differences as they are now, with the key of the list ('Accept Differences' accepts them only if
 * the page showed these). Undefined: no such document in that shipment.
 */
export async function documentDifferencesNow(
  db: Db,
  ids: { orderId: string; shipmentId: string },
  documentId: string,
  today: string,
) {
  const check = (await checkedShipment(db, ids, today))?.checks.get(documentId);
  return check && { differences: check.differences, key: differencesKey(check.differences) };
}

/**
 * What a shipment's page shows (issue 44): the voyage, the containers and what they carry, the document set with
 * each document's differences ('Documents agree') and the destination's checklist. Undefined: no such shipment of
 * that order.
 */
export async function shipmentPage(db: Db, ids: { orderId: string; shipmentId: string }, today: string) {
  const checked = await checkedShipment(db, ids, today);
  if (!checked) return undefined;
  const { found, now, checks } = checked;
  const { order, lines, shipment, containers, documents } = found;
  const checklist = await shipmentChecklist(db, order.buyer_country, new Set(documents.map((d) => d.kind)));
  const next = NEXT_SHIPMENT_STATUS[shipment.status];
  const byLine = new Map(lines.map((line) => [line.id, line]));
  return {
    order: {
      id: order.id,
      number: order.number,
      buyer: order.buyer_company || order.buyer_name,
      country: order.buyer_country,
      delivery: `${order.incoterm} ${order.named_port}`.trim(),
    },
    shipment: {
      id: shipment.id,
      reference: shipmentReference(order.number, Number(shipment.position)),
      status: shipment.status,
      version: String(shipment.version),
      packing: shipment.status === "planned" || shipment.status === "stuffed",
      next: next ? { to: next, label: SHIPMENT_ACTION_LABELS[next] } : null,
      values: {
        shipping_line: shipment.shipping_line,
        vessel: shipment.vessel,
        voyage: shipment.voyage,
        port_of_loading: shipment.port_of_loading,
        port_of_discharge: shipment.port_of_discharge,
        etd: shipment.etd ?? "",
        eta: shipment.eta ?? "",
        bl_number: shipment.bl_number,
        bl_date: shipment.bl_date ?? "",
      },
    },
    lines: lines.map((line) => ({ id: line.id, product: line.product_name, ordered: `${line.quantity} ${line.unit}` })),
    containers: containers.map((container, index) => ({
      id: container.id,
      number: container.number,
      seal: container.seal,
      type: CONTAINER_TYPE_LABELS[container.container_type],
      temperature: container.set_temperature ? `${container.set_temperature} °C` : null,
      lines: container.lines.map((row) => ({
        id: row.id,
        product: byLine.get(row.order_line_id)?.product_name ?? "",
        quantity: `${row.quantity} ${byLine.get(row.order_line_id)?.unit ?? ""}`.trim(),
        packages: `${row.packages} × ${row.package_kind}`,
        netKg: row.net_kg,
        grossKg: row.gross_kg,
      })),
      totals: now.containers[index]!,
    })),
    totals: {
      packages: now.totals.packages,
      netKg: now.totals.netKg,
      grossKg: now.totals.grossKg,
      value: formatMoney(now.totals.amountMinor, order.currency),
    },
    documents: documents.map((document) => {
      const check = checks.get(document.id)!;
      return {
        id: document.id,
        kind: document.kind,
        label: documentLabel(document),
        made: isMadeDocumentKind(document.kind) && document.file_path === null,
        revision: Number(document.revision),
        issuedOn: day(document.issued_on)!,
        fileName: document.file_name,
        by: document.created_by_name,
        // Within the document's own row its name goes without saying.
        differences: check.differences.map((message) => {
          const own = message.replace(`${check.label}: `, "");
          return own.charAt(0).toUpperCase() + own.slice(1);
        }),
        differencesKey: differencesKey(check.differences),
        accepted: check.accepted,
        acceptedBy: check.acceptedBy,
        acceptedAt: check.acceptedAt,
      };
    }),
    checklist,
  };
}
export type ShipmentPageData = NonNullable<Awaited<ReturnType<typeof shipmentPage>>>;

/** The shipment's documents that agree now: no difference, or every one a person accepted. */
export async function agreeingDocuments(db: Db, ids: { orderId: string; shipmentId: string }, today: string) {
  const checked = await checkedShipment(db, ids, today);
  if (!checked) return [];
  return checked.found.documents.filter((document) => {
    const check = checked.checks.get(document.id);
    return !check || check.differences.length === 0 || check.accepted;
  });
}
