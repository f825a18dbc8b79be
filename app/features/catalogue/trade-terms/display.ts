import type { MessageKey } from "~/features/i18n/catalogue";
import { ENGLISH_WORDING, type Wording } from "~/features/i18n/wording";
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language } from "~/lib/i18n/languages";
import { formatNumber } from "~/lib/i18n/numbers";
import type { SpecValue } from "../product-text";
import type { Currency, Incoterm, QuantityUnit, TradeTerms } from "./vocabulary";

// Labels and texts shared by the product page, the category cards, the quote list, the spec sheet and JSON-LD.
// Kept free of zod (a dependency-cruiser rule says so): public pages and PDFs show terms without loading the schema.
// Each formatter takes the page's wording last (numbers, months and currencies through Intl in its language) and
// defaults to English, as the back office, the PDFs and JSON-LD use them.

const UNIT_KEY = {
  MT: "MT",
  kg: "kg",
  cartons: "cartons",
  "20 ft container": "container20",
  "40 ft container": "container40",
} as const satisfies Record<QuantityUnit, string>;

/** "25 MT", "1 × 40 ft container", "2 × 20 ft containers". */
export function formatQuantity(quantity: number, unit: QuantityUnit, wording: Wording = ENGLISH_WORDING): string {
  return wording.t(`trade.quantity.${UNIT_KEY[unit]}`, { count: quantity });
}

/** The unit a price is quoted per: "MT", "carton", "20 ft container". */
export const priceUnitName = (unit: QuantityUnit, wording: Wording = ENGLISH_WORDING) =>
  wording.t(`trade.per.${UNIT_KEY[unit]}`);

export function containerLoadText(terms: TradeTerms, wording: Wording = ENGLISH_WORDING): string | null {
  const load = (key: "trade.containerLoad20" | "trade.containerLoad40", tonnes: number | null) =>
    tonnes !== null ? wording.t(key, { tonnes }) : null;
  const parts = [
    load("trade.containerLoad20", terms.container_20ft_mt),
    load("trade.containerLoad40", terms.container_40ft_mt),
  ].filter(Boolean);
  if (!parts.length) return null;
  const kind = terms.container_type ? ` (${wording.t(`trade.container.${terms.container_type}`)})` : "";
  return `${parts.join(", ")}${kind}`;
}

export const minimumOrderText = (terms: TradeTerms, wording: Wording = ENGLISH_WORDING) =>
  terms.min_order_quantity !== null && terms.min_order_unit
    ? formatQuantity(terms.min_order_quantity, terms.min_order_unit, wording)
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

const LABEL_KEY: Record<TradeTermLabel, MessageKey> = {
  "HS Code": "trade.label.hsCode",
  "Minimum Order": "trade.label.minimumOrder",
  "Supply Capacity": "trade.label.supplyCapacity",
  "Grades / Sizes": "trade.label.grades",
  Packaging: "trade.label.packaging",
  "Container Load": "trade.label.containerLoad",
  "Port of Loading": "trade.label.portOfLoading",
  Incoterms: "trade.label.incoterms",
  "Payment Terms": "trade.label.paymentTerms",
  "Lead Time": "trade.label.leadTime",
  "Shelf Life": "trade.label.shelfLife",
  Origin: "trade.label.origin",
};

/** A row's label in the page's language (the row keeps its English label: JSON-LD and the PDFs match on it). */
export const tradeTermLabel = (label: TradeTermLabel, wording: Wording = ENGLISH_WORDING) =>
  wording.t(LABEL_KEY[label]);

/**
 * The 'Trade Terms' rows, in the order buyers read them; only the fields that are filled. Values in the wording's
 * language (the free-text terms are content: as stored).
 */
export function tradeTermRows(terms: TradeTerms, wording: Wording = ENGLISH_WORDING): TradeTermRow[] {
  const rows: Array<{ label: TradeTermLabel; value: string | null }> = [
    { label: "HS Code", value: terms.hs_code },
    { label: "Minimum Order", value: minimumOrderText(terms, wording) },
    {
      label: "Supply Capacity",
      value:
        terms.supply_capacity !== null && terms.supply_capacity_unit
          ? wording.t("trade.perMonth", {
              quantity: formatQuantity(terms.supply_capacity, terms.supply_capacity_unit, wording),
            })
          : null,
    },
    { label: "Grades / Sizes", value: terms.grades.join(", ") || null },
    { label: "Packaging", value: terms.packaging.join(", ") || null },
    { label: "Container Load", value: containerLoadText(terms, wording) },
    { label: "Port of Loading", value: terms.ports_of_loading.join(", ") || null },
    { label: "Incoterms", value: terms.incoterms.join(", ") || null },
    { label: "Payment Terms", value: terms.payment_terms.join(", ") || null },
    {
      label: "Lead Time",
      value: terms.lead_time_days !== null ? wording.t("trade.days", { count: terms.lead_time_days }) : null,
    },
    { label: "Shelf Life", value: terms.shelf_life },
    { label: "Origin", value: terms.origin },
  ];
  return rows.filter((row): row is { label: TradeTermLabel; value: string } => !!row.value);
}

/**
 * A specification's value in the wording's language: Yes and No from the interface catalogue, text as stored (a
 * translation of it is content, picked by the caller).
 */
export const specValueText = (value: SpecValue, wording: Wording = ENGLISH_WORDING): string =>
  typeof value === "boolean" ? wording.t(value ? "spec.yes" : "spec.no") : value;

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

const monthNames = new Map<string, Intl.DateTimeFormat>();
/** A month's name (1–12) in a language, long ("September", "সেপ্টেম্বর") or short ("Sep", "সেপ্ট"). */
export function monthName(month: number, lang: Language = DEFAULT_LANGUAGE, width: "long" | "short" = "long") {
  const key = `${lang}:${width}`;
  let format = monthNames.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === DEFAULT_LANGUAGE ? "en-US" : lang, { month: width, timeZone: "UTC" });
    monthNames.set(key, format);
  }
  return format.format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** The 'Availability' strip: every month, marked when the product is available then; names in the language. */
export function availabilityStrip(terms: TradeTerms, lang: Language = DEFAULT_LANGUAGE) {
  return Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    name: monthName(i + 1, lang),
    short: monthName(i + 1, lang, "short"),
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

/**
 * The amount of a price: English as it always read ("USD 380–420"); other languages through Intl's currency format
 * ("380–420 US$", "৩৮০–৪২০ US$"). In a right-to-left language the amount is isolated left to right (U+2066…U+2069),
 * so the range and "US$" keep their order inside the Arabic sentence.
 */
export function formatPriceRange(min: number, max: number, currency: Currency, lang: Language = DEFAULT_LANGUAGE) {
  if (lang === DEFAULT_LANGUAGE) {
    const range = max > min ? `${formatNumber(min)}–${formatNumber(max)}` : formatNumber(min);
    return `${currency} ${range}`;
  }
  const format = new Intl.NumberFormat(lang, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 3,
  });
  const amount = max > min ? format.formatRange(min, max) : format.format(min);
  return LANGUAGE_INFO[lang].dir === "rtl" ? `\u2066${amount.replace(/\u200f/g, "")}\u2069` : amount;
}

/** The indicative price, or null when there is none or it expired before `today` (YYYY-MM-DD). */
export function indicativePrice(
  terms: TradeTerms,
  today: string,
  wording: Wording = ENGLISH_WORDING,
): IndicativePrice | null {
  const { price_min: min, price_currency: currency, price_unit: unit, price_incoterm: incoterm } = terms;
  if (min === null || !currency || !unit || !incoterm) return null;
  if (terms.price_valid_until && terms.price_valid_until < today) return null;
  const max = terms.price_max ?? min;
  return {
    min,
    max,
    currency,
    unit,
    incoterm,
    validUntil: terms.price_valid_until,
    text: wording.t("trade.price", {
      price: formatPriceRange(min, max, currency, wording.lang),
      unit: priceUnitName(unit, wording),
      incoterm,
    }),
  };
}

/** True when any trade term is filled: the product page shows the section, the spec sheet its table. */
export const hasTradeTerms = (terms: TradeTerms) =>
  tradeTermRows(terms).length > 0 || terms.availability_months.length > 0;
