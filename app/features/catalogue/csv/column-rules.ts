import { CONTAINER_TYPES, CURRENCIES, INCOTERMS, QUANTITY_UNITS } from "../trade-terms/vocabulary";
import { CSV_COLUMNS, type Column } from "./columns";
import {
  PRODUCT_TEXT_FIELD_NAMES,
  PRODUCT_TEXT_FIELDS,
  productCsvRule,
  type ProductTextFieldName,
} from "../product-fields";

// Every column the import reads, with its rule in plain words and the template's example: shown on the import
// page, written to the template workbook's second sheet, and the example is the templates' one row.

const LIST = "A list: items separated by semicolons (;), or by commas when no item has one; a JSON list also works.";
const UNITS = `${QUANTITY_UNITS.join(", ")} (upper or lower case, spaces aside: 20ft container is 20 ft container)`;

/** The product's own text columns: their rules, limits and examples are `product-fields.ts`'. */
const TEXT_COLUMN_RULES = Object.fromEntries(
  PRODUCT_TEXT_FIELD_NAMES.map((field) => [
    field,
    { rule: productCsvRule(field), example: PRODUCT_TEXT_FIELDS[field].csvExample },
  ]),
) as Record<ProductTextFieldName, { rule: string; example: string }>;

export const COLUMN_RULES: Record<Column, { rule: string; example: string }> = {
  ...TEXT_COLUMN_RULES,
  category_slug: {
    rule: "Required. An existing category, by its name or its slug (the template's Categories sheet lists them).",
    example: "onions",
  },
  specifications: {
    rule: 'Key: value pairs separated by semicolons or new lines (Size: 45 mm+; Moisture: 10%), or a JSON object such as {"Size": "45 mm+"}. true and false show as yes and no.',
    example: "Size: 45 mm+; Moisture: 10%",
  },
  is_featured: {
    rule: "true (or TRUE, Yes, 1) to feature the product; false, No, 0 or empty does not.",
    example: "false",
  },
  image_url: {
    rule: "An http(s) address or a path on this site. Blank keeps an updated product's picture.",
    example: "",
  },
  gallery_images: {
    rule: 'A JSON list of picture addresses, such as ["https://example.com/a.jpg"]. Blank keeps an updated product\'s gallery.',
    example: "",
  },
  hs_code: {
    rule: "6 to 10 digits, dots allowed (0703.10.19). In a spreadsheet, format the column as Text to keep a leading 0; a number that lost it (703.10, 7031019) gets it back.",
    example: "0703.10.19",
  },
  min_order_quantity: { rule: "A number more than 0; needs min_order_unit.", example: "1" },
  min_order_unit: { rule: `One of: ${UNITS}.`, example: "40 ft container" },
  supply_capacity: { rule: "Per month: a number more than 0; needs supply_capacity_unit.", example: "1000" },
  supply_capacity_unit: { rule: `One of: ${UNITS}.`, example: "MT" },
  grades: { rule: LIST, example: "40–55 mm; 55 mm+" },
  packaging: { rule: LIST, example: "25 kg mesh bag; 50 kg jute bag" },
  container_20ft_mt: { rule: "MT one 20 ft container takes: a number up to 40.", example: "14" },
  container_40ft_mt: { rule: "MT one 40 ft container takes: a number up to 40.", example: "29" },
  container_type: { rule: `One of: ${CONTAINER_TYPES.join(", ")}.`, example: "reefer" },
  ports_of_loading: { rule: LIST, example: "Nhava Sheva (JNPT); Mundra" },
  incoterms: { rule: `${LIST} Each one of: ${INCOTERMS.join(", ")}.`, example: "FOB, CIF" },
  payment_terms: { rule: LIST, example: "L/C at sight; CAD" },
  lead_time_days: { rule: "Whole days, 0 to 365.", example: "7" },
  status: {
    rule: "Published or Draft (upper or lower case). Empty: Published, or Draft for a row without a main picture when 'Keep products without a picture as drafts' is ticked; an update keeps the product's status.",
    example: "Published",
  },
  shelf_life: { rule: "Text (at most 120 characters).", example: "60 days at 0–2 °C" },
  origin: { rule: "State or region of India (at most 120 characters).", example: "Maharashtra (Nashik)" },
  availability_months: {
    rule: `${LIST} Months as 1 to 12 or January to December (Jan to Dec).`,
    example: "Oct, Nov, Dec, Jan",
  },
  price_min: {
    rule: "The indicative price's lowest amount; needs price_currency, price_unit and price_incoterm.",
    example: "330",
  },
  price_max: { rule: "The highest amount; not less than price_min.", example: "380" },
  price_currency: { rule: `One of: ${CURRENCIES.join(", ")}.`, example: "USD" },
  price_unit: { rule: `What the price is per, one of: ${UNITS}.`, example: "MT" },
  price_incoterm: { rule: `One of: ${INCOTERMS.join(", ")}.`, example: "FOB" },
  price_valid_until: {
    rule: "A date written 2026-12-31 or 31/12/2026 (day first, also 31-12-2026 or 31.12.2026), or a date cell. Any other writing leaves the whole price out, so it never shows without its expiry.",
    example: "31/12/2026",
  },
};

/** The columns in the export's order, each with its rule. */
export const columnRules = () => CSV_COLUMNS.map((column) => ({ column, ...COLUMN_RULES[column] }));
