import type { Db } from "~/db/database.server";
import type { InquiryKind } from "~/db/schema";
import { localizeProductNames } from "~/features/translations/catalogue.server";
import type { Language } from "~/lib/i18n/languages";
import { OPEN_QUOTE_STATUSES } from "./inquiries.schema";

// What the back office and the emails read of an inquiry; its moves are `pipeline.server.ts`.

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

/**
 * A stored inquiry with its lines in the buyer's order (none for a contact message), or null; with `kind`, only an
 * inquiry of that kind. What its emails and the buyer's summary page are made from.
 */
export async function findStoredInquiry(db: Db, id: string, kind?: InquiryKind) {
  let query = db.selectFrom("inquiries").selectAll().where("id", "=", id);
  if (kind) query = query.where("kind", "=", kind);
  const inquiry = await query.executeTakeFirst();
  if (!inquiry) return null;
  // A quote request's lines; a sample request's one line (its product and kilograms).
  const lines = inquiry.kind === "quote" || inquiry.kind === "sample" ? await listInquiryLines(db, id) : [];
  return { inquiry, lines };
}

export type StoredInquiry = NonNullable<Awaited<ReturnType<typeof findStoredInquiry>>>;

/**
 * An inquiry's lines with each product named in `lang`, for what the buyer reads (the summary page, the receipt): the
 * catalogue's translated name where there is one, else the name as sent. The team reads the names as sent.
 */
export async function linesNamedIn<T extends { product_id: string | null; product_name: string }>(
  db: Db,
  lang: Language,
  lines: readonly T[],
): Promise<T[]> {
  const named = await localizeProductNames(
    db,
    lang,
    lines.map((line) => ({ id: line.product_id ?? "", name: line.product_name })),
  );
  return lines.map((line, i) => ({ ...line, product_name: named[i].name }));
}
