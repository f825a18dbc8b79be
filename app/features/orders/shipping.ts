import type { ContainerType, ShipmentStatus } from "~/db/schema";

// A shipment's statuses, container types and the kinds of document in its set (issue 44): the words the back office
// shows, in one place.

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  planned: "Planned",
  stuffed: "Stuffed",
  sailed: "Sailed",
  arrived: "Arrived",
  delivered: "Delivered",
};
export const SHIPMENT_STATUSES = Object.keys(SHIPMENT_STATUS_LABELS) as ShipmentStatus[];
export const isShipmentStatus = (value: unknown): value is ShipmentStatus =>
  SHIPMENT_STATUSES.includes(value as ShipmentStatus);

/** The one step forward from each status (a shipment goes forward only; a mistake is corrected by a person). */
export const NEXT_SHIPMENT_STATUS: Record<ShipmentStatus, ShipmentStatus | null> = {
  planned: "stuffed",
  stuffed: "sailed",
  sailed: "arrived",
  arrived: "delivered",
  delivered: null,
};
export const SHIPMENT_ACTION_LABELS: Record<ShipmentStatus, string> = {
  planned: "Back to Planned",
  stuffed: "Mark Stuffed",
  sailed: "Mark Sailed",
  arrived: "Mark Arrived",
  delivered: "Mark Delivered",
};

export const CONTAINER_TYPE_LABELS: Record<ContainerType, string> = {
  "20": "20 ft",
  "40": "40 ft",
  "40hc": "40 ft HC",
  reefer: "Reefer",
};
export const CONTAINER_TYPES = Object.keys(CONTAINER_TYPE_LABELS) as ContainerType[];

/** The documents made here from the shipment's data, with their number series ("CI-2026-0001"). */
export const MADE_DOCUMENTS = {
  "commercial-invoice": { label: "Commercial Invoice", series: "CI" },
  "packing-list": { label: "Packing List", series: "PL" },
} as const;
export type MadeDocumentKind = keyof typeof MADE_DOCUMENTS;
export const isMadeDocumentKind = (value: unknown): value is MadeDocumentKind =>
  typeof value === "string" && Object.hasOwn(MADE_DOCUMENTS, value);

/** The documents others issue, uploaded against the shipment with their numbers and dates. */
export const UPLOADED_DOCUMENTS = {
  phytosanitary: "Phytosanitary Certificate",
  "certificate-of-origin": "Certificate of Origin",
  "bill-of-lading": "Bill of Lading",
  fumigation: "Fumigation Certificate",
  "lab-report": "Residue or Lab Test Report",
  insurance: "Insurance Certificate",
} as const;
export type UploadedDocumentKind = keyof typeof UPLOADED_DOCUMENTS;
export const isUploadedDocumentKind = (value: unknown): value is UploadedDocumentKind =>
  typeof value === "string" && Object.hasOwn(UPLOADED_DOCUMENTS, value);

export type DocumentKind = MadeDocumentKind | UploadedDocumentKind;
export const DOCUMENT_KINDS = [
  ...(Object.keys(MADE_DOCUMENTS) as MadeDocumentKind[]),
  ...(Object.keys(UPLOADED_DOCUMENTS) as UploadedDocumentKind[]),
];
export const isDocumentKind = (value: unknown): value is DocumentKind =>
  isMadeDocumentKind(value) || isUploadedDocumentKind(value);
export const documentKindLabel = (kind: string): string =>
  isMadeDocumentKind(kind)
    ? MADE_DOCUMENTS[kind].label
    : isUploadedDocumentKind(kind)
      ? UPLOADED_DOCUMENTS[kind]
      : kind;

/** "SO-2026-0001/2": the second shipment of an order. */
export const shipmentReference = (orderNumber: string, position: number) => `${orderNumber}/${position}`;

/**
 * What a made document (commercial invoice, packing list) says, frozen when it is made: the PDF is drawn from this
 * and 'Documents agree' reads it, so a container changed afterwards shows as a difference until it is made again.
 * Decimals are strings (kg and quantities as typed, summed exactly); money in the order's minor units.
 */
export interface MadeDocumentContent {
  kind: MadeDocumentKind;
  /** "CI-2026-0001" */
  number: string;
  /** 1 when first made; each making again under the same number raises it. */
  revision: number;
  /** YYYY-MM-DD in the site's time zone */
  issuedOn: string;
  order: {
    number: string;
    /** The buyer as the documents print them: company (or name), then country, one per line. */
    buyer: string;
    consignee: string;
    notifyParty: string;
    currency: string;
    incoterm: string;
    namedPort: string;
    /** describePaymentTerms(...) */
    paymentTerms: string;
    lcNumber: string | null;
  };
  shipment: {
    /** "SO-2026-0001/1" */
    reference: string;
    shippingLine: string;
    vessel: string;
    voyage: string;
    portOfLoading: string;
    portOfDischarge: string;
    etd: string | null;
    blNumber: string;
    blDate: string | null;
  };
  /** Per order line shipped, the quantities and weights summed over the containers. */
  lines: Array<{
    product: string;
    grade: string | null;
    packaging: string | null;
    hsCode: string | null;
    quantity: string;
    unit: string;
    unitPriceMinor: number;
    amountMinor: number;
    packages: number;
    /** "25 kg mesh bags", or several joined with " / " when containers differ */
    packageKind: string;
    netKg: string;
    grossKg: string;
  }>;
  containers: Array<{
    number: string;
    seal: string;
    /** "40 ft HC", "Reefer" */
    type: string;
    /** "2 °C" for a reefer; null otherwise */
    setTemperature: string | null;
    lines: Array<{
      product: string;
      hsCode: string | null;
      quantity: string;
      unit: string;
      packages: number;
      packageKind: string;
      netKg: string;
      grossKg: string;
      /** The line's lots as the packing list prints them (issue 45); absent on documents made before lots. */
      lots?: PackedLot[];
    }>;
    packages: number;
    netKg: string;
    grossKg: string;
  }>;
  totals: { amountMinor: number; packages: number; netKg: string; grossKg: string };
}

/** A lot on a packing list: its code (the QR code opens its public page), where it came from and when it was packed. */
export interface PackedLot {
  code: string;
  origin: string;
  /** YYYY-MM-DD */
  packingDate: string | null;
}

/**
 * The sum of decimals as written ("26,000.5" + "1000"), exact (through BigInt, never a float): "27000.5". Text that is
 * not a plain non-negative decimal counts as nothing; validation keeps it out of the database.
 */
export function sumDecimals(values: ReadonlyArray<string>): string {
  const parsed = values
    .map((value) => /^(\d+)(?:\.(\d+))?$/.exec(value.trim().replace(/,/g, "")))
    .filter((match): match is RegExpExecArray => match !== null);
  const scale = Math.max(0, ...parsed.map((match) => (match[2] ?? "").length));
  const total = parsed.reduce((sum, match) => sum + BigInt(match[1] + (match[2] ?? "").padEnd(scale, "0")), 0n);
  if (scale === 0) return total.toString();
  const digits = total.toString().padStart(scale + 1, "0");
  const fraction = digits.slice(-scale).replace(/0+$/, "");
  return fraction ? `${digits.slice(0, -scale)}.${fraction}` : digits.slice(0, -scale);
}

/**
 * "27540.5" → "27,540.5": a decimal as written, grouped on its digits (never through a float, so a weight keeps every
 * gram however long). Text that is no plain decimal is returned as written.
 */
export function groupDecimal(value: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(value.trim().replace(/,/g, ""));
  if (!match) return value.trim();
  return match[1].replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (match[2] ?? "");
}

/** "29,580 kg" */
export const kilograms = (value: string) => `${groupDecimal(value)} kg`;
