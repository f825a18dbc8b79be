import { z } from "zod";
import {
  CONTAINER_TYPES,
  CURRENCIES,
  EMPTY_TRADE_TERMS,
  INCOTERMS,
  MAX_TERM_ITEM_LENGTH,
  MAX_TERM_ITEMS,
  MONTHS,
  QUANTITY_UNITS,
  TRADE_TERM_FIELDS,
  type TradeTerms,
} from "./vocabulary";

// The same rules for the product form, the CSV import and the stored JSON. Each field reads a string (a list:
// strings) as a browser sends it; blank means "not given". The only trade-terms file that loads zod: pages and PDFs
// show terms through display.ts, which does not.

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

export type TradeTermsInput = { [K in keyof typeof tradeTermsShape]: z.output<(typeof tradeTermsShape)[K]> };

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
