import { z } from "zod";

/**
 * A product's export terms: the facts an importer compares between suppliers. Stored as one JSON object in
 * `products.trade_terms` (ADR 0023), checked by one schema whether they come from the product form or a CSV file,
 * and shown by the helpers below on the product page, the category cards, the spec sheet and in JSON-LD.
 * Field names are also the CSV's column names.
 */

/** The Incoterms 2020 rules, in the ICC's order. */
export const INCOTERMS = ["EXW", "FCA", "FAS", "FOB", "CFR", "CIF", "CPT", "CIP", "DAP", "DPU", "DDP"] as const;
export type Incoterm = (typeof INCOTERMS)[number];

export const QUANTITY_UNITS = ["MT", "kg", "cartons", "20 ft container", "40 ft container"] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

export const CONTAINER_TYPES = ["reefer", "dry"] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

/** Currencies a price may be quoted in (ISO 4217). */
export const CURRENCIES = ["USD", "EUR", "GBP", "AED", "SAR", "QAR", "KWD", "OMR", "INR", "SGD", "MYR", "JPY"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Longest list a product keeps (grades, packaging, ports, payment terms) and longest item. */
export const MAX_TERM_ITEMS = 20;
export const MAX_TERM_ITEM_LENGTH = 120;

export interface TradeTerms {
  hs_code: string | null;
  min_order_quantity: number | null;
  min_order_unit: QuantityUnit | null;
  /** Per month. */
  supply_capacity: number | null;
  supply_capacity_unit: QuantityUnit | null;
  grades: string[];
  packaging: string[];
  /** What one container takes, in MT. */
  container_20ft_mt: number | null;
  container_40ft_mt: number | null;
  container_type: ContainerType | null;
  ports_of_loading: string[];
  incoterms: Incoterm[];
  payment_terms: string[];
  lead_time_days: number | null;
  shelf_life: string | null;
  /** State or region of India. */
  origin: string | null;
  /** Months (1–12) the product is available in. */
  availability_months: number[];
  /** An optional indicative price range; never shown once `price_valid_until` has passed. */
  price_min: number | null;
  price_max: number | null;
  price_currency: Currency | null;
  price_unit: QuantityUnit | null;
  price_incoterm: Incoterm | null;
  /** YYYY-MM-DD */
  price_valid_until: string | null;
}

export type TradeTermField = keyof TradeTerms;

/** The fields that hold lists (one input per item in the form, JSON text in the CSV). */
export const TRADE_TERM_LISTS = [
  "grades",
  "packaging",
  "ports_of_loading",
  "incoterms",
  "payment_terms",
  "availability_months",
] as const satisfies ReadonlyArray<TradeTermField>;

export const EMPTY_TRADE_TERMS: TradeTerms = {
  hs_code: null,
  min_order_quantity: null,
  min_order_unit: null,
  supply_capacity: null,
  supply_capacity_unit: null,
  grades: [],
  packaging: [],
  container_20ft_mt: null,
  container_40ft_mt: null,
  container_type: null,
  ports_of_loading: [],
  incoterms: [],
  payment_terms: [],
  lead_time_days: null,
  shelf_life: null,
  origin: null,
  availability_months: [],
  price_min: null,
  price_max: null,
  price_currency: null,
  price_unit: null,
  price_incoterm: null,
  price_valid_until: null,
};

/** Every term, in the order above, which is also the order of the CSV's trade-term columns. */
export const TRADE_TERM_FIELDS = Object.keys(EMPTY_TRADE_TERMS) as TradeTermField[];

// ---------------------------------------------------------------------------------------------------------------
// Input: the same rules for the product form and the CSV import. Each field reads a string (a list: strings) as a
// browser sends it; blank means "not given".

const blankToNull = (v: unknown) =>
  typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v;

const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z.string().max(max, `${label} is too long (at most ${max} characters).`).nullable().optional(),
    )
    .transform((v) => v ?? null);

/** A positive amount ("25", "25.5", "1,000"); blank is null. */
const amount = (label: string, max = 1_000_000_000) =>
  z
    .preprocess(
      (v) => {
        const b = blankToNull(v);
        if (typeof b !== "string") return b;
        const n = Number(b.replace(/,/g, ""));
        return Number.isFinite(n) ? n : b;
      },
      z
        .number({ error: `${label} must be a number.` })
        .positive(`${label} must be more than 0.`)
        .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`)
        .nullable()
        .optional(),
    )
    .transform((v) => (v == null ? null : Math.round(v * 1000) / 1000));

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToNull, z.enum(values, { error: message }).nullable().optional()).transform((v) => v ?? null);

const UNIT_MESSAGE = `Choose a unit: ${QUANTITY_UNITS.join(", ")}.`;

const textList = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(MAX_TERM_ITEM_LENGTH, `${label}: an entry is too long (at most ${MAX_TERM_ITEM_LENGTH} characters).`),
    )
    .optional()
    .transform((items) => dedupe((items ?? []).filter(Boolean)))
    .refine((items) => items.length <= MAX_TERM_ITEMS, `At most ${MAX_TERM_ITEMS} entries in ${label}.`);

const dedupe = <T>(items: T[]) => [...new Set(items)];

/** HS codes are 6 to 10 digits, written with or without dots (0703.10.19 or 07031019). */
export const HS_CODE_MESSAGE = "HS Code must have 6 to 10 digits; dots are allowed (e.g. 0703.10.19).";
export const isHsCode = (value: string) =>
  /^\d+(\.\d+)*$/.test(value) && value.replace(/\./g, "").length >= 6 && value.replace(/\./g, "").length <= 10;

/** Month numbers, or month names in English (full or three letters) as a spreadsheet might hold them. */
const monthOf = (value: string): number | null => {
  const v = value.trim();
  if (/^\d{1,2}$/.test(v)) {
    const n = Number(v);
    return n >= 1 && n <= 12 ? n : null;
  }
  const i = MONTHS.findIndex(
    (m) => m.toLowerCase() === v.toLowerCase() || m.slice(0, 3).toLowerCase() === v.toLowerCase(),
  );
  return i >= 0 ? i + 1 : null;
};

/** The schema's shape, spread into the product form's schema: the inputs are named like the fields. */
export const tradeTermsShape = {
  hs_code: z
    .preprocess(
      blankToNull,
      z.string().max(13, HS_CODE_MESSAGE).refine(isHsCode, HS_CODE_MESSAGE).nullable().optional(),
    )
    .transform((v) => v ?? null),
  min_order_quantity: amount("Minimum Order"),
  min_order_unit: choice(QUANTITY_UNITS, UNIT_MESSAGE),
  supply_capacity: amount("Supply Capacity"),
  supply_capacity_unit: choice(QUANTITY_UNITS, UNIT_MESSAGE),
  grades: textList("Grades / Sizes"),
  packaging: textList("Packaging"),
  container_20ft_mt: amount("20 ft container load", 40),
  container_40ft_mt: amount("40 ft container load", 40),
  container_type: choice(CONTAINER_TYPES, "Choose reefer or dry."),
  ports_of_loading: textList("Port of Loading"),
  incoterms: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .pipe(z.enum(INCOTERMS, { error: `Incoterms must be among ${INCOTERMS.join(", ")}.` })),
    )
    .optional()
    .transform((items) => INCOTERMS.filter((term) => (items ?? []).includes(term))),
  payment_terms: textList("Payment Terms"),
  lead_time_days: z
    .preprocess(
      (v) => {
        const b = blankToNull(v);
        return typeof b === "string" && /^\d+$/.test(b) ? Number(b) : b;
      },
      z
        .number({ error: "Lead Time must be a whole number of days." })
        .int("Lead Time must be a whole number of days.")
        .min(0, "Lead Time must be 0 to 365 days.")
        .max(365, "Lead Time must be 0 to 365 days.")
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  shelf_life: optionalText("Shelf Life", 120),
  origin: optionalText("Origin", 120),
  availability_months: z
    .array(z.string())
    .optional()
    .transform((items, ctx) => {
      const months = (items ?? []).filter((v) => v.trim()).map(monthOf);
      if (months.some((m) => m === null)) {
        ctx.addIssue({ code: "custom", message: "Availability months must be 1 to 12 (or January to December)." });
        return z.NEVER;
      }
      return dedupe(months as number[]).sort((a, b) => a - b);
    }),
  price_min: amount("Price (min)"),
  price_max: amount("Price (max)"),
  price_currency: choice(CURRENCIES, `Choose a currency: ${CURRENCIES.join(", ")}.`),
  price_unit: choice(QUANTITY_UNITS, UNIT_MESSAGE),
  price_incoterm: choice(INCOTERMS, `The price's Incoterm must be among ${INCOTERMS.join(", ")}.`),
  price_valid_until: z
    .preprocess(blankToNull, z.iso.date("Price valid until must be a date (YYYY-MM-DD).").nullable().optional())
    .transform((v) => v ?? null),
};

type TradeTermsInput = { [K in keyof typeof tradeTermsShape]: z.output<(typeof tradeTermsShape)[K]> };

/**
 * The rules between fields, added to any object schema holding `tradeTermsShape`: an amount needs its unit, and a
 * price needs its currency, unit and Incoterm, with max not under min.
 */
export function checkTradeTerms(values: TradeTermsInput, ctx: z.RefinementCtx) {
  const need = (when: boolean, path: keyof TradeTerms, message: string) => {
    if (when) ctx.addIssue({ code: "custom", path: [path], message });
  };
  need(
    values.min_order_quantity !== null && !values.min_order_unit,
    "min_order_unit",
    `Minimum Order: ${UNIT_MESSAGE}`,
  );
  need(
    values.supply_capacity !== null && !values.supply_capacity_unit,
    "supply_capacity_unit",
    `Supply Capacity: ${UNIT_MESSAGE}`,
  );
  const priced = values.price_min !== null || values.price_max !== null;
  need(
    !priced && values.price_valid_until !== null,
    "price_min",
    "Enter the price range, or clear its valid until date.",
  );
  if (priced) {
    need(values.price_min === null, "price_min", "Enter the lowest price of the range.");
    need(!values.price_currency, "price_currency", "Choose the price's currency.");
    need(!values.price_unit, "price_unit", "Choose the unit the price is per.");
    need(!values.price_incoterm, "price_incoterm", "Choose the Incoterm the price is based on.");
    need(
      values.price_min !== null && values.price_max !== null && values.price_max < values.price_min,
      "price_max",
      "Price (max) must not be less than price (min).",
    );
  }
}

/** The checked values as stored: units and price parts only where they mean something. */
export function normalizeTradeTerms(values: TradeTermsInput): TradeTerms {
  // Only the terms: a form's other values (name, slug…) may come along.
  const terms = { ...EMPTY_TRADE_TERMS };
  for (const field of TRADE_TERM_FIELDS) (terms as Record<string, unknown>)[field] = values[field];
  if (terms.min_order_quantity === null) terms.min_order_unit = null;
  if (terms.supply_capacity === null) terms.supply_capacity_unit = null;
  if (terms.price_min === null) {
    Object.assign(terms, {
      price_max: null,
      price_currency: null,
      price_unit: null,
      price_incoterm: null,
      price_valid_until: null,
    });
  }
  return terms;
}

/** JSON text for `products.trade_terms`: only the fields that hold something. */
export function serializeTradeTerms(terms: TradeTerms): string {
  const filled = Object.entries(terms).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0));
  return JSON.stringify(Object.fromEntries(filled));
}

/**
 * `products.trade_terms` as terms. Whatever does not pass the rules (a hand-edited row, an older shape) reads as
 * not given, field by field, rather than failing the page.
 */
export function parseTradeTerms(json: string | null | undefined): TradeTerms {
  let raw: unknown;
  try {
    raw = JSON.parse(json || "{}");
  } catch {
    return { ...EMPTY_TRADE_TERMS };
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { ...EMPTY_TRADE_TERMS };
  const terms: Record<string, unknown> = { ...EMPTY_TRADE_TERMS };
  for (const field of TRADE_TERM_FIELDS) {
    const value = (raw as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    const input = Array.isArray(value) ? value.map(String) : String(value);
    const parsed = tradeTermsShape[field].safeParse(input);
    if (parsed.success) terms[field] = parsed.data;
  }
  return normalizeTradeTerms(terms as unknown as TradeTermsInput);
}

// ---------------------------------------------------------------------------------------------------------------
// Output: labels and texts shared by the product page, the spec sheet and JSON-LD.

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
