/**
 * 'Documents agree' (issue 44): every document of a shipment compared with the order and with the containers, each
 * difference in words a clerk can act on. Banks refuse LC payments and customs hold shipments over documents that
 * disagree (a weight, a name, an HS code), so this runs before anything is sent. Pure: the facts are assembled from
 * the database by the caller. A fact a document does not state is not compared.
 */
import { formatMoney } from "~/lib/money";
import { formatDay } from "~/lib/site-time";
import { groupDecimal } from "./shipping";

export interface DocumentFacts {
  /** Which document: "order" (the frozen order itself, the reference), "proforma", "commercial-invoice", "packing-list", "bill-of-lading", "phytosanitary", "certificate-of-origin", "insurance", ... */
  kind: string;
  /** What the clerk calls it, e.g. "Commercial Invoice CI-2026-0003" */
  label: string;
  buyer?: string;
  consignee?: string;
  /** Quantity per product, e.g. { "Nashik Red Onion": { quantity: "26000", unit: "kg" } } (a document gives only those it states) */
  quantities?: Record<string, { quantity: string; unit: string }>;
  netWeightKg?: string;
  grossWeightKg?: string;
  /** Product name → HS code as written on the document */
  hsCodes?: Record<string, string>;
  incoterm?: string;
  namedPlace?: string;
  totalMinor?: number;
  currency?: string;
  /** ISO date, on the bill of lading */
  billOfLadingDate?: string;
}

export interface AgreementInput {
  /** The first whose kind is "order" is the reference. */
  documents: DocumentFacts[];
  /** Net and gross weights summed from the shipment's containers (strings of decimals, kg) */
  containerTotals?: { netWeightKg: string; grossWeightKg: string };
  letterOfCredit?: { latestShipmentDate: string; expiryDate: string } | null;
  /** What the messages call the reference: "the order", or "the shipment" when one shipment of several is checked. */
  referenceName?: string;
}

export type AgreementRule =
  "buyer" | "consignee" | "quantity" | "weight" | "hs-code" | "incoterm" | "total" | "lc-shipment-date";

export interface Difference {
  rule: AgreementRule;
  /** The document's label */
  document: string;
  message: string;
}

/** What a rule sees besides the document: the order (absent when the document is the order itself), the rest. */
interface Context {
  reference: DocumentFacts | undefined;
  containerTotals: AgreementInput["containerTotals"];
  letterOfCredit: AgreementInput["letterOfCredit"];
  name: string;
}

/** A rule returns its differences as sentences without the document's label, which the caller puts in front. */
type Check = (document: DocumentFacts, context: Context) => string[];

/** Every rule, in the order a panel lists a document's differences. */
const RULES: ReadonlyArray<{ rule: AgreementRule; check: Check }> = [
  { rule: "buyer", check: (document, context) => sameParty("buyer", document, context) },
  { rule: "consignee", check: (document, context) => sameParty("consignee", document, context) },
  { rule: "quantity", check: sameQuantities },
  { rule: "weight", check: weightsMatchContainers },
  { rule: "hs-code", check: sameHsCodes },
  { rule: "incoterm", check: sameIncotermAndPlace },
  { rule: "total", check: sameTotal },
  { rule: "lc-shipment-date", check: shippedWithinLetterOfCredit },
];

/** Each difference between the documents, document by document in the order given, then rule by rule. */
export function documentsAgree(input: AgreementInput): Difference[] {
  const reference = input.documents.find((document) => document.kind === "order");
  const differences: Difference[] = [];
  for (const document of input.documents) {
    const context: Context = {
      reference: document === reference ? undefined : reference,
      containerTotals: input.containerTotals,
      letterOfCredit: input.letterOfCredit,
      name: input.referenceName ?? "the order",
    };
    for (const { rule, check } of RULES) {
      for (const message of check(document, context)) {
        differences.push({ rule, document: document.label, message: `${document.label}: ${message}` });
      }
    }
  }
  return differences;
}

// ---- The rules ----

/** Buyer or consignee: the same name as the order's, written with any case, spacing or punctuation. */
function sameParty(party: "buyer" | "consignee", document: DocumentFacts, { reference, name }: Context): string[] {
  const theirs = stated(document[party]);
  const ours = stated(reference?.[party]);
  if (theirs === undefined || ours === undefined || foldText(theirs) === foldText(ours)) return [];
  return [`${party} "${theirs}", but ${name} has "${ours}".`];
}

/** Quantities: every product of the order, in the same unit and amount; nothing the order does not have. */
function sameQuantities(document: DocumentFacts, { reference, name }: Context): string[] {
  if (!document.quantities || !reference?.quantities) return [];
  const theirs = byFoldedName(document.quantities);
  const ours = byFoldedName(reference.quantities);
  const messages: string[] = [];
  for (const [key, [product, ordered]] of ours) {
    const stated = theirs.get(key)?.[1];
    if (!stated) {
      messages.push(`no quantity of ${product}, but ${name} has ${formatQuantity(ordered)}.`);
    } else if (foldUnit(stated.unit) !== foldUnit(ordered.unit) || !sameDecimal(stated.quantity, ordered.quantity)) {
      messages.push(`${product} ${formatQuantity(stated)}, but ${name} has ${formatQuantity(ordered)}.`);
    }
  }
  for (const [key, [product, stated]] of theirs) {
    if (!ours.has(key)) messages.push(`${product} ${formatQuantity(stated)}, which is not on ${name}.`);
  }
  return messages;
}

/** Net and gross weights: what the containers add up to, to the gram. */
function weightsMatchContainers(document: DocumentFacts, { containerTotals }: Context): string[] {
  if (!containerTotals) return [];
  const messages: string[] = [];
  const weights = [
    ["net weight", document.netWeightKg, containerTotals.netWeightKg],
    ["gross weight", document.grossWeightKg, containerTotals.grossWeightKg],
  ] as const;
  for (const [fact, value, total] of weights) {
    const theirs = stated(value);
    if (theirs === undefined || sameDecimal(theirs, total)) continue;
    messages.push(`${fact} ${formatDecimal(theirs)} kg, but the containers add up to ${formatDecimal(total)} kg.`);
  }
  return messages;
}

/**
 * HS codes: a product's code the same as the order's, dots and spaces aside. A shorter code (the 4-digit heading of
 * the order's 6-digit one) is a difference: customs classify by the full code.
 */
function sameHsCodes(document: DocumentFacts, { reference, name }: Context): string[] {
  if (!document.hsCodes || !reference?.hsCodes) return [];
  const ours = byFoldedName(reference.hsCodes);
  const messages: string[] = [];
  for (const [key, [product, code]] of byFoldedName(document.hsCodes)) {
    const ordered = ours.get(key)?.[1];
    const theirs = stated(code);
    if (ordered === undefined || theirs === undefined) continue;
    const [theirDigits, ourDigits] = [hsDigits(theirs), hsDigits(ordered)];
    if (theirDigits === ourDigits) continue;
    if (theirDigits.length < ourDigits.length && ourDigits.startsWith(theirDigits)) {
      messages.push(`HS code ${theirs} for ${product} is only the heading of ${name}'s ${ordered.trim()}.`);
    } else {
      messages.push(`HS code ${theirs} for ${product}, but ${name} has ${ordered.trim()}.`);
    }
  }
  return messages;
}

/** Incoterm and named place: the same as the order's, written with any case, spacing or punctuation. */
function sameIncotermAndPlace(document: DocumentFacts, { reference, name }: Context): string[] {
  const messages: string[] = [];
  const facts = [
    ["Incoterm", document.incoterm, reference?.incoterm],
    ["named place", document.namedPlace, reference?.namedPlace],
  ] as const;
  for (const [fact, value, ordered] of facts) {
    const [theirs, ours] = [stated(value), stated(ordered)];
    if (theirs === undefined || ours === undefined || foldText(theirs) === foldText(ours)) continue;
    messages.push(`${fact} ${theirs}, but ${name} has ${ours}.`);
  }
  return messages;
}

/** Total: the order's amount in the order's currency; another currency is a difference whatever the amount. */
function sameTotal(document: DocumentFacts, { reference, name }: Context): string[] {
  if (document.totalMinor === undefined || reference?.totalMinor === undefined) return [];
  const [theirCurrency, ourCurrency] = [stated(document.currency), stated(reference.currency)];
  if (theirCurrency && ourCurrency && theirCurrency.toUpperCase() !== ourCurrency.toUpperCase()) {
    return [`total in ${theirCurrency.toUpperCase()}, but ${name} is in ${ourCurrency.toUpperCase()}.`];
  }
  if (document.totalMinor === reference.totalMinor) return [];
  // A document that names no currency is read in the order's.
  const currency = (theirCurrency ?? ourCurrency)?.toUpperCase();
  return [
    `total ${formatTotal(document.totalMinor, currency)}, but ${name}'s total is ` +
      `${formatTotal(reference.totalMinor, currency)}.`,
  ];
}

/** Bill of lading date: on or before the LC's latest shipment date, and on or before its expiry. */
function shippedWithinLetterOfCredit(document: DocumentFacts, { letterOfCredit }: Context): string[] {
  const shipped = stated(document.billOfLadingDate);
  if (!letterOfCredit || shipped === undefined) return [];
  const messages: string[] = [];
  // ISO dates (YYYY-MM-DD) sort as the days they name.
  if (shipped > letterOfCredit.latestShipmentDate) {
    messages.push(
      `bill of lading date ${formatDay(shipped)} is after the letter of credit's latest shipment date, ` +
        `${formatDay(letterOfCredit.latestShipmentDate)}.`,
    );
  }
  if (shipped > letterOfCredit.expiryDate) {
    messages.push(
      `bill of lading date ${formatDay(shipped)} is after the letter of credit's expiry, ` +
        `${formatDay(letterOfCredit.expiryDate)}.`,
    );
  }
  return messages;
}

// ---- Helpers ----

/** The value trimmed, or undefined when the document does not state it (absent or blank). */
function stated(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** "Shree Ganesh Exports Pvt. Ltd." and "SHREE GANESH EXPORTS PVT LTD" fold alike: case, accents, spaces, punctuation. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** "KG", "kg." and "kgs" are one unit; "bags" and "bag" too. */
function foldUnit(unit: string): string {
  const folded = foldText(unit);
  return folded.length > 2 && folded.endsWith("s") ? folded.slice(0, -1) : folded;
}

/** Entries keyed by their folded name, keeping the name as written for the message. */
function byFoldedName<T>(record: Record<string, T>): Map<string, [string, T]> {
  return new Map(Object.entries(record).map(([name, value]) => [foldText(name), [name.trim(), value]]));
}

const hsDigits = (code: string) => code.replace(/[\s.-]/g, "");

/**
 * A decimal as written ("26,000.00", "26000", " 0026000.5 ") in one form ("26000", "26000.5"): no leading or trailing
 * zeros, no thousands separators. Null when it is not a plain non-negative decimal. Text, never a float, so weights
 * compare to the gram however many containers are summed.
 */
export function normalizeDecimal(text: string): string | null {
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const integer = match[1].replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction ? `${integer}.${fraction}` : integer;
}

/** Equal as numbers when both are decimals; as written otherwise (then only the same text agrees). */
function sameDecimal(a: string, b: string): boolean {
  const [x, y] = [normalizeDecimal(a), normalizeDecimal(b)];
  return x !== null && y !== null ? x === y : a.trim() === b.trim();
}

const grouped = new Intl.NumberFormat("en");
/** "27,540" or "26,000.5" with exact digits, in one form ("0026000.50" too); text that is no decimal, as written. */
function formatDecimal(text: string): string {
  const normal = normalizeDecimal(text);
  return normal === null ? text.trim() : groupDecimal(normal);
}

const formatQuantity = ({ quantity, unit }: { quantity: string; unit: string }) =>
  `${formatDecimal(quantity)} ${unit.trim()}`;

/** "USD 12,500.00"; without a currency known to Intl, the bare minor units (never a guess at the decimals). */
function formatTotal(minor: number, currency: string | undefined): string {
  if (currency) {
    try {
      return formatMoney(minor, currency);
    } catch {
      // An unknown currency code: fall through.
    }
  }
  return `${grouped.format(minor)} (minor units${currency ? ` of ${currency}` : ""})`;
}
