/** The product import screen (CSV or XLSX): a preview, then the Import form it shows. */
export const PRODUCT_IMPORT = "/admin/manage-products/import";

/** The hidden fields of the preview's Import form: all the import posts. */
export function importFormOf(html: string) {
  const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? "";
  return { intent: "import", draftId: field("draftId"), add: field("add"), update: field("update") };
}
