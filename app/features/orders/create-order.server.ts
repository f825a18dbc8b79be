import { randomBytes } from "node:crypto";
import type { Db } from "~/db/database.server";
import { nextYearlyNumber } from "~/db/yearly-numbers.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { siteToday } from "~/lib/site-time";
import { newId } from "~/lib/time";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { logOrder } from "./order-log.server";

type Outcome<T> = ({ ok: true } & T) | (Refusal & { status: number });

/** The Site Settings key holding the exporter's bank details, as the proforma prints them (issue 44). */
export const BANK_DETAILS_KEY = "bank_details";

/** The consignee an order starts with: the buyer's company (or name) and country, as a document prints it. */
export const buyerParty = (quote: { buyer_name: string; buyer_company: string | null; buyer_country: string | null }) =>
  [quote.buyer_company || quote.buyer_name, quote.buyer_country].filter(Boolean).join("\n");

class MadeMeanwhile extends Error {}

/**
 * 'Create Order' on an accepted quote (issue 44): the accepted revision's buyer, lines, prices, currency, Incoterm
 * and named port copied into an order that no later change to the quote or the catalogue alters; each line's HS
 * code as the product had it. One order per quote: a second click, or another instance at the same moment, gets the
 * order already made (`existed`), and its number is never spent.
 */
export async function createOrder(
  db: Db,
  actor: Actor,
  quoteId: string,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<Outcome<{ id: string; number: string; existed: boolean }>> {
  const made = () =>
    db.selectFrom("orders").select(["id", "number"]).where("quote_id", "=", quoteId).executeTakeFirst();
  const before = await made();
  if (before) return { ok: true, ...before, existed: true };
  const at = new Date(now).toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const quote = await trx.selectFrom("quotes").selectAll().where("id", "=", quoteId).executeTakeFirst();
      if (!quote) return { ok: false, status: 404, title: "Order Not Created", message: "The quote no longer exists." };
      if (quote.status !== "accepted")
        return {
          ok: false,
          status: 409,
          title: "Order Not Created",
          message: "Only a quote the buyer has accepted becomes an order.",
        };
      const lines = await trx
        .selectFrom("quote_lines")
        .leftJoin("products", "products.id", "quote_lines.product_id")
        .select([
          "quote_lines.position",
          "quote_lines.product_id",
          "quote_lines.product_name",
          "quote_lines.grade",
          "quote_lines.packaging",
          "quote_lines.quantity",
          "quote_lines.unit",
          "quote_lines.unit_price_minor",
          "quote_lines.line_total_minor",
          "products.trade_terms",
        ])
        .where("quote_lines.quote_id", "=", quoteId)
        .orderBy("quote_lines.position")
        .execute();
      const bank = await trx
        .selectFrom("site_settings")
        .select("setting_value")
        .where("setting_key", "=", BANK_DETAILS_KEY)
        .executeTakeFirst();
      const id = newId();
      const number = await nextYearlyNumber(trx, "order_numbers", "SO", Number(siteToday(now, timeZone).slice(0, 4)));
      const party = buyerParty(quote);
      const inserted = await trx
        .insertInto("orders")
        .values({
          id,
          number,
          quote_id: quote.id,
          quote_number: quote.number,
          quote_revision: quote.revision,
          inquiry_id: quote.inquiry_id,
          status: "confirmed",
          buyer_name: quote.buyer_name,
          buyer_email: quote.buyer_email,
          buyer_company: quote.buyer_company,
          buyer_country: quote.buyer_country,
          lang: quote.lang,
          consignee: party,
          notify_party: party,
          currency: quote.currency,
          incoterm: quote.incoterm,
          named_port: quote.named_port,
          total_minor: quote.total_minor,
          advance_percent: 0,
          advance_due_date: null,
          balance_terms: "documents",
          balance_due_date: null,
          lc_number: null,
          lc_issuing_bank: null,
          lc_expiry_date: null,
          lc_latest_shipment_date: null,
          lc_usance_days: null,
          bank_details: bank?.setting_value ?? "",
          token: randomBytes(24).toString("base64url"),
          version: 1,
          created_by_id: actor.id,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column("quote_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      // Made by another request meanwhile: this transaction (and the number it took) is rolled back.
      if (!inserted) throw new MadeMeanwhile();
      if (lines.length)
        await trx
          .insertInto("order_lines")
          .values(
            lines.map((line) => ({
              id: newId(),
              order_id: id,
              position: line.position,
              product_id: line.product_id,
              product_name: line.product_name,
              grade: line.grade,
              packaging: line.packaging,
              hs_code: line.trade_terms ? parseTradeTerms(line.trade_terms).hs_code : null,
              quantity: line.quantity,
              unit: line.unit,
              unit_price_minor: line.unit_price_minor,
              line_total_minor: line.line_total_minor,
            })),
          )
          .execute();
      await logOrder(
        trx,
        actor,
        { id, number, inquiry_id: quote.inquiry_id },
        "order-create",
        `${number} created from ${quote.number} v${quote.revision}`,
        { at },
      );
      return { ok: true as const, id, number, existed: false };
    });
  } catch (error) {
    if (!(error instanceof MadeMeanwhile)) throw error;
    return { ok: true, ...(await made())!, existed: true };
  }
}
