import type { OutboxRow } from "~/features/outbox/mail-state";
import { inquiryMailAbout } from "./mail-queue.server";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { InquiryKind, InquiryStatus } from "~/db/schema";
import { PAGE_SIZE, parseListQuery, type ListQuery } from "~/lib/web/list-query";
import { listAdministrators } from "~/features/auth/administrators.server";
import { containsText } from "~/db/text-search";
import { countryCodeOf, countryName } from "~/lib/country";
import { isLanguage, type Language } from "~/lib/i18n/languages";
import { isInquiryStatus, UNASSIGNED } from "./inquiries.schema";
import { referencedId } from "./quote-text";

export interface InquiryListQuery extends ListQuery {
  status: InquiryStatus | null;
  kind: InquiryKind | null;
  /** An administrator's id, UNASSIGNED, or null for everyone. */
  assignee: string | null;
  /** A country's ISO code, '' for inquiries whose country is unknown (`unknown`), or null for every country. */
  country: string | null;
  /** A product's id: quote requests with a line for it, and messages sent from its page. */
  product: string | null;
  /** The language the buyer wrote from (`en`, `ar`…): only a known code, else every language. */
  lang: Language | null;
  /** An inquiry's id: that buyer's inquiries (the same email, or the same company however spelled; issue 28). */
  buyer: string | null;
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
    kind: kind === "quote" || kind === "contact" || kind === "sample" ? kind : null,
    assignee: param(params, "assignee", 64),
    country: countryParamOf(param(params, "country")),
    product: param(params, "product", 64),
    lang: isLanguage(params.get("lang")) ? (params.get("lang") as Language) : null,
    buyer: param(params, "buyer", 64),
  };
}

/** The query string's value for inquiries whose country is unknown (none given, or words naming none). */
export const UNKNOWN_COUNTRY = "unknown";

/** The country filter: a code, `unknown`, or a country's name as links made before codes did ("United Arab Emirates"). */
function countryParamOf(value: string | null): string | null {
  if (value === null) return null;
  if (value === UNKNOWN_COUNTRY) return "";
  return countryCodeOf(value) || null;
}

export type InquiryFilter = Omit<InquiryListQuery, "page">;

/** The inquiries the list's filters and search select (every page). */
export function matchingInquiries(db: Db, { q, status, kind, assignee, country, product, lang, buyer }: InquiryFilter) {
  let query = db.selectFrom("inquiries");
  if (buyer) {
    // Over the indexes on each key; an unknown id matches nothing.
    const keyOf = (key: "email_key" | "company_key") =>
      db
        .selectFrom("inquiries as one")
        .select(`one.${key}`)
        .where("one.id", "=", buyer)
        .where(`one.${key}`, "is not", null);
    query = query.where((eb) =>
      eb.or([
        eb("inquiries.email_key", "in", keyOf("email_key")),
        eb("inquiries.company_key", "in", keyOf("company_key")),
      ]),
    );
  }
  // The index (lang, created_at) serves this filter with the list's order.
  if (lang) query = query.where("inquiries.lang", "=", lang);
  // Kind and status together use the index (kind, status); status alone (status, created_at).
  if (kind) query = query.where("inquiries.kind", "=", kind);
  if (status) query = query.where("inquiries.status", "=", status);
  if (assignee === UNASSIGNED) query = query.where("inquiries.assignee_id", "is", null);
  else if (assignee) query = query.where("inquiries.assignee_id", "=", assignee);
  // By the code (issue 41): "UAE" and "الإمارات العربية المتحدة" are one country; over the index (country_code, created_at).
  if (country !== null) query = query.where("inquiries.country_code", "=", country);
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
    const reference = referencedId(q);
    query = query.where((eb) =>
      eb.or([
        ...(reference ? [eb("inquiries.id", "like", `${reference}%`)] : []),
        containsText("inquiries.full_name", q),
        containsText("inquiries.email", q),
        containsText("inquiries.subject", q),
        containsText("inquiries.product_name", q),
        containsText("inquiries.message", q),
        containsText("inquiries.phone", q),
        containsText("inquiries.company", q),
        containsText("inquiries.country", q),
      ]),
    );
  }
  return query;
}

/** One page of inquiries, newest first, with the total that match, each with its assignee and its lines' products. */
export async function listInquiriesForAdmin(db: Db, query: InquiryListQuery) {
  const base = matchingInquiries(db, query);
  const [rows, total] = await Promise.all([
    base
      .leftJoin("profiles", "profiles.id", "inquiries.assignee_id")
      .select([
        "inquiries.id",
        "inquiries.kind",
        "inquiries.lang",
        "inquiries.full_name",
        "inquiries.email",
        "inquiries.company",
        "inquiries.country",
        "inquiries.country_code",
        "inquiries.subject",
        "inquiries.product_name",
        "inquiries.status",
        "inquiries.created_at",
        "inquiries.notified_at",
        "inquiries.notify_error",
        "inquiries.notify_due_at",
        "inquiries.notify_attempts",
        "inquiries.reply_due_at",
        "inquiries.first_reply_at",
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
  // The newest notification of each in the outbox (ADR 0048); an inquiry from before it has ADR 0011's columns.
  const notifyMail = new Map<string, OutboxRow>();
  if (rows.length) {
    const mail = await db
      .selectFrom("outbox")
      .select(["about", "status", "attempts", "due_at", "sent_at", "error"])
      .where(
        "about",
        "in",
        rows.map((r) => inquiryMailAbout(r.id)),
      )
      .where("kind", "=", "inquiry-notification")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    for (const { about, ...row } of mail) notifyMail.set(about, row);
  }
  return {
    rows: rows.map(({ assignee_name, assignee_email, country_code, ...row }) => ({
      ...row,
      // The country's English name; words that name none as written.
      country: country_code ? countryName(country_code) : row.country,
      notifyMail: notifyMail.get(inquiryMailAbout(row.id)) ?? null,
      assignee: assignee_name || assignee_email || null,
      products: products.get(row.id) ?? (row.product_name ? [row.product_name] : []),
    })),
    total: Number(total.n),
  };
}

/**
 * What the list's filters offer: the administrators, the countries present (by code, named in English and in its
 * order, then Unknown when some request names none) and the quoted products present.
 */
export async function listInquiryFilterOptions(db: Db) {
  const [assignees, codes, products] = await Promise.all([
    listAdministrators(db),
    db.selectFrom("inquiries").select("country_code").distinct().where("kind", "!=", "contact").execute(),
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
  const collator = new Intl.Collator("en");
  const countries = codes
    .filter((row) => row.country_code)
    .map((row) => ({ value: row.country_code, label: countryName(row.country_code) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  if (codes.some((row) => !row.country_code)) countries.push({ value: UNKNOWN_COUNTRY, label: "Unknown" });
  return { assignees, countries, products };
}
