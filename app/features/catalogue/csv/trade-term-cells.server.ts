import { normalizeTradeTerms, tradeTermsShape } from "../trade-terms/schema";
import { parseTradeTerms } from "../trade-terms/storage.server";
import {
  EMPTY_TRADE_TERMS,
  TRADE_TERM_FIELDS,
  TRADE_TERM_LISTS,
  type TradeTermField,
  type TradeTerms,
} from "../trade-terms/vocabulary";

// The export terms in the catalogue CSV: one column per field after the spec's nine, named like the fields. A list
// is JSON text, like gallery_images; numbers are plain digits; an empty cell is "not given".

const isList = (field: TradeTermField) => (TRADE_TERM_LISTS as readonly string[]).includes(field);

/** A product's terms as cells, in TRADE_TERM_FIELDS order. */
export function tradeTermCells(json: string): string[] {
  const terms = parseTradeTerms(json);
  return TRADE_TERM_FIELDS.map((field) => {
    const value = terms[field];
    if (Array.isArray(value)) return value.length ? JSON.stringify(value) : "";
    return value === null ? "" : String(value);
  });
}

const shortText = (value: string) => {
  const flat = value.replace(/\s+/g, " ");
  return `"${flat.length > 40 ? `${flat.slice(0, 37)}...` : flat}"`;
};

/** A list cell's items: a JSON list, or (as typed in a spreadsheet) items separated by semicolons. */
function listItems(cell: string): string[] | null {
  if (!cell.startsWith("[")) return cell.split(";").map((item) => item.trim());
  try {
    const parsed: unknown = JSON.parse(cell);
    return Array.isArray(parsed) && parsed.every((v) => ["string", "number"].includes(typeof v))
      ? parsed.map(String)
      : null;
  } catch {
    return null;
  }
}

/**
 * A row's export terms: the cells of the trade columns the file has, over `current` (an update keeps what the file
 * has no column for; a new product starts empty). A cell that does not pass the product form's rules is left out
 * with a warning, and so is a part that makes no sense alone (an amount without its unit, an incomplete price).
 * Null when the file has none of the columns: the row then leaves the terms as they are.
 */
export function readTradeTermCells(
  cell: (field: TradeTermField) => string | undefined,
  current: TradeTerms | null,
  warn: (message: string) => void,
): TradeTerms | null {
  const given = TRADE_TERM_FIELDS.filter((field) => cell(field) !== undefined);
  if (!given.length) return null;
  const terms: Record<string, unknown> = { ...(current ?? EMPTY_TRADE_TERMS) };
  for (const field of given) {
    const text = cell(field) ?? "";
    if (!text) {
      terms[field] = isList(field) ? [] : null;
      continue;
    }
    const input = isList(field) ? listItems(text) : text;
    if (input === null) {
      warn(`${field} is not a JSON list such as ["a", "b"]; it is left ${current ? "as it was" : "empty"}.`);
      continue;
    }
    const parsed = tradeTermsShape[field].safeParse(input);
    if (parsed.success) terms[field] = parsed.data;
    else
      warn(
        `${field} ${shortText(text)}: ${parsed.error.issues[0]?.message ?? "not valid"} Left ${current ? "as it was" : "empty"}.`,
      );
  }
  return completeTerms(terms as unknown as TradeTerms, warn);
}

/** The rules between fields (`checkTradeTerms`), applied by leaving out what cannot stand. */
function completeTerms(terms: TradeTerms, warn: (message: string) => void): TradeTerms {
  if (terms.min_order_quantity !== null && !terms.min_order_unit) {
    warn("min_order_quantity has no min_order_unit; the minimum order is left out.");
    terms.min_order_quantity = null;
  }
  if (terms.supply_capacity !== null && !terms.supply_capacity_unit) {
    warn("supply_capacity has no supply_capacity_unit; the supply capacity is left out.");
    terms.supply_capacity = null;
  }
  const priceParts = [terms.price_currency, terms.price_unit, terms.price_incoterm];
  if (terms.price_min === null && (terms.price_max !== null || priceParts.some(Boolean))) {
    warn("the indicative price has no price_min; it is left out.");
  } else if (terms.price_min !== null && priceParts.some((part) => !part)) {
    warn("the indicative price needs price_currency, price_unit and price_incoterm; it is left out.");
    terms.price_min = null;
  } else if (terms.price_min !== null && terms.price_max !== null && terms.price_max < terms.price_min) {
    warn("price_max is less than price_min; only price_min is kept.");
    terms.price_max = null;
  }
  return normalizeTradeTerms(terms);
}
