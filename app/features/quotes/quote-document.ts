import { QUANTITY_UNITS, type QuantityUnit } from "~/features/catalogue/trade-terms/vocabulary";
import type { MessageKey } from "~/features/i18n/catalogue";
import type { Translate } from "~/features/i18n/translate";
import { lineQuantityIn, unitKey } from "~/features/inquiries/quote-text";
import type { Language } from "~/lib/i18n/languages";
import { isolatedIn } from "~/lib/i18n/bidi";
import { formatMoney } from "~/lib/money";

/** What a quote revision says, as stored: enough for its PDF, its email and its page. */
export interface QuoteFacts {
  number: string;
  revision: number;
  buyer_name: string;
  buyer_company: string | null;
  buyer_country: string | null;
  currency: string;
  incoterm: string;
  named_port: string;
  payment_terms: string;
  lead_time: string;
  valid_until: string;
  notes: string;
  total_minor: number;
  sent_at: string | null;
  created_at: string;
}

export interface QuoteLineFacts {
  product_name: string;
  grade: string | null;
  packaging: string | null;
  quantity: string;
  unit: string;
  unit_price_minor: number;
  line_total_minor: number;
}

/** "24 November 2026" in the language, for a YYYY-MM-DD day. */
export const quoteDay = (day: string, lang: Language) =>
  new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

/** "FOB Nhava Sheva": the Incoterm with the port it names. */
export const quoteTerms = (quote: Pick<QuoteFacts, "incoterm" | "named_port">) =>
  [quote.incoterm, quote.named_port].filter(Boolean).join(" ");

/**
 * The quote in words, in the buyer's language: every label, amount and date the PDF, the email and the page print,
 * so the three say the same. `issuedDay`: the day it carries (the day it was sent; today for a draft's preview).
 * In a right-to-left language, what the desk typed (a port, "55 mm+", payment terms) is set in Unicode isolates, so
 * its own direction holds inside the Arabic sentence ("55 mm+", not "+mm 55"), on the page, in the email and in the
 * PDF alike.
 */
export function quoteDocument(
  quote: QuoteFacts,
  lines: readonly QuoteLineFacts[],
  { t, lang, issuedDay }: { t: Translate; lang: Language; issuedDay: string },
) {
  const typed = (text: string) => isolatedIn(lang, text);
  const money = (minor: number) => formatMoney(minor, quote.currency, lang);
  const unitName = (unit: string) =>
    QUANTITY_UNITS.includes(unit as QuantityUnit)
      ? t(`forms.unit.${unitKey(unit as QuantityUnit)}` as MessageKey)
      : unit;
  const terms = typed(quoteTerms(quote));
  const buyer = typed([quote.buyer_name, quote.buyer_company, quote.buyer_country].filter(Boolean).join(", "));
  return {
    title: t("quote.title", { number: quote.number }),
    revision: quote.revision > 1 ? t("quote.revision", { revision: quote.revision }) : null,
    facts: [
      { label: t("quote.number"), value: quote.revision > 1 ? `${quote.number} v${quote.revision}` : quote.number },
      { label: t("quote.date"), value: quoteDay(issuedDay, lang) },
      { label: t("quote.validUntil"), value: quoteDay(quote.valid_until, lang) },
      { label: t("quote.preparedFor"), value: buyer },
    ],
    terms: [
      { label: t("quote.incoterm"), value: terms },
      { label: t("quote.currency"), value: quote.currency },
      ...(quote.payment_terms ? [{ label: t("quote.paymentTerms"), value: typed(quote.payment_terms) }] : []),
      ...(quote.lead_time ? [{ label: t("quote.leadTime"), value: typed(quote.lead_time) }] : []),
    ],
    lines: lines.map((line) => ({
      product: typed(line.product_name),
      details: [
        ...(line.grade ? [t("quote.grade", { grade: typed(line.grade) })] : []),
        ...(line.packaging ? [t("quote.packaging", { packaging: typed(line.packaging) })] : []),
      ].join(" · "),
      quantity: lineQuantityIn(t, line),
      unitPrice: t("quote.perUnit", { price: money(line.unit_price_minor), unit: unitName(line.unit) }),
      amount: money(line.line_total_minor),
    })),
    total: money(quote.total_minor),
    termsText: terms,
    validity: t("quote.validity", {
      date: quoteDay(quote.valid_until, lang),
      terms,
      currency: quote.currency,
    }),
    notes: quote.notes,
    columns: {
      product: t("quote.column.product"),
      quantity: t("quote.column.quantity"),
      unitPrice: t("quote.column.unitPrice"),
      amount: t("quote.column.amount"),
      total: t("quote.total"),
    },
    headings: { terms: t("quote.terms"), products: t("quote.products"), notes: t("quote.notes") },
  };
}

export type QuoteDocument = ReturnType<typeof quoteDocument>;
