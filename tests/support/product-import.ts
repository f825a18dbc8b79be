/** The product import screen (CSV or XLSX): a preview, then the Import form it shows. */
export const PRODUCT_IMPORT = "/admin/manage-products/import";

/** The hidden fields of the preview's Import form: all the import posts. */
export function importFormOf(html: string) {
  const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? "";
  const form = { intent: "import", draftId: field("draftId"), add: field("add"), update: field("update") };
  // The preview's choice, carried by the import form as a browser sends it (only when ticked).
  const drafts = field("drafts_without_picture");
  return drafts ? { ...form, drafts_without_picture: drafts } : form;
}
