// Which tables a backup holds and in what order, which it leaves out and why, and what a forced restore empties.
import type { Database } from "~/db/schema";

/**
 * What a backup holds, in the order rows are restored (a table after those it refers to), each with the columns
 * that order its rows (its primary key).
 */
export const TABLES = [
  ["users", ["id"]],
  ["profiles", ["id"]],
  ["app_secrets", ["name"]],
  ["site_settings", ["id"]],
  ["page_content", ["id"]],
  ["product_categories", ["id"]],
  ["products", ["id"]],
  ["certificates", ["id"]],
  ["gallery_items", ["id"]],
  ["blog_posts", ["id"]],
  ["inquiries", ["id"]],
  ["inquiry_lines", ["id"]],
  ["inquiry_notes", ["id"]],
  ["redirects", ["from_path"]],
  // The history (issue 27): who changed what, and every kept version of an item.
  ["activity", ["id"]],
  ["versions", ["id"]],
  ["account_settings", ["name"]],
  // The registry of stored pictures (issue 29, ADR 0042): the files travel in the archive's media folder.
  ["media", ["id"]],
  // The languages a site has enabled and its translations (issue 26).
  ["languages", ["code"]],
  ["content_translations", ["entity", "entity_id", "lang", "field"]],
  // The quote desk (issue 28): sent revisions a buyer holds a link to, their numbering (a number is never given
  // twice), the last price quoted per product, and the demand counted per day.
  ["quotes", ["id"]],
  ["quote_lines", ["id"]],
  ["quote_numbers", ["year"]],
  ["product_quoted_prices", ["product_id", "incoterm", "currency"]],
  ["demand_daily", ["day", "product_id", "country", "event"]],
  // Emails not yet delivered are content: a restored site sends them (ADR 0048).
  ["outbox", ["id"]],
  // The search's synonym groups, kept by the administrators (issue 43).
  ["search_synonyms", ["id"]],
  // Exchange rates and how long one may be used (issue 43): content an administrator keeps.
  ["exchange_rates", ["currency"]],
  ["exchange_rate_policy", ["id"]],
  // Orders made from accepted quotes, their lines and payments, and their numbering (issue 44).
  ["orders", ["id"]],
  ["order_lines", ["id"]],
  ["order_numbers", ["year"]],
  ["order_payments", ["id"]],
  // Shipments, their containers and documents, the documents' numbering and each country's checklist (issue 44).
  ["shipments", ["id"]],
  ["shipment_containers", ["id"]],
  ["container_lines", ["id"]],
  ["shipment_documents", ["id"]],
  ["document_numbers", ["series", "year"]],
  ["country_documents", ["country", "kind"]],
  ["order_proformas", ["id"]],
  // Buyers who sign in to their own page and their addresses (issue 45); the lots a shipment carries.
  ["buyers", ["id"]],
  ["buyer_emails", ["email_key"]],
  ["shipment_lots", ["id"]],
] as const satisfies ReadonlyArray<readonly [keyof Database, readonly string[]]>;

/**
 * The tables a backup leaves out, each for a reason: they belong to a running site, not to its content. A table a
 * migration adds must be named in one list or the other (tests/integration/backup-tables.test.ts).
 */
export const LEFT_OUT_OF_BACKUPS = {
  sessions: "signed-in sessions: everyone signs in again on the restored site",
  login_throttle: "sign-in and form throttles: counts of the last minutes",
  setup_tokens: "the one-time setup link of a site without an administrator",
  account_tokens: "invitation and password links: an administrator sends new ones",
  csv_import_drafts: "CSV imports previewed but not imported",
  photo_import_jobs: "photo ZIP imports in progress",
  photo_job_pictures: "the pictures of photo ZIP imports in progress",
  buyer_sign_in_links: "buyers' sign-in links, valid 15 minutes: a buyer asks for a new one",
  buyer_sessions: "buyers' sessions: buyers sign in again on the restored site",
  form_stash: "forms kept for an hour across an expired session (ADR 0036)",
  content_version: "the page cache's content version, which a restore raises",
  page_changes: "what each recent edit changed, for the page caches of running instances",
  demand_batches: "which demand writes of the last days were applied, so that a retry adds nothing twice",
  search_documents: "the search index, written again from the restored content on the first search",
  search_document_terms: "every word of the search index's documents (PostgreSQL), written again with them",
  search_dirty: "what the search index has yet to take in: a restore marks everything it writes",
  search_terms: "the words of the search index, for its typo search",
  search_term_deletions: "the words of the search index with a letter left out, for its typo search",
} as const satisfies Partial<Record<keyof Database, string>>;

/**
 * Tables a new site starts with rows in (the trade's synonyms, written by their migration): they do not make a
 * database "not empty", and an archive that holds the table replaces them rather than adding to them.
 */
/**
 * Columns that hold a stored file's object path as it is, not a URL with the bucket in it: the private documents a
 * shipment's set uploads (issue 44), which no public address names. A backup carries their files too.
 */
export const FILE_PATH_COLUMNS: Partial<Record<keyof Database, readonly string[]>> = {
  shipment_documents: ["file_path"],
  order_proformas: ["file_path"],
  shipment_lots: ["report_path"],
};

export const SEEDED_TABLES: ReadonlyArray<keyof Database> = ["search_synonyms"];

/** Every table a backup holds, by name. */
export const BACKED_UP_TABLES: ReadonlyArray<keyof Database> = TABLES.map(([table]) => table);

/** Tables a restore empties first with --force, children before parents (ephemeral ones included). */
export const CLEARED_ON_FORCE: Array<keyof Database> = [
  "sessions",
  "buyer_sessions",
  "buyer_sign_in_links",
  "form_stash",
  "csv_import_drafts",
  "photo_job_pictures",
  "photo_import_jobs",
  "demand_batches",
  "login_throttle",
  "setup_tokens",
  "account_tokens",
  ...TABLES.map(([table]) => table).reverse(),
];
