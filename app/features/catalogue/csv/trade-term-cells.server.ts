import { typedKey } from "~/lib/slug";
import { normalizeTradeTerms, tradeTermsShape } from "../trade-terms/schema";
import { parseTradeTerms } from "../trade-terms/storage.server";
import {
  CONTAINER_TYPES,
  CURRENCIES,
  EMPTY_TRADE_TERMS,
  INCOTERMS,
  QUANTITY_UNITS,
  TRADE_TERM_FIELDS,
  TRADE_TERM_LISTS,
  type TradeTermField,
  type TradeTerms,
} from "../trade-terms/vocabulary";

// The export terms in the catalogue CSV: one column per field after the spec's nine, named like the fields. A list
// is JSON text, like gallery_images, or items separated by ; or ,; numbers are plain digits; an empty cell is "not
// given".

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

/**
 * A list cell's items: a JSON list, or (as typed in a spreadsheet) items separated by semicolons, or by commas when
 * the cell has no semicolon. `separator` says which was used, for the preview.
 */
export function listItems(cell: string): { items: string[]; separator: "JSON" | ";" | "," | null } | null {
  if (!cell.startsWith("[")) {
    const separator = cell.includes(";") ? ";" : cell.includes(",") ? "," : null;
    const items = separator ? cell.split(separator).map((item) => item.trim()) : [cell.trim()];
    return { items, separator };
  }
  try {
    const parsed: unknown = JSON.parse(cell);
    return Array.isArray(parsed) && parsed.every((v) => ["string", "number"].includes(typeof v))
      ? { items: parsed.map(String), separator: "JSON" }
      : null;
  } catch {
    return null;
  }
}

/** The fields whose value is one of a list of words, and the words. */
const WORDS: Partial<Record<TradeTermField, readonly string[]>> = {
  min_order_unit: QUANTITY_UNITS,
  supply_capacity_unit: QUANTITY_UNITS,
  price_unit: QUANTITY_UNITS,
  container_type: CONTAINER_TYPES,
  price_currency: CURRENCIES,
  price_incoterm: INCOTERMS,
};

/** A word as compared: case, spaces and hyphens aside, "container" optional ("20ft" is "20 ft container"). */
const wordKey = (text: string) => typedKey(text).replace(/container$/, "");

/** The list's word that `text` is written as, when it is one but not as the list writes it ("20ft container"). */
export function listedWord(field: TradeTermField, text: string): string | null {
  const words = WORDS[field];
  if (!words || words.includes(text)) return null;
  return words.find((word) => wordKey(word) === wordKey(text)) ?? null;
}

/**
 * An HS code a spreadsheet kept as a number, its leading 0 gone (0703.10.19 typed as 7031019): 5 or 7 digits, or a
 * first group of 3, get their 0 back. Null when the code is written as codes are.
 */
export function hsCodeWithItsZero(text: string): string | null {
  const digits = text.replace(/\./g, "");
  if (!/^\d+(\.\d+)*$/.test(text)) return null;
  if (/^\d{3}(\.|$)/.test(text) || (!text.includes(".") && (digits.length === 5 || digits.length === 7)))
    return `0${text}`;
  return null;
}

/** The two ways a date is accepted: 2026-12-31, or the site's day-first 31/12/2026 (what Excel writes in India). */
export function readDateCell(text: string): { date: string; dayFirst: boolean } | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  // Day first with slashes, dashes or dots: 31/12/2026, 31-12-2026, 31.12.2026.
  const dayFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dayFirst
      ? [dayFirst[4], dayFirst[3].padStart(2, "0"), dayFirst[1].padStart(2, "0")]
      : [];
  if (!year) return null;
  const date = `${year}-${month}-${day}`;
  // 31/02/2026 is no date: the calendar must give back the same day.
  const real = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(real.getTime()) || real.toISOString().slice(0, 10) !== date) return null;
  return { date, dayFirst: !iso };
}

const PRICE_FIELDS = [
  "price_min",
  "price_max",
  "price_currency",
  "price_unit",
  "price_incoterm",
  "price_valid_until",
] as const satisfies ReadonlyArray<TradeTermField>;

/**
 * A row's export terms: the cells of the trade columns the file has, over `current` (an update keeps what the file
 * has no column for; a new product starts empty). A cell that does not pass the product form's rules is left out
 * with a warning, and so is a part that makes no sense alone (an amount without its unit, an incomplete price).
 * A price whose valid-until date cannot be read is left out whole: a price is never published without the expiry
 * the file meant to give it. `note` hears how spreadsheet habits were read (list separators, day-first dates).
 * Null when the file has none of the columns: the row then leaves the terms as they are.
 */
export function readTradeTermCells(
  cell: (field: TradeTermField) => string | undefined,
  current: TradeTerms | null,
  warn: (message: string) => void,
  note: (message: string) => void = () => {},
): TradeTerms | null {
  const given = TRADE_TERM_FIELDS.filter((field) => cell(field) !== undefined);
  if (!given.length) return null;
  const terms: Record<string, unknown> = { ...(current ?? EMPTY_TRADE_TERMS) };
  let unreadableExpiry = false;
  for (const field of given) {
    const text = cell(field) ?? "";
    if (!text) {
      terms[field] = isList(field) ? [] : null;
      continue;
    }
    let input: string | string[] = text;
    if (isList(field)) {
      const list = listItems(text);
      if (list === null) {
        warn(`${field} is not a JSON list such as ["a", "b"]; it is left ${current ? "as it was" : "empty"}.`);
        continue;
      }
      if (list.separator === ";" || list.separator === ",")
        note(`${field}: items separated by ${list.separator === ";" ? "semicolons (;)" : "commas (,)"}.`);
      input = list.items;
    } else if (field === "price_valid_until") {
      const date = readDateCell(text);
      if (!date) {
        unreadableExpiry = true;
        continue;
      }
      if (date.dayFirst) note("price_valid_until read day first (31/12/2026 as 2026-12-31).");
      input = date.date;
    } else if (field === "hs_code") {
      const code = hsCodeWithItsZero(text);
      if (code) {
        note("hs_code: a number that lost its leading 0, given it back (703.10 as 0703.10).");
        input = code;
      }
    } else {
      const word = listedWord(field, text);
      if (word) {
        note(`${field}: written as ${word} (case and spaces aside).`);
        input = word;
      }
    }
    const parsed = tradeTermsShape[field].safeParse(input);
    if (parsed.success) terms[field] = parsed.data;
    else
      warn(
        `${field} ${shortText(text)}: ${parsed.error.issues[0]?.message ?? "not valid"} Left ${current ? "as it was" : "empty"}.`,
      );
  }
  if (unreadableExpiry) {
    warn(
      `price_valid_until ${shortText(cell("price_valid_until") ?? "")} is not a date written 2026-12-31 or 31/12/2026; the indicative price is left out, so it is never shown without its expiry.`,
    );
    for (const field of PRICE_FIELDS) terms[field] = null;
    return normalizeTradeTerms(terms as unknown as TradeTerms);
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
