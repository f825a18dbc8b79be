import { createHmac, randomBytes } from "node:crypto";
import Papa from "papaparse";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { InquiryStatus } from "~/db/schema";
import { PAGE_SIZE, parseListQuery, type ListQuery } from "~/features/admin/list-query";
import { containsText } from "~/db/text-search";
import { cleanProductName, HONEYPOT_FIELD, type ContactInput } from "~/features/contact/contact.schema";
import { neutraliseFormula } from "~/lib/csv";
import { newId, nowIso } from "~/lib/time";
import { isInquiryStatus } from "./inquiries.schema";

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
    salt = (async () => {
      const read = () => db.selectFrom("app_secrets").select("value").where("name", "=", SALT_NAME).executeTakeFirst();
      const found = await read();
      if (found) return found.value;
      // Two processes may race here: the first insert wins and both read its value.
      await db
        .insertInto("app_secrets")
        .values({ name: SALT_NAME, value: randomBytes(32).toString("hex"), created_at: nowIso() })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      return (await read())!.value;
    })();
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
 * the window ends. One atomic upsert, so concurrent requests and several processes count correctly.
 */
export async function countInquiryAttempt(
  db: Db,
  ipHash: string,
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - INQUIRY_RATE_WINDOW_MS).toISOString();
  const row = await db
    .insertInto("login_throttle")
    .values({ key: `inquiry:${ipHash}`, failures: 1, first_failure_at: at, locked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when login_throttle.first_failure_at > ${cutoff} then login_throttle.failures + 1 else 1 end`,
        first_failure_at: sql<string>`case when login_throttle.first_failure_at > ${cutoff} then login_throttle.first_failure_at else ${at} end`,
      }),
    )
    .returning(["failures", "first_failure_at"])
    .executeTakeFirstOrThrow();
  if (Number(row.failures) <= INQUIRY_RATE_LIMIT) return { allowed: true };
  return {
    allowed: false,
    retryAfter: Math.max(1, Math.ceil((Date.parse(row.first_failure_at) + INQUIRY_RATE_WINDOW_MS - now) / 1000)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Receiving an inquiry

/**
 * A same-origin path (with its query) from a form field or a Referer, or null. Resolving it against a placeholder
 * origin drops anything that would leave the site ('//evil', '/\evil', 'https://evil', 'javascript:').
 */
export function safePagePath(raw: unknown, ownOrigin?: string): string | null {
  if (typeof raw !== "string" || !raw.trim()) return null;
  const base = ownOrigin ?? "http://same-origin.invalid";
  try {
    const url = new URL(raw.trim(), base);
    if (url.origin !== new URL(base).origin) return null;
    return (url.pathname + url.search).slice(0, PAGE_PATH_MAX);
  } catch {
    return null;
  }
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

/** Stores one contact-form message the schema accepted: the rate limit first, then the row. */
export async function submitInquiry(
  db: Db,
  inquiry: ContactInput & { product_name: unknown; page_path: unknown },
  sender: { ip: string },
): Promise<SubmitResult> {
  const { product_name, page_path, ...fields } = inquiry;
  try {
    const ipHash = await hashIp(db, sender.ip);
    const rate = await countInquiryAttempt(db, ipHash);
    if (!rate.allowed) return { kind: "limited", retryAfter: rate.retryAfter };
    const now = nowIso();
    const id = newId();
    await db
      .insertInto("inquiries")
      .values({
        id,
        full_name: fields.full_name,
        email: fields.email,
        phone: fields.phone,
        subject: fields.subject,
        message: fields.message,
        product_name: cleanProductName(product_name) || null,
        page_path: safePagePath(page_path),
        ip_hash: ipHash,
        status: "new",
        notified_at: null,
        notify_error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { kind: "stored", id };
  } catch (error) {
    console.error("[inquiries] could not store an inquiry:", (error as Error).message);
    return { kind: "failed" };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Back office

export interface InquiryListQuery extends ListQuery {
  status: InquiryStatus | null;
}

export function parseInquiryListQuery(request: Request): InquiryListQuery {
  const status = new URL(request.url).searchParams.get("status");
  return { ...parseListQuery(request), status: isInquiryStatus(status) ? status : null };
}

function filtered(db: Db, { q, status }: Pick<InquiryListQuery, "q" | "status">) {
  let query = db.selectFrom("inquiries");
  if (status) query = query.where("status", "=", status);
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsText("full_name", q),
        containsText("email", q),
        containsText("subject", q),
        containsText("product_name", q),
        containsText("message", q),
        containsText("phone", q),
      ]),
    );
  }
  return query;
}

/** One page of inquiries, newest first, with the total that match. */
export async function listInquiries(db: Db, query: InquiryListQuery) {
  const base = filtered(db, query);
  const [rows, total] = await Promise.all([
    base
      .select(["id", "full_name", "email", "subject", "product_name", "status", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const findInquiry = (db: Db, id: string) =>
  db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirst();

export async function setInquiryStatus(db: Db, id: string, status: InquiryStatus): Promise<boolean> {
  const result = await db
    .updateTable("inquiries")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
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
] as const;

export const inquiriesExportFileName = (date = new Date()) => `inquiries-export-${date.toISOString().slice(0, 10)}.csv`;

/** The inquiries the list shows (same filter and search, every page), newest first, as RFC 4180 CSV with formulas neutralised. */
export async function exportInquiriesCsv(db: Db, query: Pick<InquiryListQuery, "q" | "status">): Promise<string> {
  const rows = await filtered(db, query)
    .select([
      "created_at",
      "status",
      "full_name",
      "email",
      "phone",
      "subject",
      "message",
      "product_name",
      "page_path",
      "notified_at",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
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
        ].map(neutraliseFormula),
      ),
    },
    { newline: "\r\n" },
  );
}
