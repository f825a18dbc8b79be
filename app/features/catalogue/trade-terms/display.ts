import { MONTHS, type Currency, type Incoterm, type QuantityUnit, type TradeTerms } from "./vocabulary";

// Labels and texts shared by the product page, the category cards, the quote list, the spec sheet and JSON-LD.
// Kept free of zod (a dependency-cruiser rule says so): public pages and PDFs show terms without loading the schema.

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/** "25 MT", "1 × 40 ft container", "2 × 20 ft containers". */
export function formatQuantity(quantity: number, unit: QuantityUnit): string {
  if (unit.endsWith("container")) return `${number.format(quantity)} × ${unit}${quantity === 1 ? "" : "s"}`;
  return `${number.format(quantity)} ${unit}`;
}

export function containerLoadText(terms: TradeTerms): string | null {
  const parts = [
    terms.container_20ft_mt !== null ? `20 ft: ${number.format(terms.container_20ft_mt)} MT` : null,
    terms.container_40ft_mt !== null ? `40 ft: ${number.format(terms.container_40ft_mt)} MT` : null,
  ].filter(Boolean);
  if (!parts.length) return null;
  const kind = terms.container_type ? ` (${terms.container_type === "reefer" ? "reefer" : "dry"})` : "";
  return `${parts.join(", ")}${kind}`;
}

export const minimumOrderText = (terms: TradeTerms) =>
  terms.min_order_quantity !== null && terms.min_order_unit
    ? formatQuantity(terms.min_order_quantity, terms.min_order_unit)
    : null;

export type TradeTermLabel =
  | "HS Code"
  | "Minimum Order"
  | "Supply Capacity"
  | "Grades / Sizes"
  | "Packaging"
  | "Container Load"
  | "Port of Loading"
  | "Incoterms"
  | "Payment Terms"
  | "Lead Time"
  | "Shelf Life"
  | "Origin";

/** One filled term as the product page, the PDFs and JSON-LD show it. */
export type TradeTermRow = { label: TradeTermLabel; value: string };

/** The 'Trade Terms' rows, in the order buyers read them; only the fields that are filled. */
export function tradeTermRows(terms: TradeTerms): TradeTermRow[] {
  const rows: Array<{ label: TradeTermLabel; value: string | null }> = [
    { label: "HS Code", value: terms.hs_code },
    { label: "Minimum Order", value: minimumOrderText(terms) },
    {
      label: "Supply Capacity",
      value:
        terms.supply_capacity !== null && terms.supply_capacity_unit
          ? `${formatQuantity(terms.supply_capacity, terms.supply_capacity_unit)} per month`
          : null,
    },
    { label: "Grades / Sizes", value: terms.grades.join(", ") || null },
    { label: "Packaging", value: terms.packaging.join(", ") || null },
    { label: "Container Load", value: containerLoadText(terms) },
    { label: "Port of Loading", value: terms.ports_of_loading.join(", ") || null },
    { label: "Incoterms", value: terms.incoterms.join(", ") || null },
    { label: "Payment Terms", value: terms.payment_terms.join(", ") || null },
    {
      label: "Lead Time",
      value:
        terms.lead_time_days !== null ? `${terms.lead_time_days} day${terms.lead_time_days === 1 ? "" : "s"}` : null,
    },
    { label: "Shelf Life", value: terms.shelf_life },
    { label: "Origin", value: terms.origin },
  ];
  return rows.filter((row): row is { label: TradeTermLabel; value: string } => !!row.value);
}

/**
 * Specifications that say again what a filled trade term says ("Shelf Life" as both): the trade term is kept, so a
 * document or JSON-LD names each property once.
 */
export function specificationsBesides<T>(
  specifications: T[],
  rows: readonly TradeTermRow[],
  label: (spec: T) => string,
) {
  const terms = new Set(rows.map((row) => row.label.toLowerCase()));
  return specifications.filter((spec) => !terms.has(label(spec).trim().toLowerCase()));
}

/** The 'Availability' strip: every month, marked when the product is available then. */
export function availabilityStrip(terms: TradeTerms) {
  return MONTHS.map((name, i) => ({
    month: i + 1,
    name,
    short: name.slice(0, 3),
    available: terms.availability_months.includes(i + 1),
  }));
}

export interface IndicativePrice {
  min: number;
  max: number;
  currency: Currency;
  unit: QuantityUnit;
  incoterm: Incoterm;
  validUntil: string | null;
  /** "USD 380–420 per MT, FOB" */
  text: string;
}

/** The indicative price, or null when there is none or it expired before `today` (YYYY-MM-DD). */
export function indicativePrice(terms: TradeTerms, today: string): IndicativePrice | null {
  const { price_min: min, price_currency: currency, price_unit: unit, price_incoterm: incoterm } = terms;
  if (min === null || !currency || !unit || !incoterm) return null;
  if (terms.price_valid_until && terms.price_valid_until < today) return null;
  const max = terms.price_max ?? min;
  const range = max > min ? `${number.format(min)}–${number.format(max)}` : number.format(min);
  const per = unit === "cartons" ? "carton" : unit;
  return {
    min,
    max,
    currency,
    unit,
    incoterm,
    validUntil: terms.price_valid_until,
    text: `${currency} ${range} per ${per}, ${incoterm}`,
  };
}

/** True when any trade term is filled: the product page shows the section, the spec sheet its table. */
export const hasTradeTerms = (terms: TradeTerms) =>
  tradeTermRows(terms).length > 0 || terms.availability_months.length > 0;
