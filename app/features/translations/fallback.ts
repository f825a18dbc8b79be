/**
 * Marking content shown in English on a page of another language (issue 26, ADR 0030): a loader lists the fields
 * that fell back (`inEnglish`, stored field names such as `name`, `description`, `spec:Size:value`), and the view
 * spreads `inEnglish(...)` on the element that shows the field, so screen readers and browsers read it as English
 * and a right-to-left page keeps it left to right.
 */
export const ENGLISH_ATTRIBUTES = { lang: "en", dir: "ltr" } as const;

export function inEnglish(fellBack: readonly string[] | undefined, field: string): typeof ENGLISH_ATTRIBUTES | object {
  return fellBack?.includes(field) ? ENGLISH_ATTRIBUTES : {};
}

/** The translated field behind each free-text trade-term row, by the row's (English) label. */
export const TRADE_FIELD_BY_LABEL: Readonly<Record<string, string>> = {
  "Grades / Sizes": "trade:grades",
  Packaging: "trade:packaging",
  "Payment Terms": "trade:payment_terms",
  "Shelf Life": "trade:shelf_life",
  Origin: "trade:origin",
};
