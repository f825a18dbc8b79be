import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types shared by both engines. Times are ISO-8601 UTC strings, booleans are 0/1 integers and
 * JSON fields are JSON text, so that SQLite and PostgreSQL return exactly the same values (ADR 0003).
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Set while the account may not sign in (ADR 0034). */
  disabled_at: Generated<string | null>;
  last_sign_in_at: Generated<string | null>;
  /** TOTP secret (base32) once two-factor sign-in is on; the pending one during enrolment. */
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  /** JSON text: SHA-256 hashes of the unused recovery codes. */
  totp_recovery_hashes: Generated<string | null>;
  totp_last_step: Generated<number | null>;
}

export type Role = "user" | "admin";

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  email: string;
  role: Role;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself is only ever in the visitor's cookie. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The address it signed in from. */
  ip: Generated<string | null>;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

export interface SetupTokensTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface SiteSettingsTable {
  id: string;
  setting_key: string;
  setting_value: string;
  description: string | null;
  updated_at: string;
}

export interface PageContentTable {
  id: string;
  page_slug: string;
  section_slug: string;
  content: string;
  content_type: string;
  updated_at: string;
}

export interface ProductCategoriesTable {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  image_url: string | null;
  created_at: string;
  updated_at: string;
  /** A draft category and its products are absent from the public site. */
  status: Generated<PublishStatus>;
}

/** Draft / Published, for products and categories. */
export type PublishStatus = "draft" | "published";

export interface ProductsTable {
  id: string;
  name: string;
  slug: string;
  category_id: string;
  description: string | null;
  image_url: string | null;
  /** JSON text: string[] */
  gallery_images: string;
  /** JSON text: Record<string, string | boolean> */
  specifications: string;
  export_info: string | null;
  /** JSON text: the typed export terms (`TradeTerms`, app/features/catalogue/trade-terms/); `{}` when none. */
  trade_terms: Generated<string>;
  is_featured: 0 | 1;
  /** A draft is absent from every public page, list, sitemap, PDF and JSON-LD (issue 27). */
  status: Generated<PublishStatus>;
  /** When a scheduled draft goes live (UTC ISO); null: not scheduled. */
  publish_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface CertificatesTable {
  id: string;
  name: string;
  description: string | null;
  authority: string | null;
  image_url: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
  certificate_number: string | null;
  /** YYYY-MM-DD, the first day the certificate holds. */
  valid_from: string | null;
  /** YYYY-MM-DD, the last day it holds (inclusive); null for a registration that does not lapse. */
  valid_until: string | null;
  /** The issuer's public page where a buyer can look the certificate up (http or https). */
  verify_url: string | null;
}

export interface GalleryItemsTable {
  id: string;
  title: string | null;
  image_url: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export type BlogStatus = "draft" | "published" | "archived";

export interface BlogPostsTable {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  author_id: string | null;
  author_name: string | null;
  featured_image_url: string | null;
  /** JSON text: string[] */
  tags: string;
  status: BlogStatus;
  published_at: string | null;
  /** When a scheduled draft is published (UTC ISO); null: not scheduled. */
  publish_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/**
 * The lead pipeline: new → contacted → quoted → won / lost; closed when it goes nowhere; spam when it was never a
 * buyer (left out of response times).
 */
export type InquiryStatus = "new" | "contacted" | "quoted" | "won" | "lost" | "closed" | "spam";
/** A message from the contact form, a quote request with its lines, or a sample request (one line, in kg). */
export type InquiryKind = "contact" | "quote" | "sample";

export interface InquiriesTable {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** The product whose page the buyer came from ('Inquire About This Product'), if any. */
  product_name: string | null;
  /** Same-origin path of the page the buyer came to the contact form from. */
  page_path: string | null;
  /** SHA-256 of the sender's address with a per-installation salt; the address itself is never stored. */
  ip_hash: string;
  status: InquiryStatus;
  /** When the notification email was accepted by the SMTP server. */
  notified_at: string | null;
  /** The last notification failure, cleared by a successful send. */
  notify_error: string | null;
  /** Tries of the team's notification so far (ADR 0011: retried with back-off). */
  notify_attempts: Generated<number>;
  /** When the notification's next try is due (or a running try's claim ends); null: nothing to send. */
  notify_due_at: string | null;
  /** A quote request's receipt to the buyer: when the mail server accepted it. */
  receipt_sent_at: string | null;
  /** Why the receipt was not sent (the last failure, or the per-recipient limit). */
  receipt_error: string | null;
  receipt_attempts: Generated<number>;
  receipt_due_at: string | null;
  kind: Generated<InquiryKind>;
  /** The language of the page the buyer wrote from (`en`, `ar`…). */
  lang: Generated<string>;
  company: string | null;
  /** The buyer's country as they gave it: the English name of one chosen from the list, or words typed before. */
  country: string | null;
  /** Its ISO 3166-1 alpha-2 code ('' when none is known; migration 0025, issue 41). */
  country_code: Generated<string>;
  destination_port: string | null;
  incoterm: string | null;
  /** The buyer's target delivery month, YYYY-MM. */
  delivery_month: string | null;
  /** The administrator the lead is assigned to. */
  assignee_id: string | null;
  /** When the desk first answered: first quote sent, first email from the desk, or first move to Contacted. */
  first_reply_at: Generated<string | null>;
  /** When the first reply is due (the target counted in business hours from arrival); null: no target. */
  reply_due_at: Generated<string | null>;
  /** The day to follow up, YYYY-MM-DD in the site's time zone. */
  follow_up_at: Generated<string | null>;
  /** The email lowercased and trimmed: one buyer's inquiries share it (`buyerKeys`). */
  email_key: Generated<string | null>;
  /** The company folded (case, punctuation, "Ltd"…): one importer's contacts share it; null when none was given. */
  company_key: Generated<string | null>;
  /** A sample request's courier address. */
  courier_address: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One product of a quote request, as the buyer asked for it. */
export interface InquiryLinesTable {
  id: string;
  inquiry_id: string;
  position: number;
  /** Null once the product is deleted; the name stays as sent. */
  product_id: string | null;
  product_name: string;
  /** A positive decimal number as text (the same on both engines). */
  quantity: string;
  unit: string;
  grade: string | null;
  packaging: string | null;
}

/** The team's internal note on an inquiry. */
export interface InquiryNotesTable {
  id: string;
  inquiry_id: string;
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: string;
}

/** A quote's state: a draft is edited; a sent revision is frozen until the buyer answers or a revision replaces it. */
export type QuoteStatus = "draft" | "sent" | "accepted" | "declined" | "changes_requested" | "superseded";

/** One revision of a priced quote (Q-2026-0001 v2); migration 0014, ADR 0037. */
export interface QuotesTable {
  id: string;
  /** Q-YYYY-NNNN, shared by the revisions of one quote. */
  number: string;
  revision: number;
  inquiry_id: string | null;
  status: Generated<QuoteStatus>;
  buyer_name: string;
  buyer_email: string;
  buyer_company: string | null;
  buyer_country: string | null;
  /** The buyer's language (the PDF, the email and the quote page are in it). */
  lang: Generated<string>;
  /** ISO 4217 (USD by default). */
  currency: Generated<string>;
  incoterm: string;
  /** The port the Incoterm names (FOB Nhava Sheva, CFR Jebel Ali). */
  named_port: Generated<string>;
  payment_terms: Generated<string>;
  lead_time: Generated<string>;
  /** YYYY-MM-DD: the buyer may accept until the end of that day in the site's time zone. */
  valid_until: string;
  notes: Generated<string>;
  /** The sum of the lines in the currency's minor unit. */
  total_minor: Generated<number>;
  /** The buyer's link /quotes/{token}, set when the revision is sent. */
  token: string | null;
  sent_at: string | null;
  sent_by_id: string | null;
  sent_by_name: string | null;
  viewed_at: string | null;
  responded_at: string | null;
  response_note: string | null;
  response_ip: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A priced line of a quote, kept as sent: name, grade and packaging are copies, not references. */
export interface QuoteLinesTable {
  id: string;
  quote_id: string;
  position: number;
  product_id: string | null;
  product_name: string;
  grade: string | null;
  packaging: string | null;
  /** A positive decimal number as text. */
  quantity: string;
  unit: string;
  unit_price_minor: number;
  line_total_minor: number;
}

export interface QuoteNumbersTable {
  year: number;
  last: number;
}

/** The last price sent for a product per Incoterm and currency; it pre-fills the next quote. */
export interface ProductQuotedPricesTable {
  product_id: string;
  incoterm: string;
  currency: string;
  unit: string;
  unit_price_minor: number;
  quote_id: string | null;
  quoted_at: string;
}

/** What a demand count counts (ADR 0038). */
export type DemandEvent = "view" | "download" | "add" | "request" | "sample" | "quote" | "won";

/** Demand counted per day (the site's time zone's since issue 41), product, country (ISO alpha-2, '' unknown) and event. */
export interface DemandDailyTable {
  day: string;
  product_id: string;
  country: string;
  event: DemandEvent;
  count: number;
}

/** Demand writes already applied, by batch id: a retried write adds nothing twice (issue 38). */
export interface DemandBatchesTable {
  id: string;
  applied_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface RedirectsTable {
  /** An old public path, e.g. `/products/onions/red-onion`; a category's path also covers the products below it. */
  from_path: string;
  to_path: string;
  created_at: string;
}

export interface CsvImportDraftsTable {
  id: string;
  user_id: string;
  file_name: string;
  content: string;
  created_at: string;
}

/** One row (id 1): raised by every change to public content, read by each instance's page cache. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** One raise of the content version and the page tags it changed, space-separated (ADR 0027). */
export interface PageChangesTable {
  version: number;
  tags: string;
}

/** A shipped language and whether it is enabled (issue 26); English has no row. */
export interface LanguagesTable {
  code: string;
  enabled: 0 | 1;
  updated_at: string;
}

/** One translated field of one thing in one language (ADR 0030). */
export interface ContentTranslationsTable {
  /** product, category, certificate, gallery_item, blog_post, page_content, setting */
  entity: string;
  entity_id: string;
  lang: string;
  /** `name`, `slug`, `description`, `spec:<English key>:name`, … */
  field: string;
  value: string;
  /** What narrows a slug's uniqueness besides the language: a product's category id; '' otherwise. */
  scope: Generated<string>;
  /** The hash of the English text this translation was made from: outdated when today's differs. */
  source_hash: string;
  updated_at: string;
}

/** One back-office event (ADR 0032), written in the same transaction as the change. */
export interface ActivityTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  ip: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  /** The item's name when the event happened ("Nashik Red Onion"). */
  entity_label: string | null;
  summary: string;
  /** Events that belong to one change (a CSV import) share this id. */
  change_set: string | null;
  /** JSON text: what changed, for the reader and for a revert. */
  details: Generated<string>;
}

/** One saved state of an item (ADR 0031). */
export interface VersionsTable {
  id: string;
  entity: string;
  entity_id: string;
  number: number;
  activity_id: string;
  at: string;
  actor_name: string | null;
  /** JSON text: the item's fields as saved (`Snapshot`). */
  snapshot: string;
  /** JSON text: the field names this save changed, string[]. */
  changed_fields: Generated<string>;
}

/** A one-time link (invite, reset) or a sign-in waiting for its second step; only the token's hash is kept. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: "invite" | "reset" | "two-factor";
  created_at: string;
  expires_at: string;
  /** The administrator who made the link; null when its owner asked for it (migration 0019). */
  issued_by: Generated<string | null>;
}

export interface AccountSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface MigrationMarker {
  name: Generated<string>;
}

/** A submission kept across an expired session (migration 0013, ADR 0036); `entries` is JSON `[name, value][]`. */
export interface FormStashTable {
  /** SHA-256 of the token in the sender's `kept_form` cookie. */
  id: string;
  created_at: string;
  expires_at: string;
  ip: string;
  /** The page the form was sent to, where it comes back filled. */
  path: string;
  entries: string;
  size: number;
}

/** A stored picture (ADR 0042): one row per stored original, found by the SHA-256 of the bytes it was made from. */
export interface MediaTable {
  id: string;
  storage_key: string;
  sha256: string;
  byte_size: number;
  width: number;
  height: number;
  alt_text: string | null;
  created_at: string;
}

/** A ZIP of product photos being checked, stored and imported (ADR 0042). JSON columns are text. */
export interface PhotoImportJobsTable {
  id: string;
  user_id: string;
  file_name: string;
  /** processing → ready → imported; or failed, or cancelled. */
  state: string;
  total: number;
  done: number;
  plan: string;
  results: string;
  /** No longer written: the job's pictures are in photo_job_pictures (issue 38). */
  stored: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** A picture a photo job stored (created 1) or found by hash (0), recorded as it was stored. */
export interface PhotoJobPicturesTable {
  job_id: string;
  storage_key: string;
  created: number;
}

/** An email to send (ADR 0048): pending (due_at set), sent, or failed (given up; 'Send again' makes it due). */
export interface OutboxTable {
  id: string;
  /** A quote's email, an inquiry's team notification or buyer's receipt (ADR 0048), an account's email (ADR 0051), an order's email to its buyer (issue 44), a buyer's sign-in link (issue 45). */
  kind:
    | "quote"
    | "quote-answer"
    | "inquiry-notification"
    | "inquiry-receipt"
    | "account-invite"
    | "account-reset"
    | "account-code-lock"
    | "order-proforma"
    | "order-shipment"
    | "order-payment"
    | "buyer-sign-in";
  /** The item it announces, `quote:<id>`, `inquiry:<id>`: its page shows how the email went. */
  about: string;
  recipient: string;
  status: "pending" | "sent" | "failed";
  attempts: Generated<number>;
  due_at: string | null;
  sent_at: string | null;
  error: string | null;
  created_at: string;
  /** Who asked for it: an administrator's id, or null (the account's owner, the server). */
  requested_by: Generated<string | null>;
}

/** One product, category or post as the site search reads it (ADR 0060): its words, folded; derived, never backed up. */
export interface SearchDocumentsTable {
  id: Generated<number | string>;
  /** `product`, `category` or `blog_post`, as content_translations names them. */
  entity: string;
  entity_id: string;
  /** The folded words of its name in every language, space-separated. */
  name_terms: string;
  /** The folded words of everything else searched, space-separated. */
  body_terms: string;
}

/**
 * PostgreSQL only (ADR 0068): every word of a search document, as a `tsvector` (not typed here), kept apart from the
 * document so the documents stay small; a trigger moves the words here as a document is written.
 */
export interface SearchDocumentTermsTable {
  document_id: number | string;
}

/** A product, category or post changed since its search document was written (marked by triggers). */
export interface SearchDirtyTable {
  entity: string;
  entity_id: string;
}

/** Every word indexed, for the typo search. */
export interface SearchTermsTable {
  term: string;
}

/** Each indexed word with one character left out: a misspelt word and the word meant share one. */
export interface SearchTermDeletionsTable {
  deletion: string;
  term: string;
}

/** Words a buyer may use for the same thing, comma-separated (kept in the back office). */
export interface SearchSynonymsTable {
  id: string;
  words: string;
  created_at: string;
  updated_at: string;
}

/** An order's state (issue 44): confirmed → in production → shipped → completed, or cancelled. */
export type OrderStatus = "confirmed" | "in_production" | "shipped" | "completed" | "cancelled";
/** How the balance is paid: against documents, cash against documents, a letter of credit at sight or usance. */
export type BalanceTerms = "documents" | "cad" | "lc-sight" | "lc-usance";

/** An order made from an accepted quote (issue 44): what was agreed, frozen; the payment terms as data. */
export interface OrdersTable {
  id: string;
  /** SO-YYYY-NNNN, numbered per year across instances (`order_numbers`). */
  number: string;
  /** The accepted revision it was made from: one order per quote. */
  quote_id: string;
  quote_number: string;
  quote_revision: number;
  inquiry_id: string | null;
  status: OrderStatus;
  buyer_name: string;
  buyer_email: string;
  buyer_company: string | null;
  buyer_country: string | null;
  lang: string;
  /** Name and address, as the documents print them; the buyer's when not given. */
  consignee: string;
  notify_party: string;
  currency: string;
  incoterm: string;
  named_port: string;
  total_minor: number;
  advance_percent: number;
  advance_due_date: string | null;
  balance_terms: BalanceTerms;
  balance_due_date: string | null;
  lc_number: string | null;
  lc_issuing_bank: string | null;
  lc_expiry_date: string | null;
  lc_latest_shipment_date: string | null;
  lc_usance_days: number | null;
  /** The exporter's bank details as Site Settings had them when the order was made. */
  bank_details: string;
  /** The buyer's unguessable link to the order (never cached, never indexed). */
  token: string;
  /** Raised by every save: a save from an older page is refused, never applied over a newer one. */
  version: number;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string | null;
  product_name: string;
  grade: string | null;
  packaging: string | null;
  hs_code: string | null;
  quantity: string;
  unit: string;
  unit_price_minor: number;
  line_total_minor: number;
}

export interface OrderNumbersTable {
  year: number;
  last: number;
}

export interface OrderPaymentsTable {
  id: string;
  order_id: string;
  part: "advance" | "balance";
  amount_minor: number;
  /** The day the money arrived (YYYY-MM-DD). */
  received_on: string;
  reference: string;
  recorded_by_id: string | null;
  recorded_by_name: string | null;
  created_at: string;
}

export type ShipmentStatus = "planned" | "stuffed" | "sailed" | "arrived" | "delivered";
export type ContainerType = "20" | "40" | "40hc" | "reefer";

/** One shipment of an order (issue 44): the voyage and its bill of lading; partial shipments are several. */
export interface ShipmentsTable {
  id: string;
  order_id: string;
  /** 1, 2, ... within the order. */
  position: number;
  status: ShipmentStatus;
  shipping_line: string;
  vessel: string;
  voyage: string;
  port_of_loading: string;
  port_of_discharge: string;
  etd: string | null;
  eta: string | null;
  bl_number: string;
  bl_date: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ShipmentContainersTable {
  id: string;
  shipment_id: string;
  position: number;
  /** ISO 6346 with a verified check digit. */
  number: string;
  seal: string;
  container_type: ContainerType;
  set_temperature: string | null;
  created_at: string;
}

/** What a container carries of one order line (decimals as typed; weights in kg). */
export interface ContainerLinesTable {
  id: string;
  container_id: string;
  order_line_id: string;
  quantity: string;
  packages: number;
  package_kind: string;
  net_kg: string;
  gross_kg: string;
}

/** A document of a shipment's set: made here (no file; `facts` is its content) or uploaded (a private file). */
export interface ShipmentDocumentsTable {
  id: string;
  shipment_id: string;
  kind: string;
  number: string;
  issued_on: string;
  revision: number;
  /** JSON: what the document states. */
  facts: string;
  file_path: string | null;
  file_name: string | null;
  content_type: string | null;
  file_size: number | null;
  /** JSON: the difference sentences accepted, with who and when. */
  accepted_differences: string | null;
  accepted_by_name: string | null;
  accepted_at: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentNumbersTable {
  series: string;
  year: number;
  last: number;
}

/** A proforma invoice as it was sent to the buyer (issue 44): the order's revisions, the PDF stored. */
export interface OrderProformasTable {
  id: string;
  order_id: string;
  revision: number;
  /** The order's version it was made from. */
  order_version: number;
  /** A hash of what it prints (the order's terms and parties, the exporter's registrations). */
  content_key: string;
  issued_on: string;
  file_path: string;
  recipient: string;
  sent_by_id: string | null;
  sent_by_name: string;
  sent_at: string;
}

/** A buyer company that signs in to its own page (issue 45, ADR 0066): its addresses are `buyer_emails`. */
export interface BuyersTable {
  id: string;
  name: string;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One address of a buyer: the key inquiries and quotes are found by (`emailKey`). */
export interface BuyerEmailsTable {
  email_key: string;
  buyer_id: string;
  added_at: string;
}

/** A single-use sign-in link (15 minutes); only the token's hash is kept. */
export interface BuyerSignInLinksTable {
  token_hash: string;
  buyer_id: string;
  email_key: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A buyer's session: its own table and cookie, apart from the team's. */
export interface BuyerSessionsTable {
  id: string;
  buyer_id: string;
  email_key: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A lot a container line carries (issue 45, ADR 0067): origin, dates and tests, opened by its code's QR. */
export interface ShipmentLotsTable {
  id: string;
  shipment_id: string;
  container_line_id: string;
  position: number;
  code: string;
  origin: string;
  farm_registration: string;
  harvest_date: string | null;
  packing_date: string | null;
  test_lab: string;
  test_result: string;
  report_path: string | null;
  report_name: string | null;
  report_type: string | null;
  report_size: number | null;
  /** 0/1: the report may be downloaded from the public lot page. */
  report_public: number;
  phyto_number: string;
  created_at: string;
  updated_at: string;
}

/** One document an importing country asks for (ISO alpha-2 country). */
export interface CountryDocumentsTable {
  country: string;
  kind: string;
  note: string;
  updated_at: string;
}

export interface ExchangeRatesTable {
  /** ISO 4217 code, one of `RATE_CURRENCIES`. */
  currency: string;
  /** How many of this currency one US dollar buys, as typed ("3.6725"). */
  rate: string;
  /** The day the rate was taken (YYYY-MM-DD). */
  rate_date: string;
  updated_at: string;
  updated_by: string | null;
}

export interface ExchangeRatePolicyTable {
  id: number;
  max_age_days: number;
  updated_at: string;
  updated_by: string | null;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  form_stash: FormStashTable;
  login_throttle: LoginThrottleTable;
  setup_tokens: SetupTokensTable;
  site_settings: SiteSettingsTable;
  page_content: PageContentTable;
  product_categories: ProductCategoriesTable;
  products: ProductsTable;
  certificates: CertificatesTable;
  gallery_items: GalleryItemsTable;
  blog_posts: BlogPostsTable;
  inquiries: InquiriesTable;
  inquiry_lines: InquiryLinesTable;
  inquiry_notes: InquiryNotesTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_numbers: QuoteNumbersTable;
  product_quoted_prices: ProductQuotedPricesTable;
  search_documents: SearchDocumentsTable;
  search_document_terms: SearchDocumentTermsTable;
  search_dirty: SearchDirtyTable;
  search_terms: SearchTermsTable;
  search_term_deletions: SearchTermDeletionsTable;
  search_synonyms: SearchSynonymsTable;
  demand_daily: DemandDailyTable;
  demand_batches: DemandBatchesTable;
  app_secrets: AppSecretsTable;
  redirects: RedirectsTable;
  csv_import_drafts: CsvImportDraftsTable;
  content_version: ContentVersionTable;
  page_changes: PageChangesTable;
  languages: LanguagesTable;
  content_translations: ContentTranslationsTable;
  activity: ActivityTable;
  versions: VersionsTable;
  account_tokens: AccountTokensTable;
  account_settings: AccountSettingsTable;
  media: MediaTable;
  photo_import_jobs: PhotoImportJobsTable;
  photo_job_pictures: PhotoJobPicturesTable;
  outbox: OutboxTable;
  exchange_rates: ExchangeRatesTable;
  exchange_rate_policy: ExchangeRatePolicyTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_numbers: OrderNumbersTable;
  order_payments: OrderPaymentsTable;
  shipments: ShipmentsTable;
  shipment_containers: ShipmentContainersTable;
  container_lines: ContainerLinesTable;
  shipment_documents: ShipmentDocumentsTable;
  document_numbers: DocumentNumbersTable;
  country_documents: CountryDocumentsTable;
  order_proformas: OrderProformasTable;
  buyers: BuyersTable;
  buyer_emails: BuyerEmailsTable;
  buyer_sign_in_links: BuyerSignInLinksTable;
  buyer_sessions: BuyerSessionsTable;
  shipment_lots: ShipmentLotsTable;
}

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Category = Selectable<ProductCategoriesTable>;
export type Certificate = Selectable<CertificatesTable>;
export type GalleryItem = Selectable<GalleryItemsTable>;
export type BlogPost = Selectable<BlogPostsTable>;
export type Profile = Selectable<ProfilesTable>;
export type SiteSetting = Selectable<SiteSettingsTable>;
export type Inquiry = Selectable<InquiriesTable>;
export type InquiryLine = Selectable<InquiryLinesTable>;
export type InquiryNote = Selectable<InquiryNotesTable>;
export type Quote = Selectable<QuotesTable>;
export type QuoteLine = Selectable<QuoteLinesTable>;
export type Order = Selectable<OrdersTable>;
export type OrderLine = Selectable<OrderLinesTable>;
export type OrderPayment = Selectable<OrderPaymentsTable>;
export type Shipment = Selectable<ShipmentsTable>;
export type ShipmentContainer = Selectable<ShipmentContainersTable>;
export type ContainerLine = Selectable<ContainerLinesTable>;
export type ShipmentDocument = Selectable<ShipmentDocumentsTable>;
