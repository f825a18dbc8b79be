/**
 * A product's export terms: the facts an importer compares between suppliers, and the words they are given in.
 * Stored as one JSON object in `products.trade_terms` (ADR 0023, `storage.server.ts`), checked by one schema
 * whether they come from the product form or a CSV file (`schema.ts`, the only file here that loads zod), and shown
 * by `display.ts` on the product page, the category cards, the spec sheet and in JSON-LD. Field names are also the
 * CSV's column names.
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

/** States and regions Indian produce ships from, offered as suggestions (any text is accepted). */
export const ORIGIN_SUGGESTIONS = [
  "Maharashtra (Nashik)",
  "Madhya Pradesh",
  "Gujarat",
  "Karnataka",
  "Rajasthan",
  "Uttar Pradesh",
  "West Bengal",
  "Punjab",
  "Andhra Pradesh",
  "Tamil Nadu",
  "Kerala",
];

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
