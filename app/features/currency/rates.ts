// Prices in the buyer's currency (issue 43): which currencies an administrator keeps rates for, when a rate may be
// used, and the conversion. Plain code without imports: the server and the public pages' island both use it.

/**
 * The buyers' currencies, each with a rate "per 1 USD" typed in the back office: the Gulf, South and South-East
 * Asia, Europe, and JPY because a product's price may be quoted in it (trade-terms vocabulary).
 */
export const RATE_CURRENCIES = [
  "AED",
  "SAR",
  "QAR",
  "KWD",
  "OMR",
  "BHD",
  "BDT",
  "INR",
  "LKR",
  "MYR",
  "IDR",
  "SGD",
  "EUR",
  "GBP",
  "JPY",
] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

export const isRateCurrency = (code: string): code is RateCurrency =>
  (RATE_CURRENCIES as readonly string[]).includes(code);

/**
 * About what one US dollar bought when this was written: a rate more than `TYPO_FACTOR` times away is refused as a
 * slipped decimal point (36.725 AED), never published. Wide enough for years of drift.
 */
export const USUAL_RATE: Record<RateCurrency, number> = {
  AED: 3.6725,
  SAR: 3.75,
  QAR: 3.64,
  KWD: 0.307,
  OMR: 0.3845,
  BHD: 0.376,
  BDT: 120,
  INR: 86,
  LKR: 300,
  MYR: 4.4,
  IDR: 16000,
  SGD: 1.3,
  EUR: 0.92,
  GBP: 0.78,
  JPY: 150,
};
export const TYPO_FACTOR = 3;

/** "Longest a rate may be used", in days. */
export const DEFAULT_MAX_AGE_DAYS = 7;
export const MIN_MAX_AGE_DAYS = 1;
export const MAX_MAX_AGE_DAYS = 90;

/** Rates a page carries: per 1 USD, each with its day (YYYY-MM-DD). USD itself is 1 and needs no entry. */
export type EmbeddedRates = Record<string, { rate: number; date: string }>;

/** What a product page carries for its price in the buyer's currency; the island does the rest in the browser. */
export interface CurrencyOffer {
  /** The fresh rates, per 1 USD. */
  rates: EmbeddedRates;
  /** The currencies a visitor may pick, with their names in the page's language. */
  options: Array<{ code: string; name: string }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** A rate taken on `date` may be used on `today` (both YYYY-MM-DD, UTC) while it is at most `maxAgeDays` old. */
export const isFreshRate = (date: string, today: string, maxAgeDays: number) =>
  dayNumber(today) - dayNumber(date) <= maxAgeDays;

/**
 * The first moment (ms, a UTC midnight) a rate taken on `date` is too old: a page showing it must be gone by then.
 * The page cache drops every page at UTC midnight, so such a page is never served past it.
 */
export const rateExpiresAt = (date: string, maxAgeDays: number) => (dayNumber(date) + maxAgeDays + 1) * DAY_MS;

/**
 * A price range from one currency into another through the US dollar, with the day of the older rate used; null
 * when either currency has no rate here (USD needs none), or both are the same.
 */
export function convertRange(
  min: number,
  max: number,
  from: string,
  to: string,
  rates: EmbeddedRates,
): { min: number; max: number; date: string } | null {
  if (from === to) return null;
  const source = from === "USD" ? null : rates[from];
  const target = to === "USD" ? null : rates[to];
  if ((from !== "USD" && !source) || (to !== "USD" && !target)) return null;
  const factor = (target?.rate ?? 1) / (source?.rate ?? 1);
  const dates = [source?.date, target?.date].filter((d): d is string => !!d).sort();
  if (!dates.length || !(factor > 0) || !Number.isFinite(factor)) return null;
  return { min: min * factor, max: max * factor, date: dates[0]! };
}
