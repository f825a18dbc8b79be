import { createHash } from "node:crypto";
import type { ShipmentDocument } from "~/db/schema";
import { buyerParty } from "./create-order.server";
import { type DocumentFacts, documentsAgree } from "./documents-agree";
import type { FoundShipment } from "./shipment-reads.server";
import { documentKindLabel, isMadeDocumentKind, type MadeDocumentContent } from "./shipping";

/** One document of the set as 'Documents agree' shows it: its differences and whether a person accepted them. */
export interface DocumentCheck {
  id: string;
  label: string;
  differences: string[];
  /** Every difference it has now was accepted (a new one is flagged again). */
  accepted: boolean;
  acceptedBy: string | null;
  acceptedAt: string | null;
}

/** "Commercial Invoice CI-2026-0001", "Phytosanitary Certificate 123/2026". */
export const documentLabel = (document: Pick<ShipmentDocument, "kind" | "number">) =>
  `${documentKindLabel(document.kind)} ${document.number}`;

/** What a made document states, read from its frozen content: the invoice its money, both the goods and weights. */
function madeFacts(content: MadeDocumentContent): Omit<DocumentFacts, "kind" | "label"> {
  return {
    buyer: content.order.buyer,
    consignee: content.order.consignee,
    quantities: Object.fromEntries(content.lines.map((line) => [line.product, line])),
    netWeightKg: content.totals.netKg,
    grossWeightKg: content.totals.grossKg,
    hsCodes: Object.fromEntries(content.lines.flatMap((line) => (line.hsCode ? [[line.product, line.hsCode]] : []))),
    incoterm: content.order.incoterm,
    namedPlace: content.order.namedPort,
    ...(content.kind === "commercial-invoice"
      ? { totalMinor: content.totals.amountMinor, currency: content.order.currency }
      : {}),
  };
}

/** What an uploaded document states: the facts typed from it when it was uploaded; a bill of lading its date. */
function uploadedFacts(document: ShipmentDocument): Omit<DocumentFacts, "kind" | "label"> {
  const stated = JSON.parse(document.facts) as { consignee?: string; netKg?: string; grossKg?: string };
  return {
    consignee: stated.consignee || undefined,
    netWeightKg: stated.netKg || undefined,
    grossWeightKg: stated.grossKg || undefined,
    billOfLadingDate: document.kind === "bill-of-lading" ? document.issued_on : undefined,
  };
}

const acceptedOf = (document: ShipmentDocument): string[] => {
  try {
    const parsed = JSON.parse(document.accepted_differences ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

/**
 * 'Documents agree' for one shipment: each document compared with what the shipment is now (the order's parties and
 * terms, the containers' quantities and weights summed, the shipped value) and with the letter of credit. `now`: what
 * a document made at this moment would state (madeDocumentContent), the reference every document is held to.
 */
export function shipmentAgreement(found: FoundShipment, now: MadeDocumentContent): DocumentCheck[] {
  const { order, documents } = found;
  const reference: DocumentFacts = {
    kind: "order",
    label: `Shipment of ${order.number}`,
    ...madeFacts({ ...now, kind: "commercial-invoice" }),
    buyer: buyerParty(order),
  };
  const labelled = documents.map((document) => ({
    document,
    facts: {
      kind: document.kind,
      label: documentLabel(document),
      ...(isMadeDocumentKind(document.kind)
        ? madeFacts(JSON.parse(document.facts) as MadeDocumentContent)
        : uploadedFacts(document)),
    } satisfies DocumentFacts,
  }));
  const lc =
    order.lc_latest_shipment_date && order.lc_expiry_date
      ? { latestShipmentDate: order.lc_latest_shipment_date, expiryDate: order.lc_expiry_date }
      : null;
  const differences = documentsAgree({
    documents: [reference, ...labelled.map((item) => item.facts)],
    containerTotals: { netWeightKg: now.totals.netKg, grossWeightKg: now.totals.grossKg },
    letterOfCredit: lc,
    referenceName: "the shipment",
  });
  return labelled.map(({ document, facts }) => {
    const own = differences.filter((difference) => difference.document === facts.label).map((d) => d.message);
    const accepted = acceptedOf(document);
    return {
      id: document.id,
      label: facts.label,
      differences: own,
      accepted: own.length > 0 && own.every((message) => accepted.includes(message)),
      acceptedBy: document.accepted_by_name,
      acceptedAt: document.accepted_at,
    };
  });
}

/**
 * A short key of the differences a page showed: 'Accept Differences' accepts them only if they are still those,
 * so a difference that appeared since is never accepted unseen.
 */
export const differencesKey = (messages: readonly string[]) =>
  createHash("sha256").update(messages.join("\n")).digest("hex").slice(0, 16);
