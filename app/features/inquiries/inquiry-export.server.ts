import { sql } from "kysely";
import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { countryAsWritten } from "~/lib/country";
import { neutraliseFormula } from "~/lib/csv";
import { minorToDecimal } from "~/lib/money";
import { lineText } from "./quote-text";
import { matchingInquiries, type InquiryFilter } from "./inquiry-list.server";

/**
 * The first ten columns are the export's original ones, in their order; the lead's columns follow, then the
 * language the buyer wrote from (`en`, `ar`…, issue 26), then the desk's (issue 28): when the first reply was due and
 * given, the follow-up day, and the internal notes, oldest first, each "author, time: text"; then a sample
 * request's courier address (its product and kilograms are its `lines`); then the inquiry's newest quote: its number
 * and revision, state, total (a plain decimal) and currency, Incoterm with its port, and when it was sent; then the
 * country's ISO code (issue 41), `country` naming it in English with the buyer's words where they wrote it otherwise.
 */
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
  "lang",
  "reply_due_at",
  "first_reply_at",
  "follow_up",
  "notes",
  "courier_address",
  "quote_number",
  "quote_status",
  "quote_total",
  "quote_currency",
  "quote_terms",
  "quote_sent_at",
  "country_code",
] as const;

export const inquiriesExportFileName = (date = new Date()) => `inquiries-export-${date.toISOString().slice(0, 10)}.csv`;

/**
 * The inquiries the list shows (same filters and search, every page), newest first, as RFC 4180 CSV with formulas
 * neutralised. A quote request's lines go into one `lines` cell ('Red Onion: 25 MT, 40-60 mm, 25 kg mesh bag;
 * Garlic: …') rather than one row per line: a row stays one inquiry, as in the list, so counting, sorting or
 * filtering the sheet by status or assignee never counts a lead twice.
 */
export async function exportInquiriesCsv(db: Db, query: InquiryFilter): Promise<string> {
  const base = matchingInquiries(db, query);
  const [rows, lines, notes, quotes] = await Promise.all([
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
        // When the team's notification first went: from the outbox (ADR 0048), else ADR 0011's column.
        (eb) =>
          eb.fn
            .coalesce(
              eb
                .selectFrom("outbox")
                .select((o) => o.fn.min("outbox.sent_at").as("sent_at"))
                .where("outbox.kind", "=", "inquiry-notification")
                .whereRef("outbox.about", "=", sql<string>`${sql.lit("inquiry:")} || ${sql.ref("inquiries.id")}`),
              "inquiries.notified_at",
            )
            .as("notified_at"),
        "inquiries.kind",
        "inquiries.company",
        "inquiries.country",
        "inquiries.country_code",
        "inquiries.destination_port",
        "inquiries.incoterm",
        "inquiries.delivery_month",
        "inquiries.lang",
        "inquiries.reply_due_at",
        "inquiries.first_reply_at",
        "inquiries.follow_up_at",
        "inquiries.courier_address",
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
    db
      .selectFrom("inquiry_notes")
      .select(["inquiry_id", "author_name", "body", "created_at"])
      .where("inquiry_id", "in", base.select("inquiries.id"))
      .orderBy("inquiry_id")
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("quotes")
      .select([
        "inquiry_id",
        "number",
        "revision",
        "status",
        "total_minor",
        "currency",
        "incoterm",
        "named_port",
        "sent_at",
        "created_at",
      ])
      .where("inquiry_id", "in", base.select("inquiries.id"))
      .orderBy("created_at")
      .orderBy("revision")
      .execute(),
  ]);
  // The newest quote of each inquiry (the last of each, in order of making).
  const quoteOf = new Map(quotes.map((quote) => [quote.inquiry_id, quote]));
  const notesOf = new Map<string, string[]>();
  for (const note of notes)
    notesOf.set(note.inquiry_id, [
      ...(notesOf.get(note.inquiry_id) ?? []),
      `${note.author_name}, ${note.created_at}: ${note.body}`,
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
          countryAsWritten(r.country_code, r.country),
          r.destination_port ?? "",
          r.incoterm ?? "",
          r.delivery_month ?? "",
          r.assignee_name || r.assignee_email || "",
          (linesOf.get(r.id) ?? []).join("; "),
          r.lang,
          r.reply_due_at ?? "",
          r.first_reply_at ?? "",
          r.follow_up_at ?? "",
          (notesOf.get(r.id) ?? []).join("\n"),
          r.courier_address ?? "",
          ...quoteColumns(quoteOf.get(r.id)),
          r.country_code,
        ].map(neutraliseFormula),
      ),
    },
    { newline: "\r\n" },
  );
}

/** The quote columns of one inquiry's newest quote; blank when it has none. */
function quoteColumns(
  quote:
    | {
        number: string;
        revision: number;
        status: string;
        total_minor: number;
        currency: string;
        incoterm: string;
        named_port: string;
        sent_at: string | null;
      }
    | undefined,
): string[] {
  if (!quote) return ["", "", "", "", "", ""];
  return [
    `${quote.number} v${quote.revision}`,
    quote.status,
    minorToDecimal(quote.total_minor, quote.currency),
    quote.currency,
    [quote.incoterm, quote.named_port].filter(Boolean).join(" "),
    quote.sent_at ?? "",
  ];
}
