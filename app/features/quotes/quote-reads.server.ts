import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database, QuoteStatus } from "~/db/schema";
import { QUOTES_PAGE_SIZE } from "./quote-status";

/** A quote revision with its lines in order, or undefined when it is gone. */
export async function findQuote(db: Db, id: string) {
  const quote = await db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!quote) return undefined;
  const lines = await listQuoteLines(db, id);
  return { quote, lines };
}

/**
 * The condition, for a write to a revision of quote `number`, that no revision of it is accepted: one deal is won
 * once (ADR 0039), checked by the database in the write itself.
 */
export const noRevisionAccepted =
  (number: string) =>
  ({ not, exists, selectFrom }: ExpressionBuilder<Database, "quotes">) =>
    not(
      exists(
        selectFrom("quotes as won")
          .select("won.id")
          .where("won.number", "=", number)
          .where("won.status", "=", "accepted"),
      ),
    );

export const listQuoteLines = (db: Db, quoteId: string) =>
  db.selectFrom("quote_lines").selectAll().where("quote_id", "=", quoteId).orderBy("position").execute();

const SUMMARY = [
  "id",
  "number",
  "revision",
  "status",
  "inquiry_id",
  "buyer_name",
  "buyer_company",
  "buyer_email",
  "currency",
  "incoterm",
  "named_port",
  "total_minor",
  "valid_until",
  "sent_at",
  "viewed_at",
  "responded_at",
  "created_at",
] as const;

/** Every revision of one number, newest first (the editor's "Revisions" list). */
export const listRevisions = (db: Db, number: string) =>
  db.selectFrom("quotes").select(SUMMARY).where("number", "=", number).orderBy("revision", "desc").execute();

/** The quotes of an inquiry, newest first. */
export const listQuotesOfInquiry = (db: Db, inquiryId: string) =>
  db
    .selectFrom("quotes")
    .select(SUMMARY)
    .where("inquiry_id", "=", inquiryId)
    .orderBy("created_at", "desc")
    .orderBy("revision", "desc")
    .execute();

/** The quotes sent to one buyer (by email, lowercased), newest first, at most `limit`. */
export const listQuotesToBuyer = (db: Db, emailKey: string, limit = 10) =>
  db
    .selectFrom("quotes")
    .select(SUMMARY)
    .where((eb) => eb(eb.fn("lower", ["buyer_email"]), "=", emailKey))
    .where("status", "!=", "draft")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();

/** The quote desk's list: the newest revision of each number (drafts too), newest first, optionally by status. */
export async function listQuotes(db: Db, { status, page = 1 }: { status?: QuoteStatus; page?: number }) {
  const newest = db
    .selectFrom("quotes as q")
    .select(SUMMARY.map((column) => `q.${column}` as const))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("quotes as later")
            .select("later.id")
            .whereRef("later.number", "=", "q.number")
            .whereRef("later.revision", ">", "q.revision"),
        ),
      ),
    )
    .$if(!!status, (query) => query.where("q.status", "=", status!));
  const [rows, count] = await Promise.all([
    newest
      .orderBy("q.created_at", "desc")
      .orderBy("q.number", "desc")
      .limit(QUOTES_PAGE_SIZE)
      .offset((page - 1) * QUOTES_PAGE_SIZE)
      .execute(),
    db
      .selectFrom(newest.as("n"))
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
