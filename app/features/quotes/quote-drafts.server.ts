import type { Db } from "~/db/database.server";
import type { QuoteLine } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { siteToday } from "~/lib/site-time";
import { addDays, newId } from "~/lib/time";
import { findInquiry, listInquiryLines } from "~/features/inquiries/inquiry-reads.server";
import { INCOTERMS } from "~/features/catalogue/trade-terms/vocabulary";
import { DEFAULT_CURRENCY, lineTotalMinor, parsePriceMinor, quoteTotalMinor } from "~/lib/money";
import {
  isQuantityUnit,
  QUANTITY_PATTERN,
  QUOTE_LINES_MAX,
  typedLines,
  type QuoteEditorValues,
} from "./quote-editor.schema";
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
const refused = (status: number, title: string, message: string, field?: string) =>
  ({ ok: false, status, title, message, field }) as const;

/**
 * The next number of the year, `Q-2026-0001`: one upsert that raises the year's counter and returns it, so two
 * administrators saving at once get two numbers on both engines.
 */
async function nextQuoteNumber(db: Db, year: number): Promise<string> {
  const row = await db
    .insertInto("quote_numbers")
    .values({ year, last: 1 })
    .onConflict((conflict) => conflict.column("year").doUpdateSet((eb) => ({ last: eb("quote_numbers.last", "+", 1) })))
    .returning("last")
    .executeTakeFirstOrThrow();
  return `Q-${year}-${String(row.last).padStart(4, "0")}`;
}

/** Where a new quote comes from: an inquiry (its buyer and lines), or a known buyer typed by the desk. */
export type QuoteSource =
  { inquiryId: string } | { buyer: { name: string; email: string; company: string; country: string; lang: string } };

/**
 * A new draft (revision 1, a new number): from an inquiry, its buyer, language, Incoterm and port, and its lines
 * with the last price quoted for each product at that Incoterm and currency; or an empty quote for a known buyer.
 * Valid for DEFAULT_VALIDITY_DAYS from today in the site's time zone.
 */
export async function createQuoteDraft(
  db: Db,
  actor: Actor,
  source: QuoteSource,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<Outcome<{ id: string }>> {
  const at = new Date(now).toISOString();
  const today = siteToday(now, timeZone);
  return db.transaction().execute(async (trx) => {
    let buyer: { name: string; email: string; company: string | null; country: string | null; lang: string };
    let inquiryId: string | null = null;
    let incoterm = "FOB";
    let port = "";
    let lines: Array<Omit<QuoteLine, "id" | "quote_id" | "position">> = [];
    if ("inquiryId" in source) {
      const inquiry = await findInquiry(trx, source.inquiryId);
      if (!inquiry) return refused(404, "Quote Not Created", "The inquiry no longer exists.");
      inquiryId = inquiry.id;
      buyer = {
        name: inquiry.full_name,
        email: inquiry.email,
        company: inquiry.company,
        country: inquiry.country,
        lang: inquiry.lang,
      };
      if (inquiry.incoterm && (INCOTERMS as readonly string[]).includes(inquiry.incoterm)) incoterm = inquiry.incoterm;
      port = inquiry.destination_port ?? "";
      const asked = await listInquiryLines(trx, inquiry.id);
      const prices = await lastQuotedPrices(
        trx,
        asked.map((line) => line.product_id).filter((id): id is string => !!id),
        incoterm,
        DEFAULT_CURRENCY,
      );
      lines = asked.map((line) => {
        const last = line.product_id ? prices.get(line.product_id) : undefined;
        const price = last && last.unit === line.unit ? last.unit_price_minor : 0;
        return {
          product_id: line.product_id,
          product_name: line.product_name,
          grade: line.grade,
          packaging: line.packaging,
          quantity: line.quantity,
          unit: line.unit,
          unit_price_minor: price,
          line_total_minor: lineTotalMinor(line.quantity, price),
        };
      });
    } else {
      const { name, email, company, country, lang } = source.buyer;
      buyer = { name, email, company: company || null, country: country || null, lang };
    }
    const id = newId();
    const number = await nextQuoteNumber(trx, Number(today.slice(0, 4)));
    await trx
      .insertInto("quotes")
      .values({
        id,
        number,
        revision: 1,
        inquiry_id: inquiryId,
        buyer_name: buyer.name,
        buyer_email: buyer.email,
        buyer_company: buyer.company,
        buyer_country: buyer.country,
        lang: isLanguage(buyer.lang) ? buyer.lang : DEFAULT_LANGUAGE,
        currency: DEFAULT_CURRENCY,
        incoterm,
        named_port: port,
        valid_until: addDays(today, DEFAULT_VALIDITY_DAYS),
        total_minor: quoteTotalMinor(lines),
        ...NOT_SENT,
        created_by_id: actor.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    if (lines.length)
      await trx
        .insertInto("quote_lines")
        .values(lines.map((line, position) => ({ ...line, id: newId(), quote_id: id, position })))
        .execute();
    await logQuote(trx, actor, { id, number, revision: 1, inquiry_id: inquiryId }, "quote-save", `${number} created`);
    return { ok: true, id };
  });
}

/** The last price sent per product at an Incoterm and currency (ADR 0039), by product id. */
export async function lastQuotedPrices(db: Db, productIds: string[], incoterm: string, currency: string) {
  if (!productIds.length) return new Map<string, { unit: string; unit_price_minor: number }>();
  const rows = await db
    .selectFrom("product_quoted_prices")
    .select(["product_id", "unit", "unit_price_minor"])
    .where("product_id", "in", productIds)
    .where("incoterm", "=", incoterm)
    .where("currency", "=", currency)
    .execute();
  return new Map(rows.map((row) => [row.product_id, row]));
}

/** A checked line, ready to store; `priced` false while the desk has not given its price (a draft may say so). */
interface CheckedLine extends Omit<QuoteLine, "id" | "quote_id" | "position"> {
  priced: boolean;
}

/** The editor's lines checked: each names the line it is about ("Line 2: …"). */
function checkLines(values: QuoteEditorValues): { ok: true; lines: CheckedLine[] } | (Refusal & { status: number }) {
  const typed = typedLines(values);
  if (typed.length > QUOTE_LINES_MAX)
    return refused(400, "Quote Not Saved", `A quote holds at most ${QUOTE_LINES_MAX} lines.`);
  const lines: CheckedLine[] = [];
  for (const [i, line] of typed.entries()) {
    const where = `Line ${i + 1}`;
    if (!line.name) return refused(400, "Quote Not Saved", `${where}: the product is required.`);
    const quantity = line.quantity.replace(/,/g, "");
    if (!QUANTITY_PATTERN.test(quantity))
      return refused(400, "Quote Not Saved", `${where}: the quantity must be a number above 0.`);
    if (!isQuantityUnit(line.unit)) return refused(400, "Quote Not Saved", `${where}: choose a unit.`);
    let price = 0;
    if (line.price) {
      const parsed = parsePriceMinor(line.price, values.currency);
      if (parsed === null)
        return refused(
          400,
          "Quote Not Saved",
          `${where}: the unit price must be an amount in ${values.currency}, such as 1250.50.`,
        );
      price = parsed;
    }
    lines.push({
      product_id: line.productId || null,
      product_name: line.name,
      grade: line.grade || null,
      packaging: line.packaging || null,
      quantity,
      unit: line.unit,
      unit_price_minor: price,
      line_total_minor: lineTotalMinor(quantity, price),
      priced: !!line.price && price > 0,
    });
  }
  return { ok: true, lines };
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
    const lines = (await linkAndPrice(trx, checked.lines, values)).map(({ priced: _priced, ...line }, position) => ({
      ...line,
      id: newId(),
      quote_id: id,
      position,
    }));
    const quote = await trx
      .updateTable("quotes")
      .set({
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
        updated_at: at,
      })
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
    if (lines.length) await trx.insertInto("quote_lines").values(lines).execute();
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
 * Lines as the desk left them, tied to the catalogue: a line typed with a product's exact name (any case) is that
 * product's; an id that no longer exists is dropped; and a product's line left without a price gets the last price
 * sent for it at the quote's Incoterm and currency, when that was for the same unit.
 */
async function linkAndPrice(db: Db, lines: CheckedLine[], values: QuoteEditorValues): Promise<CheckedLine[]> {
  const ids = lines.map((line) => line.product_id).filter((v): v is string => !!v);
  const names = lines.filter((line) => !line.product_id).map((line) => line.product_name.toLowerCase());
  const found =
    ids.length || names.length
      ? await db
          .selectFrom("products")
          .select(["id", "name"])
          .where((eb) =>
            eb.or([
              ...(ids.length ? [eb("id", "in", ids)] : []),
              ...(names.length ? [eb(eb.fn("lower", ["name"]), "in", names)] : []),
            ]),
          )
          .execute()
      : [];
  const byId = new Set(found.map((row) => row.id));
  const byName = new Map(found.map((row) => [row.name.toLowerCase(), row.id]));
  const linked = lines.map((line) => ({
    ...line,
    product_id:
      line.product_id && byId.has(line.product_id)
        ? line.product_id
        : (byName.get(line.product_name.toLowerCase()) ?? null),
  }));
  const unpriced = linked
    .filter((line) => line.product_id && line.unit_price_minor === 0)
    .map((line) => line.product_id!);
  const last = await lastQuotedPrices(db, unpriced, values.incoterm, values.currency);
  return linked.map((line) => {
    const price = line.product_id && line.unit_price_minor === 0 ? last.get(line.product_id) : undefined;
    if (!price || price.unit !== line.unit) return line;
    return {
      ...line,
      unit_price_minor: price.unit_price_minor,
      line_total_minor: lineTotalMinor(line.quantity, price.unit_price_minor),
      priced: true,
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
