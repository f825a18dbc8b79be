import { describe, expect, it } from "vitest";
import { productForm } from "./catalogue.schema";
import { COLUMN_RULES } from "./csv/column-rules";
import { CELL_LIMITS } from "./csv/product-cells";
import { PRODUCT_TEXT_FIELD_NAMES, PRODUCT_TEXT_FIELDS, type ProductTextField } from "./product-fields";
import { describeProduct, productFieldParts, type ProductSnapshot } from "./product-snapshot";
import { EMPTY_TRADE_TERMS } from "./trade-terms/vocabulary";

const snapshot: ProductSnapshot = {
  name: "Nashik Red Onion",
  slug: "nashik-red-onion",
  category_id: "c1",
  description: "Deep red.",
  export_info: "28 MT per 40 ft reefer.",
  is_featured: false,
  status: "published",
  publish_at: null,
  image_url: null,
  gallery: [],
  specifications: {},
  trade_terms: EMPTY_TRADE_TERMS,
  translations: {},
};

describe("the product's text fields are described once (product-fields.ts)", () => {
  it.each(PRODUCT_TEXT_FIELD_NAMES)(
    "%s: the form, the CSV import, its template and the History panel read it",
    (field) => {
      const { label, max } = PRODUCT_TEXT_FIELDS[field];
      const base = { name: "Onion", slug: "onion", category_id: "c1" };
      const ok = productForm.schema.safeParse({ ...base, [field]: "a".repeat(max) });
      expect(ok.success).toBe(true);
      const long = productForm.schema.safeParse({ ...base, [field]: "a".repeat(max + 1) });
      expect(long.success).toBe(false);
      if (field !== "slug") expect(JSON.stringify(long.error?.issues)).toContain(`${label} is too long`);
      expect(CELL_LIMITS[field]).toBe(max);
      const saysLimit = (PRODUCT_TEXT_FIELDS[field] as ProductTextField).csvSaysLimit !== false;
      expect(COLUMN_RULES[field].rule.includes(`at most ${max.toLocaleString("en")} characters`)).toBe(saysLimit);
      expect(describeProduct(snapshot)).toHaveProperty([label], snapshot[field]);
    },
  );
});

describe("a product's History lines put back one at a time (ADR 0055)", () => {
  it("knows where each line a product version reads is kept, or why it is not restored alone", () => {
    const translated = { ...snapshot, translations: { ar: { name: "بصل" } } };
    for (const label of Object.keys(describeProduct(translated)))
      expect(productFieldParts(label), label).not.toBeNull();
    expect(productFieldParts("Status")).toMatchObject({ why: expect.stringContaining("never publishes") });
    expect(productFieldParts("Publish at")).toHaveProperty("why");
    expect(productFieldParts("Translation (ar): name")).toEqual({ paths: [["translations", "ar", "name"]] });
    expect(productFieldParts("Password")).toBeNull();
  });

  it("restores a term with the terms it is read with, so the rules between them hold", () => {
    expect(productFieldParts("Minimum Order")).toEqual({
      paths: [
        ["trade_terms", "min_order_quantity"],
        ["trade_terms", "min_order_unit"],
      ],
    });
    expect(productFieldParts("Indicative Price")).toEqual({
      paths: ["price_min", "price_max", "price_currency", "price_unit", "price_incoterm", "price_valid_until"].map(
        (key) => ["trade_terms", key],
      ),
    });
  });
});
