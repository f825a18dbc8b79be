/** How the log names each kind of event and item (the page, its filter and the CSV keep the stored codes). */
const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
  restore: "Restored",
  import: "Import",
  revert: "Import reverted",
  export: "Export",
  "sign-in": "Signed in",
  "sign-in-refused": "Sign-in refused",
  "sign-out": "Signed out",
  role: "Role changed",
  account: "Account changed",
  "inquiry-status": "Inquiry status",
  "inquiry-assignee": "Inquiry assignee",
  "inquiry-note": "Inquiry note",
  "quote-save": "Quote saved",
  "quote-send": "Quote sent",
  "quote-view": "Quote viewed",
  "quote-accept": "Quote accepted",
  "quote-decline": "Quote declined",
  "quote-changes": "Quote changes asked",
  "inquiry-email": "Email sent",
  "inquiry-follow-up": "Follow-up",
  "order-create": "Order created",
  "order-update": "Order changed",
  "order-status": "Order status",
  "order-payment": "Payment recorded",
};

const ENTITY_LABELS: Record<string, string> = {
  product: "Product",
  category: "Category",
  blog_post: "Blog post",
  page: "Page",
  certificate: "Certificate",
  gallery_item: "Gallery item",
  setting: "Settings",
  user: "User",
  inquiry: "Inquiry",
  quote: "Quote",
  import: "Import",
  translation: "Translation",
  redirect: "Redirect",
  language: "Language",
  media: "Picture",
  search_synonym: "Synonym group",
  exchange_rate: "Exchange rate",
  order: "Order",
};

const fallback = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).replaceAll(/[-_]/g, " ");

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? fallback(action);
export const entityLabel = (entity: string | null) => (entity ? (ENTITY_LABELS[entity] ?? fallback(entity)) : "");
