import type { EntityField } from "~/lib/entity-fields";

// The product's own text fields, described once (issue 39, as Payload's collection configs): the form's label and
// limit, the CSV column's limit and rule, the History panel's label, and how the translations screen offers each.
// The form (`catalogue.schema.ts`), the CSV import and its template (`csv/`), the versions (`product-snapshot.ts`)
// and the translations registry read this; adding a text field is one entry here plus its migration.
// (The trade terms have their own vocabulary, `trade-terms/vocabulary.ts`; specifications are a list.)

/** A product text field: a described field (`lib/entity-fields`) that is always limited and translated. */
export interface ProductTextField extends EntityField {
  /** The longest text kept: the form refuses more, the CSV import cuts there. */
  max: number;
  translated: NonNullable<EntityField["translated"]>;
  /** The CSV template's rule for the column, before its limit. */
  csvRule: string;
  /** The CSV template's example. */
  csvExample: string;
  /** False where the template's rule leaves the limit unsaid (an address is made to fit). */
  csvSaysLimit?: false;
}

export const PRODUCT_TEXT_FIELDS = {
  name: {
    label: "Product Name",
    max: 200,
    translated: "line",
    csvRule: "Required. The product's name",
    csvExample: "Nashik Red Onion",
  },
  slug: {
    label: "Slug",
    max: 200,
    translated: "slug",
    csvRule:
      "The product's address on the site; blank makes one from the name. A row with the same category and slug as an existing product updates it.",
    csvExample: "nashik-red-onion",
    csvSaysLimit: false,
  },
  description: {
    label: "Description",
    max: 10_000,
    translated: "multiline",
    csvRule: "Text; new lines are kept",
    csvExample: "Deep red, field-cured onions.",
  },
  export_info: {
    label: "Export Information",
    max: 5_000,
    translated: "multiline",
    csvRule: "Text",
    csvExample: "28 MT per 40 ft reefer.",
  },
} as const satisfies Record<string, ProductTextField>;

export type ProductTextFieldName = keyof typeof PRODUCT_TEXT_FIELDS;
export const PRODUCT_TEXT_FIELD_NAMES = Object.keys(PRODUCT_TEXT_FIELDS) as ProductTextFieldName[];

/** The CSV template's rule for a text column: its words and, where the field has one worth saying, its limit. */
export function productCsvRule(field: ProductTextFieldName): string {
  const described: ProductTextField = PRODUCT_TEXT_FIELDS[field];
  const { csvRule, max } = described;
  return described.csvSaysLimit === false ? csvRule : `${csvRule} (at most ${max.toLocaleString("en")} characters).`;
}
