import { TRADE_TERM_FIELDS, type TradeTermField } from "../trade-terms/vocabulary";

/** Spec §9: the export's columns, in order; the import reads the same names. */
export const SPEC_CSV_COLUMNS = [
  "name",
  "slug",
  "category_slug",
  "description",
  "specifications",
  "export_info",
  "is_featured",
  "image_url",
  "gallery_images",
] as const;
export type SpecColumn = (typeof SPEC_CSV_COLUMNS)[number];

/**
 * The spec's columns, then the product's status (issue 41: imports went live at once), then one per export term
 * (ADR 0023); a file with only the spec's imports as it always did.
 */
export const CSV_COLUMNS = [...SPEC_CSV_COLUMNS, "status", ...TRADE_TERM_FIELDS] as const;
export type Column = SpecColumn | "status" | TradeTermField;

/** One data row of a file, by header name: only the columns the file has. */
export type CsvRow = Partial<Record<Column, string>>;
