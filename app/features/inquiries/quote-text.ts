import { formatQuantity } from "~/features/catalogue/trade-terms/display";
import { QUANTITY_UNITS, type QuantityUnit } from "~/features/catalogue/trade-terms/vocabulary";
import type { MessageKey } from "~/features/i18n/catalogue";
import type { Translate } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";

/** One line of a quote request as stored (`inquiry_lines`) and shown back to the buyer and the team. */
export interface QuoteLine {
  product_name: string;
  quantity: string;
  unit: string;
  grade: string | null;
  packaging: string | null;
}

/** "25 MT", "2 × 40 ft containers"; a unit from elsewhere as it is. */
export function lineQuantity(line: Pick<QuoteLine, "quantity" | "unit">): string {
  const n = Number(line.quantity);
  return QUANTITY_UNITS.includes(line.unit as QuantityUnit) && Number.isFinite(n)
    ? formatQuantity(n, line.unit as QuantityUnit)
    : `${line.quantity} ${line.unit}`;
}

/** A unit's key in the `forms` area ('40 ft container' → `forms.unit.40ft`, `forms.quantity.40ft`). */
export const unitKey = (unit: QuantityUnit) => unit.replace(/ ft container$/, "ft");

/**
 * The quantity in the buyer's language ("25 MT", "2 × 40 ft containers" in English, "2 حاويتان 40 قدمًا"…); a
 * unit from elsewhere as it is.
 */
export function lineQuantityIn(t: Translate, line: Pick<QuoteLine, "quantity" | "unit">): string {
  const n = Number(line.quantity);
  return QUANTITY_UNITS.includes(line.unit as QuantityUnit) && Number.isFinite(n)
    ? t(`forms.quantity.${unitKey(line.unit as QuantityUnit)}` as MessageKey, { count: n })
    : `${line.quantity} ${line.unit}`;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A target delivery month stored as YYYY-MM in words: "March 2027" in English (as the back office words it),
 * "مارس 2027" in Arabic. Null when there is no month to show. The one place a delivery month is formatted.
 */
export function deliveryMonthText(month: string | null, lang: string = DEFAULT_LANGUAGE): string | null {
  const match = month ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month) : null;
  if (!match) return null;
  const locale = lang === DEFAULT_LANGUAGE ? "en-GB" : lang;
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** "Nashik Red Onion: 25 MT, grade 55 mm+, packaging 25 kg mesh bags" */
export function lineText(line: QuoteLine): string {
  const parts = [lineQuantity(line)];
  if (line.grade) parts.push(`grade ${line.grade}`);
  if (line.packaging) parts.push(`packaging ${line.packaging}`);
  return `${line.product_name}: ${parts.join(", ")}`;
}

interface QuoteTerms {
  company: string | null;
  country: string | null;
  destination_port: string | null;
  incoterm: string | null;
  delivery_month: string | null;
}

/** The request's terms as label and value, only those given. */
export function quoteTermRows(inquiry: QuoteTerms): Array<{ label: string; value: string }> {
  const rows = [
    { label: "Company", value: inquiry.company },
    { label: "Country", value: inquiry.country },
    { label: "Destination Port", value: inquiry.destination_port },
    { label: "Incoterm", value: inquiry.incoterm },
    { label: "Target Delivery", value: deliveryMonthText(inquiry.delivery_month) },
  ];
  return rows.filter((row): row is { label: string; value: string } => !!row.value);
}

/** The plain-text block both emails carry: the lines, numbered, then the terms. */
export function quoteEmailBlock(inquiry: QuoteTerms, lines: QuoteLine[]): string[] {
  return [
    "Products:",
    ...lines.map((line, i) => `  ${i + 1}. ${lineText(line)}`),
    "",
    `Company: ${inquiry.company || "-"}`,
    `Country: ${inquiry.country || "-"}`,
    `Destination Port: ${inquiry.destination_port || "-"}`,
    `Incoterm: ${inquiry.incoterm || "-"}`,
    `Target Delivery: ${deliveryMonthText(inquiry.delivery_month) ?? "-"}`,
  ];
}

/**
 * The short reference a buyer and the team name a request by ("R-3F2A9C1B"): the first eight hex digits of its id.
 * R for request (issue 41: "Q-3F2A9C1B" looked like a quote's number, "Q-2026-0001"). Not a secret and not unique
 * by construction (one in four billion), so it is never used to look a request up for a visitor; the team's
 * inquiry search finds it (`referencedId`).
 */
export const inquiryReference = (id: string) => `R-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

/**
 * The id prefix a search for a request's reference names: "R-3F2A9C1B", or "Q-3F2A9C1B" as references were
 * written before, in any case. Null for anything else (a quote's number "Q-2026-0001" is not a reference).
 */
export function referencedId(query: string): string | null {
  const found = /^[QR]-?([0-9A-F]{8})$/i.exec(query.trim());
  return found ? found[1].toLowerCase() : null;
}

/**
 * What a buyer is told to expect after a quote request, in English: the receipt email and the summary page say it
 * in the buyer's language (`forms.replyTime`, `email.receipt.replyTime`).
 */
export const REPLY_TIME_TEXT = "We usually reply within one business day.";
