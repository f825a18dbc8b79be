import type { ReadableVersion } from "~/features/history/diff";
import { describeTranslations, translationLine } from "~/features/history/translations-text";
import type { FieldParts, SnapshotPath } from "~/features/history/version-fields";
import { PRODUCT_TEXT_FIELDS } from "./product-fields";
import { formatSpecValue, type SpecValue } from "./product-text";
import { tradeTermRows } from "./trade-terms/display";
import { EMPTY_TRADE_TERMS, TRADE_TERM_FIELDS, type TradeTerms } from "./trade-terms/vocabulary";

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

const NOT_RESTORED =
  "Status and publishing time are never restored: a restore never publishes or unpublishes. Change them in the form.";
const terms = (...keys: Array<keyof TradeTerms>): SnapshotPath[] => keys.map((key) => ["trade_terms", key]);

/**
 * Where a product snapshot keeps each line of its History, for 'Restore this field' (ADR 0055): a trade term read
 * as one line is restored with all it reads (an amount with its unit, a price with its currency, unit and Incoterm),
 * so the rules between terms still hold.
 */
const PRODUCT_FIELD_PATHS: Record<string, SnapshotPath[]> = {
  [FIELDS.name.label]: [["name"]],
  [FIELDS.slug.label]: [["slug"]],
  Category: [["category_id"]],
  "Featured product": [["is_featured"]],
  [FIELDS.description.label]: [["description"]],
  "Main Image": [["image_url"]],
  Gallery: [["gallery"]],
  Specifications: [["specifications"]],
  [FIELDS.export_info.label]: [["export_info"]],
  "HS Code": terms("hs_code"),
  "Minimum Order": terms("min_order_quantity", "min_order_unit"),
  "Supply Capacity": terms("supply_capacity", "supply_capacity_unit"),
  "Grades / Sizes": terms("grades"),
  Packaging: terms("packaging"),
  "Container Load": terms("container_20ft_mt", "container_40ft_mt", "container_type"),
  "Port of Loading": terms("ports_of_loading"),
  Incoterms: terms("incoterms"),
  "Payment Terms": terms("payment_terms"),
  "Lead Time": terms("lead_time_days"),
  "Shelf Life": terms("shelf_life"),
  Origin: terms("origin"),
  "Indicative Price": terms(...TRADE_TERM_FIELDS.filter((field) => field.startsWith("price_"))),
  "Available Months": terms("availability_months"),
};

/** How the line `label` of a product's History is put back alone; null for a line products do not have. */
export function productFieldParts(label: string): FieldParts | null {
  if (label === "Status" || label === "Publish at") return { why: NOT_RESTORED };
  const translation = translationLine(label);
  if (translation) return { paths: [["translations", translation.lang, translation.field]] };
  const paths = PRODUCT_FIELD_PATHS[label];
  return paths ? { paths } : null;
}
