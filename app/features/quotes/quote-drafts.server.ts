import type { Db } from "~/db/database.server";
import { nextYearlyNumber } from "~/db/yearly-numbers.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { siteToday } from "~/lib/site-time";
import { addDays, newId } from "~/lib/time";
import { findInquiry, listInquiryLines } from "~/features/inquiries/inquiry-reads.server";
import { INCOTERMS } from "~/features/catalogue/trade-terms/vocabulary";
import { DEFAULT_CURRENCY, quoteTotalMinor } from "~/lib/money";
import { editorLine, type QuoteEditorValues, type TypedLine } from "./quote-editor.schema";
import { checkLines, insertLines, lastQuotedPrices, linkAndPrice, refused } from "./quote-lines.server";
import { logQuote } from "./quote-log.server";

export { logQuote };

/** A revision's columns before it is sent: no link, no sender, nothing from the buyer. */
const NOT_SENT = {
  token: null,
  sent_at: null,
  sent_by_id: null,
  sent_by_name: null,
  viewed_at: null,
  responded_at: null,
  response_note: null,
  response_ip: null,
} as const;

/** How long a new quote is valid for by default, in days from today (site time zone). */
export const DEFAULT_VALIDITY_DAYS = 14;

type Outcome<T> = ({ ok: true } & T) | (Refusal & { status: number });

/** A quote before its first save: what the editor starts from, for an inquiry or for a buyer the desk knows. */
export interface PrefilledQuote {
  inquiryId: string | null;
  fields: Pick<
    QuoteEditorValues,
    | "buyer_name"
    | "buyer_email"
    | "buyer_company"
    | "buyer_country"
    | "lang"
    | "currency"
    | "incoterm"
    | "named_port"
    | "payment_terms"
    | "lead_time"
    | "valid_until"
    | "notes"
  >;
  lines: TypedLine[];
}

/**
 * What a new quote starts from, nothing stored (it gets its number when first saved): from an inquiry, its buyer,
 * language, Incoterm and port, and its lines with the last price quoted for each product at that Incoterm and
 * currency; else an empty quote. Valid for DEFAULT_VALIDITY_DAYS from today in the site's time zone. Null when the
 * inquiry is gone.
 */
export async function prefilledQuote(
  db: Db,
  inquiryId: string | null,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<PrefilledQuote | null> {
  const fields: PrefilledQuote["fields"] = {
    buyer_name: "",
    buyer_email: "",
    buyer_company: "",
    buyer_country: "",
    lang: DEFAULT_LANGUAGE,
    currency: DEFAULT_CURRENCY,
    incoterm: "FOB",
    named_port: "",
    payment_terms: "",
    lead_time: "",
    valid_until: addDays(siteToday(now, timeZone), DEFAULT_VALIDITY_DAYS),
    notes: "",
  };
  if (!inquiryId) return { inquiryId: null, fields, lines: [] };
  const inquiry = await findInquiry(db, inquiryId);
  if (!inquiry) return null;
  const incoterm = (INCOTERMS as readonly string[]).includes(inquiry.incoterm ?? "") ? inquiry.incoterm! : "FOB";
  const asked = await listInquiryLines(db, inquiry.id);
  const prices = await lastQuotedPrices(
    db,
    asked.map((line) => line.product_id).filter((id): id is string => !!id),
    incoterm,
    DEFAULT_CURRENCY,
  );
  return {
    inquiryId: inquiry.id,
    fields: {
      ...fields,
      buyer_name: inquiry.full_name,
      buyer_email: inquiry.email,
      buyer_company: inquiry.company ?? "",
      buyer_country: inquiry.country ?? "",
      lang: isLanguage(inquiry.lang) ? inquiry.lang : DEFAULT_LANGUAGE,
      incoterm: incoterm as QuoteEditorValues["incoterm"],
      named_port: inquiry.destination_port ?? "",
    },
    lines: asked.map((line) => {
      const last = line.product_id ? prices.get(line.product_id) : undefined;
      return editorLine(line, last && last.unit === line.unit ? last.unit_price_minor : 0, DEFAULT_CURRENCY);
    }),
  };
}

/** A new quote's id as its page carries it (a UUID), so that a form sent twice saves one quote. */
const QUOTE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isQuoteKey = (key: unknown): key is string => typeof key === "string" && QUOTE_KEY.test(key);

/** Thrown inside the transaction to undo the year's number when the same new quote was saved meanwhile. */
class SavedMeanwhile extends Error {}

/**
 * A new quote's first save (issue 41): revision 1 under the year's next number, its terms and lines, in one
 * transaction; the number is taken only now, so an abandoned new quote uses none. `key` is the id the page gave
 * it: the same form sent again (a double click, a resend without JavaScript) finds the quote it saved.
 */
export async function createQuote(
  db: Db,
  actor: Actor,
  { key, inquiryId }: { key: string; inquiryId: string | null },
  values: QuoteEditorValues,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<Outcome<{ id: string; number: string; revision: number; existed: boolean }>> {
  const checked = checkLines(values);
  if (!checked.ok) return checked;
  const at = new Date(now).toISOString();
  const saved = () =>
    db.selectFrom("quotes").select(["id", "number", "revision"]).where("id", "=", key).executeTakeFirst();
  const before = await saved();
  if (before) return { ok: true, ...before, existed: true };
  try {
    return await db.transaction().execute(async (trx) => {
      if (inquiryId && !(await findInquiry(trx, inquiryId)))
        return refused(404, "Quote Not Saved", "The inquiry no longer exists.");
      const lines = await linkAndPrice(trx, checked.lines, values);
      const number = await nextYearlyNumber(trx, "quote_numbers", "Q", Number(siteToday(now, timeZone).slice(0, 4)));
      const inserted = await trx
        .insertInto("quotes")
        .values({
          id: key,
          number,
          revision: 1,
          inquiry_id: inquiryId,
          ...quoteColumns(values, lines),
          ...NOT_SENT,
          created_by_id: actor.id,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) throw new SavedMeanwhile();
      await insertLines(trx, key, lines);
      await logQuote(
        trx,
        actor,
        { id: key, number, revision: 1, inquiry_id: inquiryId },
        "quote-save",
        `${number} created`,
      );
      return { ok: true as const, id: key, number, revision: 1, existed: false };
    });
  } catch (error) {
    if (!(error instanceof SavedMeanwhile)) throw error;
    return { ok: true, ...(await saved())!, existed: true };
  }
}

/** The quote's own columns as the editor sets them, with the total of its checked lines. */
function quoteColumns(values: QuoteEditorValues, lines: ReadonlyArray<{ line_total_minor: number }>) {
  return {
    buyer_name: values.buyer_name,
    buyer_email: values.buyer_email,
    buyer_company: values.buyer_company || null,
    buyer_country: values.buyer_country || null,
    lang: values.lang,
    currency: values.currency,
    incoterm: values.incoterm,
    named_port: values.named_port,
    payment_terms: values.payment_terms,
    lead_time: values.lead_time,
    valid_until: values.valid_until,
    notes: values.notes,
    total_minor: quoteTotalMinor(lines),
  };
}

const SENT_WHILE_EDITING =
  "This revision was sent while you were editing: nothing was saved. Make a new revision to change it.";
/**
 * Saves the editor's buyer, terms and lines over a draft in one transaction. A sent quote is frozen (ADR 0039) in the
 * database (issue 38): the update is conditioned on the draft status, then lines replaced. `sending`: refused as sent.
 */
export async function saveQuoteDraft(
  db: Db,
  actor: Actor,
  id: string,
  values: QuoteEditorValues,
  { now, sending = false }: { now: number; sending?: boolean },
): Promise<Outcome<{ number: string; revision: number; allPriced: boolean; lineCount: number }>> {
  const checked = checkLines(values);
  if (!checked.ok) return checked;
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const lines = await linkAndPrice(trx, checked.lines, values);
    const quote = await trx
      .updateTable("quotes")
      .set({ ...quoteColumns(values, lines), updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning(["id", "number", "revision", "inquiry_id"])
      .executeTakeFirst();
    if (!quote) {
      const exists = await trx.selectFrom("quotes").select("id").where("id", "=", id).executeTakeFirst();
      if (!exists) return refused(404, "Quote Not Saved", "The quote no longer exists.");
      if (sending) return refused(409, "Quote Not Sent", "This revision was already sent.");
      return refused(409, "Quote Not Saved", SENT_WHILE_EDITING);
    }
    await trx.deleteFrom("quote_lines").where("quote_id", "=", id).execute();
    await insertLines(trx, id, lines);
    await logQuote(trx, actor, quote, "quote-save", `${quote.number} v${quote.revision} saved as a draft`);
    return {
      ok: true,
      number: quote.number,
      revision: quote.revision,
      allPriced: lines.every((line) => line.unit_price_minor > 0),
      lineCount: lines.length,
    };
  });
}

/**
 * A new revision of a sent or answered quote: a draft copy (same number, revision + 1) the desk edits and sends in
 * its place. The revision before stays as it was sent. Only the newest revision of a number can be revised, and
 * only once at a time: an open draft of the number is returned instead of a second one.
 */
export async function reviseQuote(
  db: Db,
  actor: Actor,
  id: string,
  { now }: { now: number },
): Promise<Outcome<{ id: string; revision: number }>> {
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const quote = await trx.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
    if (!quote) return refused(404, "Revision Not Created", "The quote no longer exists.");
    const newest = await trx
      .selectFrom("quotes")
      .select(["id", "revision", "status"])
      .where("number", "=", quote.number)
      .orderBy("revision", "desc")
      .executeTakeFirstOrThrow();
    if (newest.status === "draft") return { ok: true, id: newest.id, revision: newest.revision };
    if (newest.id !== quote.id)
      return refused(409, "Revision Not Created", `Revision v${newest.revision} is newer: revise that one.`);
    const revision = quote.revision + 1;
    const revisedId = newId();
    const { id: _id, status: _status, ...kept } = quote;
    await trx
      .insertInto("quotes")
      .values({
        ...kept,
        id: revisedId,
        revision,
        ...NOT_SENT,
        created_by_id: actor.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const lines = await trx.selectFrom("quote_lines").selectAll().where("quote_id", "=", quote.id).execute();
    if (lines.length)
      await trx
        .insertInto("quote_lines")
        .values(lines.map((line) => ({ ...line, id: newId(), quote_id: revisedId })))
        .execute();
    await logQuote(trx, actor, { ...quote, revision }, "quote-save", `${quote.number} v${revision} started`);
    return { ok: true, id: revisedId, revision };
  });
}

/** Deletes a draft never sent, by a delete conditioned on it: a sent revision is what the buyer was offered. */
export async function deleteQuoteDraft(db: Db, actor: Actor, id: string): Promise<Outcome<{ number: string }>> {
  return db.transaction().execute(async (trx) => {
    const quote = await trx.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
    if (!quote) return refused(404, "Draft Not Deleted", "The quote no longer exists.");
    const deleted = await trx
      .deleteFrom("quotes")
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (!Number(deleted.numDeletedRows))
      return refused(409, "Draft Not Deleted", "A sent quote is kept as it was sent.");
    await logQuote(trx, actor, quote, "quote-save", `${quote.number} v${quote.revision} draft deleted`);
    return { ok: true, number: quote.number };
  });
}
