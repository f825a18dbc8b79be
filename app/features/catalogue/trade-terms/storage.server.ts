import { normalizeTradeTerms, tradeTermsShape, type TradeTermsInput } from "./schema";
import { EMPTY_TRADE_TERMS, TRADE_TERM_FIELDS, type TradeTerms } from "./vocabulary";

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
