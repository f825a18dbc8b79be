import type { ReadableVersion } from "~/features/history/diff";
import { describeTranslations } from "~/features/history/translations-text";
import { PRODUCT_TEXT_FIELDS } from "./product-fields";
import { formatSpecValue, type SpecValue } from "./product-text";
import { tradeTermRows } from "./trade-terms/display";
import { EMPTY_TRADE_TERMS, type TradeTerms } from "./trade-terms/vocabulary";

/**
 * A product as one version keeps it (issue 27, ADR 0031): every field the form edits, its status, and its
 * translations (`{lang: {field: text}}`), so a translation is versioned like any other field.
 */
export interface ProductSnapshot {
  name: string;
  slug: string;
  category_id: string;
  description: string | null;
  export_info: string | null;
  is_featured: boolean;
  status: string;
  publish_at: string | null;
  image_url: string | null;
  gallery: string[];
  specifications: Record<string, SpecValue>;
  trade_terms: TradeTerms;
  translations: Record<string, Record<string, string>>;
}

const FIELDS = PRODUCT_TEXT_FIELDS;

const listOf = (values: readonly string[]) => (values.length ? values.join(", ") : "");

/** The terms the buyer-facing rows leave out (price, season): shown as stored. */
function otherTerms(terms: TradeTerms): ReadableVersion {
  const price =
    terms.price_min !== null || terms.price_max !== null
      ? [
          [terms.price_min, terms.price_max].filter((v) => v !== null).join("–"),
          terms.price_currency,
          terms.price_unit ? `per ${terms.price_unit}` : null,
          terms.price_incoterm,
          terms.price_valid_until ? `valid until ${terms.price_valid_until}` : null,
        ]
          .filter(Boolean)
          .join(" ")
      : "";
  return {
    "Indicative Price": price,
    "Available Months": listOf(terms.availability_months.map(String)),
  };
}

/**
 * A product version as people read it: labels of the form and the product page ("Minimum Order": "25 MT"), lists
 * (gallery, specifications, translations) as lists. `categoryName` names a category id (a removed one reads as
 * its id).
 */
export function describeProduct(snapshot: ProductSnapshot, categoryName: (id: string) => string = (id) => id) {
  const terms = { ...EMPTY_TRADE_TERMS, ...snapshot.trade_terms };
  const readable: ReadableVersion = {
    [FIELDS.name.label]: snapshot.name,
    [FIELDS.slug.label]: snapshot.slug,
    Category: categoryName(snapshot.category_id),
    Status: snapshot.status === "draft" ? "Draft" : "Published",
    "Publish at": snapshot.publish_at ?? "",
    "Featured product": snapshot.is_featured ? "Yes" : "No",
    [FIELDS.description.label]: snapshot.description ?? "",
    "Main Image": snapshot.image_url ?? "",
    Gallery: snapshot.gallery,
    Specifications: Object.entries(snapshot.specifications).map(([key, value]) => `${key}: ${formatSpecValue(value)}`),
    [FIELDS.export_info.label]: snapshot.export_info ?? "",
  };
  const rows = tradeTermRows(terms);
  for (const label of [
    "HS Code",
    "Minimum Order",
    "Supply Capacity",
    "Grades / Sizes",
    "Packaging",
    "Container Load",
    "Port of Loading",
    "Incoterms",
    "Payment Terms",
    "Lead Time",
    "Shelf Life",
    "Origin",
  ])
    readable[label] = rows.find((row) => row.label === label)?.value ?? "";
  Object.assign(readable, otherTerms(terms));
  Object.assign(readable, describeTranslations(snapshot.translations));
  return readable;
}
