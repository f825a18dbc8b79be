import { minimumOrderText, type IndicativePrice, type TradeTermRow } from "~/features/catalogue/trade-terms/display";
import { MONTHS, type TradeTerms } from "~/features/catalogue/trade-terms/vocabulary";

const SCHEMA = "https://schema.org/";

/**
 * A product's export terms as schema.org: every filled term a `PropertyValue`, and an `AggregateOffer` only when
 * the page shows a valid indicative price (ADR 0023: a made-up price would be a false statement to search engines;
 * without `offers` Google still reads the product, it just shows no price). `rows` are the page's own Trade Terms rows
 * (`tradeTermRows`), so search engines read exactly what the buyer reads.
 */
export function tradeTermsJsonLd(
  terms: TradeTerms,
  rows: readonly TradeTermRow[],
  price: IndicativePrice | null,
  options: { month: number; seller: object },
) {
  const additionalProperty: object[] = rows.map((row) => ({
    "@type": "PropertyValue",
    name: row.label,
    value: row.value,
    ...(row.label === "HS Code" ? { propertyID: "HS" } : {}),
  }));
  if (terms.availability_months.length)
    additionalProperty.push({
      "@type": "PropertyValue",
      name: "Availability",
      value: terms.availability_months.map((m) => MONTHS[m - 1]).join(", "),
    });
  if (!price) return { additionalProperty };
  const moq = minimumOrderText(terms);
  const offers = {
    "@type": "AggregateOffer",
    // One indicative range: the price a buyer is quoted falls in it.
    offerCount: 1,
    lowPrice: price.min,
    highPrice: price.max,
    priceCurrency: price.currency,
    ...(price.validUntil ? { priceValidUntil: price.validUntil } : {}),
    ...availabilityOf(terms, options.month),
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      minPrice: price.min,
      maxPrice: price.max,
      priceCurrency: price.currency,
      unitText: price.unit,
      description: `${price.incoterm} (Incoterms 2020)`,
    },
    ...(moq && terms.min_order_quantity !== null
      ? {
          eligibleQuantity: {
            "@type": "QuantitativeValue",
            minValue: terms.min_order_quantity,
            unitText: terms.min_order_unit,
          },
        }
      : {}),
    seller: options.seller,
  };
  return { additionalProperty, offers };
}

/** In season this month: in stock; in season later: for pre-order; no months given: not stated. */
function availabilityOf(terms: TradeTerms, month: number) {
  if (!terms.availability_months.length) return {};
  return {
    availability: `${SCHEMA}${terms.availability_months.includes(month) ? "InStock" : "PreOrder"}`,
  };
}
