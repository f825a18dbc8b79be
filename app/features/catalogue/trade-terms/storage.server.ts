import { normalizeTradeTerms, tradeTermsShape, type TradeTermsInput } from "./schema";
import { EMPTY_TRADE_TERMS, TRADE_TERM_FIELDS, type TradeTerms } from "./vocabulary";

/** JSON text for `products.trade_terms`: only the fields that hold something. */
export function serializeTradeTerms(terms: TradeTerms): string {
  const filled = Object.entries(terms).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0));
  return JSON.stringify(Object.fromEntries(filled));
}

/** Texts already read, and their terms: at most this many, then forgotten all at once. */
const MAX_REMEMBERED = 2_000;
const parsedTexts = new Map<string, TradeTerms>();

/**
 * `products.trade_terms` as terms. Whatever does not pass the rules (a hand-edited row, an older shape) reads as
 * not given, field by field, rather than failing the page. The terms depend on the text alone, and checking them
 * field by field was a twentieth of an uncached product page (ADR 0028): a text read before is answered from
 * memory, as a copy the caller may change.
 */
export function parseTradeTerms(json: string | null | undefined): TradeTerms {
  const text = json || "{}";
  let terms = parsedTexts.get(text);
  if (!terms) {
    terms = checkTradeTerms(text);
    if (parsedTexts.size >= MAX_REMEMBERED) parsedTexts.clear();
    parsedTexts.set(text, terms);
  }
  return copyOf(terms);
}

function copyOf(terms: TradeTerms): TradeTerms {
  const copy = { ...terms };
  for (const field of TRADE_TERM_FIELDS) {
    const value = copy[field];
    if (Array.isArray(value)) (copy as Record<string, unknown>)[field] = [...value];
  }
  return copy;
}

function checkTradeTerms(json: string): TradeTerms {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
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
