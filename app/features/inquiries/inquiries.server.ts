import { createHmac } from "node:crypto";
import Papa from "papaparse";
import { sql } from "kysely";
import { installationSecret } from "~/db/app-secrets.server";
import type { Db } from "~/db/database.server";
import type { InquiryKind, InquiryStatus } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { PAGE_SIZE, parseListQuery, type ListQuery } from "~/features/admin/list-query";
import { containsText } from "~/db/text-search";
import { cleanProductName, HONEYPOT_FIELD, type ContactInput } from "~/features/contact/contact.schema";
import { neutraliseFormula } from "~/lib/csv";
import { sameOriginPath } from "~/lib/same-origin";
import { newId, nowIso } from "~/lib/time";
import type { Refusal } from "~/lib/forms/submission";
import { lineText } from "~/features/quotes/quote-text";
import { isInquiryStatus, OPEN_QUOTE_STATUSES, UNASSIGNED } from "./inquiries.schema";
import { log } from "~/lib/log.server";

/** Accepted inquiries per sender address and window (ADR 0011). */
export const INQUIRY_RATE_LIMIT = 5;
export const INQUIRY_RATE_WINDOW_MS = 10 * 60 * 1000;
export const PAGE_PATH_MAX = 300;

// ---------------------------------------------------------------------------------------------------------------
// The sender's address, kept only as a salted hash

const SALT_NAME = "ip_hash_salt";
const salts = new WeakMap<Db, Promise<string>>();

/** The installation's salt: made once, on first use, and kept in the database so every process shares it. */
function ipSalt(db: Db): Promise<string> {
  let salt = salts.get(db);
  if (!salt) {
    salt = installationSecret(db, SALT_NAME);
    salt.catch(() => salts.delete(db));
    salts.set(db, salt);
  }
  return salt;
}

/** HMAC-SHA-256 of the address with the installation's salt: the same sender gives the same hash, and the address cannot be read back. */
export async function hashIp(db: Db, ip: string): Promise<string> {
  return createHmac("sha256", await ipSalt(db))
    .update(ip)
    .digest("hex");
}

// ---------------------------------------------------------------------------------------------------------------
// Rate limit: a fixed window per address hash, counted in the login throttle's table (ADR 0011)

/**
 * Counts one more inquiry from this sender and says whether it is within the limit; when not, the seconds until
 * the window ends.
 */
export function countInquiryAttempt(db: Db, ipHash: string, now = Date.now()) {
  return countInWindow(db, `inquiry:${ipHash}`, { limit: INQUIRY_RATE_LIMIT, windowMs: INQUIRY_RATE_WINDOW_MS }, now);
}

/**
 * One more event on `key` in a fixed window: whether it is within `limit`, else the seconds until the window ends.
 * One atomic upsert in the login throttle's table, so concurrent requests and several processes count correctly.
 */
export async function countInWindow(
  db: Db,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - windowMs).toISOString();
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, first_failure_at: at, locked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when login_throttle.first_failure_at > ${cutoff} then login_throttle.failures + 1 else 1 end`,
        first_failure_at: sql<string>`case when login_throttle.first_failure_at > ${cutoff} then login_throttle.first_failure_at else ${at} end`,
      }),
    )
    .returning(["failures", "first_failure_at"])
    .executeTakeFirstOrThrow();
  if (Number(row.failures) <= limit) return { allowed: true };
  return {
    allowed: false,
    retryAfter: Math.max(1, Math.ceil((Date.parse(row.first_failure_at) + windowMs - now) / 1000)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Receiving an inquiry

/** Counts this sender's inquiry; within the limit, the address hash to store with it, else the seconds to wait. */
export async function admitSender(
  db: Db,
  ip: string,
): Promise<{ allowed: true; ipHash: string } | { allowed: false; retryAfter: number }> {
  const ipHash = await hashIp(db, ip);
  const rate = await countInquiryAttempt(db, ipHash);
  return rate.allowed ? { allowed: true, ipHash } : rate;
}

/** What a sender over the limit is told (contact form and quote requests alike), and when to try again. */
export function tooManyMessages(retryAfter: number): { refusal: Refusal; headers: Record<string, string> } {
  const minutes = Math.ceil(retryAfter / 60);
  return {
    refusal: {
      ok: false,
      title: "Too Many Messages",
      message: `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or write to us by email.`,
    },
    headers: { "Retry-After": String(retryAfter) },
  };
}

/**
 * The columns every inquiry starts with, whatever its kind: a fresh id, status new, not yet notified. With
 * `mail` (notifications configured) its notification is due at once, so it goes out even if this process stops
 * before sending it: any instance's mail timer finds it (ADR 0011).
 */
export function receivedInquiry(ipHash: string, mail: boolean) {
  const now = nowIso();
  return {
    id: newId(),
    ip_hash: ipHash,
    status: "new" as const,
    notified_at: null,
    notify_error: null,
    notify_due_at: mail ? now : null,
    created_at: now,
    updated_at: now,
  };
}

/** A same-origin path (with its query) from a form field or a Referer, cut to what is stored, or null. */
export function safePagePath(raw: unknown, ownOrigin?: string): string | null {
  return sameOriginPath(raw, ownOrigin)?.slice(0, PAGE_PATH_MAX) ?? null;
}

export type SubmitResult =
  | { kind: "stored"; id: string }
  | { kind: "limited"; retryAfter: number }
  /** The database refused or could not be reached; nothing was kept. */
  | { kind: "failed" };

/**
 * The hidden field a person never fills (ADR 0011): a robot that filled it is answered like a buyer, before any
 * check, and nothing is kept.
 */
export function isFromRobot(form: FormData): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

/**
 * Stores one contact-form message the schema accepted: the rate limit first, then the row. `mail`: the team's
 * notification is to be sent. Nothing is ever sent to the sender's address.
 */
export async function submitInquiry(
  db: Db,
  inquiry: ContactInput & { product_name: unknown; page_path: unknown },
  sender: { ip: string },
  mail: boolean,
): Promise<SubmitResult> {
  const { product_name, page_path, ...fields } = inquiry;
  try {
    const admitted = await admitSender(db, sender.ip);
    if (!admitted.allowed) return { kind: "limited", retryAfter: admitted.retryAfter };
    const row = receivedInquiry(admitted.ipHash, mail);
    await db
      .insertInto("inquiries")
      .values({
        ...row,
        full_name: fields.full_name,
        email: fields.email,
        phone: fields.phone,
        subject: fields.subject,
        message: fields.message,
        product_name: cleanProductName(product_name) || null,
        page_path: safePagePath(page_path),
      })
      .execute();
    return { kind: "stored", id: row.id };
  } catch (error) {
    log.error("[inquiries] could not store an inquiry", error);
    return { kind: "failed" };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Back office: the lead pipeline

export interface InquiryListQuery extends ListQuery {
  status: InquiryStatus | null;
  kind: InquiryKind | null;
  /** An administrator's id, UNASSIGNED, or null for everyone. */
  assignee: string | null;
  country: string | null;
  /** A product's id: quote requests with a line for it, and messages sent from its page. */
  product: string | null;
}

const param = (params: URLSearchParams, name: string, max = 100) => {
  const value = (params.get(name) ?? "").trim().slice(0, max);
  return value || null;
};

export function parseInquiryListQuery(request: Request): InquiryListQuery {
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const kind = params.get("kind");
  return {
    ...parseListQuery(request),
    status: isInquiryStatus(status) ? status : null,
    kind: kind === "quote" || kind === "contact" ? kind : null,
    assignee: param(params, "assignee", 64),
    country: param(params, "country"),
    product: param(params, "product", 64),
  };
}

type InquiryFilter = Omit<InquiryListQuery, "page">;

function filtered(db: Db, { q, status, kind, assignee, country, product }: InquiryFilter) {
  let query = db.selectFrom("inquiries");
  // Kind and status together use the index (kind, status); status alone (status, created_at).
  if (kind) query = query.where("inquiries.kind", "=", kind);
  if (status) query = query.where("inquiries.status", "=", status);
  if (assignee === UNASSIGNED) query = query.where("inquiries.assignee_id", "is", null);
  else if (assignee) query = query.where("inquiries.assignee_id", "=", assignee);
  if (country) query = query.where("inquiries.country", "=", country);
  if (product) {
    // EXISTS over the lines' product index; a contact message names the product only by the page it came from.
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("inquiry_lines")
            .select(sql.lit(1).as("one"))
            .whereRef("inquiry_lines.inquiry_id", "=", "inquiries.id")
            .where("inquiry_lines.product_id", "=", product),
        ),
        eb(
          "inquiries.product_name",
          "in",
          eb.selectFrom("products").select("products.name").where("products.id", "=", product),
        ),
      ]),
    );
  }
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsText("inquiries.full_name", q),
        containsText("inquiries.email", q),
        containsText("inquiries.subject", q),
        containsText("inquiries.product_name", q),
        containsText("inquiries.message", q),
        containsText("inquiries.phone", q),
        containsText("inquiries.company", q),
      ]),
    );
  }
  return query;
}

/** One page of inquiries, newest first, with the total that match, each with its assignee and its lines' products. */
export async function listInquiriesForAdmin(db: Db, query: InquiryListQuery) {
  const base = filtered(db, query);
  const [rows, total] = await Promise.all([
    base
      .leftJoin("profiles", "profiles.id", "inquiries.assignee_id")
      .select([
        "inquiries.id",
        "inquiries.kind",
        "inquiries.full_name",
        "inquiries.email",
        "inquiries.company",
        "inquiries.country",
        "inquiries.subject",
        "inquiries.product_name",
        "inquiries.status",
        "inquiries.created_at",
        "inquiries.notified_at",
        "inquiries.notify_error",
        "inquiries.notify_due_at",
        "inquiries.notify_attempts",
        "profiles.full_name as assignee_name",
        "profiles.email as assignee_email",
      ])
      .orderBy("inquiries.created_at", "desc")
      .orderBy("inquiries.id", "desc")
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const products = new Map<string, string[]>();
  if (rows.length) {
    const lines = await db
      .selectFrom("inquiry_lines")
      .select(["inquiry_id", "product_name"])
      .where(
        "inquiry_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("inquiry_id")
      .orderBy("position")
      .execute();
    for (const line of lines)
      products.set(line.inquiry_id, [...(products.get(line.inquiry_id) ?? []), line.product_name]);
  }
  return {
    rows: rows.map(({ assignee_name, assignee_email, ...row }) => ({
      ...row,
      assignee: assignee_name || assignee_email || null,
      products: products.get(row.id) ?? (row.product_name ? [row.product_name] : []),
    })),
    total: Number(total.n),
  };
}

/** What the list's filters offer: the administrators, the countries and the quoted products present. */
export async function listInquiryFilterOptions(db: Db) {
  const [assignees, countries, products] = await Promise.all([
    listAdministrators(db),
    db
      .selectFrom("inquiries")
      .select("country")
      .distinct()
      .where("country", "is not", null)
      .where("country", "!=", "")
      .orderBy("country")
      .execute(),
    db
      .selectFrom("products")
      .select(["products.id", "products.name"])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("inquiry_lines")
            .select(sql.lit(1).as("one"))
            .whereRef("inquiry_lines.product_id", "=", "products.id"),
        ),
      )
      .orderBy("products.name")
      .execute(),
  ]);
  return { assignees, countries: countries.map((r) => r.country!), products };
}

/** The users who may be given a lead: every profile with the admin role, by name. */
export async function listAdministrators(db: Db) {
  const rows = await db
    .selectFrom("profiles")
    .select(["id", "full_name", "email"])
    .where("role", "=", "admin")
    .orderBy("full_name")
    .orderBy("email")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.full_name || r.email }));
}

export async function findInquiry(db: Db, id: string) {
  return db
    .selectFrom("inquiries")
    .leftJoin("profiles", "profiles.id", "inquiries.assignee_id")
    .selectAll("inquiries")
    .select(["profiles.full_name as assignee_name", "profiles.email as assignee_email"])
    .where("inquiries.id", "=", id)
    .executeTakeFirst();
}

/** A quote request's lines in the buyer's order; `product_id` is null once the product was deleted. */
export const listInquiryLines = (db: Db, inquiryId: string) =>
  db
    .selectFrom("inquiry_lines")
    .select(["id", "product_id", "product_name", "quantity", "unit", "grade", "packaging"])
    .where("inquiry_id", "=", inquiryId)
    .orderBy("position")
    .execute();

/** The internal notes, newest first. */
export const listInquiryNotes = (db: Db, inquiryId: string) =>
  db
    .selectFrom("inquiry_notes")
    .select(["id", "author_name", "body", "created_at"])
    .where("inquiry_id", "=", inquiryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();

export async function setInquiryStatus(db: Db, actor: Actor, id: string, status: InquiryStatus): Promise<boolean> {
  const result = await db
    .updateTable("inquiries")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const GONE = "The inquiry no longer exists.";

/**
 * Gives the lead to an administrator, or to nobody (null). The role is checked here, not trusted from the select:
 * a forged form could name any user.
 */
export async function assignInquiry(
  db: Db,
  actor: Actor,
  id: string,
  assigneeId: string | null,
): Promise<{ ok: true; name: string | null } | (Refusal & { status: number })> {
  let name: string | null = null;
  if (assigneeId) {
    const admin = await db
      .selectFrom("profiles")
      .select(["full_name", "email"])
      .where("id", "=", assigneeId)
      .where("role", "=", "admin")
      .executeTakeFirst();
    if (!admin)
      return {
        ok: false,
        status: 400,
        title: "Error Assigning Inquiry",
        message: "Only an administrator can be assigned an inquiry.",
        field: "assignee_id",
      };
    name = admin.full_name || admin.email;
  }
  const result = await db
    .updateTable("inquiries")
    .set({ assignee_id: assigneeId, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    return { ok: false, status: 404, title: "Error Assigning Inquiry", message: GONE };
  return { ok: true, name };
}

/** Adds an internal note with its author as they are named now (the name stays if the account changes or goes). */
export async function addInquiryNote(db: Db, actor: Actor, inquiryId: string, body: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("inquiries").select("id").where("id", "=", inquiryId).executeTakeFirst();
    if (!found) return false;
    await trx
      .insertInto("inquiry_notes")
      .values({
        id: newId(),
        inquiry_id: inquiryId,
        author_id: actor.id,
        author_name: actor.fullName || actor.email,
        body,
        created_at: nowIso(),
      })
      .execute();
    return true;
  });
}

export async function deleteInquiry(db: Db, actor: Actor, id: string): Promise<boolean> {
  const result = await db.deleteFrom("inquiries").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countNewInquiries(db: Db): Promise<number> {
  const row = await db
    .selectFrom("inquiries")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The dashboard's open quote requests per status (over the index (kind, status)). */
export async function countOpenQuoteRequests(db: Db): Promise<Record<(typeof OPEN_QUOTE_STATUSES)[number], number>> {
  const rows = await db
    .selectFrom("inquiries")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("kind", "=", "quote")
    .where("status", "in", [...OPEN_QUOTE_STATUSES])
    .groupBy("status")
    .execute();
  const counts = { new: 0, contacted: 0, quoted: 0 };
  for (const row of rows) counts[row.status as keyof typeof counts] = Number(row.n);
  return counts;
}

/** The first ten columns are the export's original ones, in their order; the lead's columns follow. */
export const EXPORT_COLUMNS = [
  "received_at",
  "status",
  "full_name",
  "email",
  "phone",
  "subject",
  "message",
  "product_name",
  "page_path",
  "notified_at",
  "kind",
  "company",
  "country",
  "destination_port",
  "incoterm",
  "delivery_month",
  "assignee",
  "lines",
] as const;

export const inquiriesExportFileName = (date = new Date()) => `inquiries-export-${date.toISOString().slice(0, 10)}.csv`;

/**
 * The inquiries the list shows (same filters and search, every page), newest first, as RFC 4180 CSV with formulas
 * neutralised. A quote request's lines go into one `lines` cell ('Red Onion: 25 MT, 40-60 mm, 25 kg mesh bag;
 * Garlic: …') rather than one row per line: a row stays one inquiry, as in the list, so counting, sorting or
 * filtering the sheet by status or assignee never counts a lead twice.
 */
export async function exportInquiriesCsv(db: Db, query: InquiryFilter): Promise<string> {
  const base = filtered(db, query);
  const [rows, lines] = await Promise.all([
    base
      .leftJoin("profiles", "profiles.id", "inquiries.assignee_id")
      .select([
        "inquiries.id",
        "inquiries.created_at",
        "inquiries.status",
        "inquiries.full_name",
        "inquiries.email",
        "inquiries.phone",
        "inquiries.subject",
        "inquiries.message",
        "inquiries.product_name",
        "inquiries.page_path",
        "inquiries.notified_at",
        "inquiries.kind",
        "inquiries.company",
        "inquiries.country",
        "inquiries.destination_port",
        "inquiries.incoterm",
        "inquiries.delivery_month",
        "profiles.full_name as assignee_name",
        "profiles.email as assignee_email",
      ])
      .orderBy("inquiries.created_at", "desc")
      .orderBy("inquiries.id", "desc")
      .execute(),
    db
      .selectFrom("inquiry_lines")
      .select(["inquiry_id", "product_name", "quantity", "unit", "grade", "packaging"])
      .where("inquiry_id", "in", base.select("inquiries.id"))
      .orderBy("inquiry_id")
      .orderBy("position")
      .execute(),
  ]);
  const linesOf = new Map<string, string[]>();
  for (const line of lines) linesOf.set(line.inquiry_id, [...(linesOf.get(line.inquiry_id) ?? []), lineText(line)]);
  return Papa.unparse(
    {
      fields: [...EXPORT_COLUMNS],
      data: rows.map((r) =>
        [
          r.created_at,
          r.status,
          r.full_name,
          r.email,
          r.phone,
          r.subject,
          r.message,
          r.product_name ?? "",
          r.page_path ?? "",
          r.notified_at ?? "",
          r.kind,
          r.company ?? "",
          r.country ?? "",
          r.destination_port ?? "",
          r.incoterm ?? "",
          r.delivery_month ?? "",
          r.assignee_name || r.assignee_email || "",
          (linesOf.get(r.id) ?? []).join("; "),
        ].map(neutraliseFormula),
      ),
    },
    { newline: "\r\n" },
  );
}
