/**
 * Money on quotes (ADR 0037): amounts are whole numbers of the currency's minor unit (cents, fils…), so sums and
 * totals are exact on both engines; quantities stay decimal text, as the buyer typed them.
 */

/** The currencies a quote may be priced in, USD first (the default); more can be added by code. */
export const QUOTE_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "AED",
  "SAR",
  "QAR",
  "KWD",
  "OMR",
  "MYR",
  "SGD",
  "IDR",
  "LKR",
  "BDT",
  "INR",
] as const;
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];
export const DEFAULT_CURRENCY: QuoteCurrency = "USD";

export const isQuoteCurrency = (value: unknown): value is QuoteCurrency =>
  QUOTE_CURRENCIES.includes(value as QuoteCurrency);

/** The digits after the point of the currency's minor unit, as ISO 4217 (through Intl) has them: 2, 3 (KWD) or 0. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A price as typed ("1,250.50", "980", " 12.5 ") in minor units, or null when it is not a non-negative number with at
 * most the currency's digits after the point. Thousands separators (",") are allowed; nothing else.
 */
export function parsePriceMinor(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  const digits = minorDigits(currency);
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(cleaned);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Minor units as a plain decimal ("1250.50"), the way a form field shows a stored price. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const abs = String(Math.abs(minor)).padStart(digits + 1, "0");
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * "USD 1,250.50" in a locale ("en" by default): what the editor, the PDF, the email and the quote page print. The
 * code, never a symbol: "$" is a dollar of several countries, and a buyer compares quotes in several currencies.
 */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "code",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/**
 * A line's total in minor units: quantity (decimal text, up to 6 digits after the point) × unit price, rounded half
 * away from zero to the minor unit. Computed with integers (BigInt), so 33.333 × 1,250.50 is exact before rounding.
 */
export function lineTotalMinor(quantity: string, unitPriceMinor: number): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(quantity.trim());
  if (!match) throw new Error(`not a quantity: ${quantity}`);
  const scale = (match[2] ?? "").length;
  const scaled = BigInt(match[1] + (match[2] ?? ""));
  const product = scaled * BigInt(unitPriceMinor);
  const divisor = 10n ** BigInt(scale);
  const rounded = (product * 2n + divisor) / (divisor * 2n);
  return Number(rounded);
}

/** The quote's total: the sum of its lines. */
export const quoteTotalMinor = (lines: ReadonlyArray<{ line_total_minor: number }>) =>
  lines.reduce((sum, line) => sum + line.line_total_minor, 0);
