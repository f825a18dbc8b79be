import type { Db } from "~/db/database.server";
import { parseTradeTerms } from "~/features/catalogue/trade-terms";
import { admitSender, receivedInquiry, type SubmitResult } from "~/features/inquiries/intake.server";
import type { Refusal } from "~/lib/forms/submission";
import { newId } from "~/lib/time";
import { lineField, quoteSubject, type QuoteLineInput, type QuoteRequestInput } from "./quote.schema";
import { log } from "~/lib/log.server";

export type SendQuoteResult = SubmitResult | { kind: "refused"; refusal: Refusal };

/**
 * Stores one quote request: its products checked against the catalogue (each still there; a grade and a packaging
 * only from that product's own lists), then the contact form's rate limit (ADR 0011, the same count per sender),
 * then the inquiry of kind 'quote' and its lines in one transaction. `mail`: the team's notification and the
 * buyer's receipt are to be sent.
 */
export async function sendQuoteRequest(
  db: Db,
  request: QuoteRequestInput,
  sender: { ip: string },
  mail: boolean,
): Promise<SendQuoteResult> {
  try {
    const ids = request.lines.map((line) => line.productId);
    const products = await db
      .selectFrom("products")
      .select(["id", "name", "trade_terms"])
      .where("id", "in", ids)
      .execute();
    const byId = new Map(products.map((p) => [p.id, { name: p.name, terms: parseTradeTerms(p.trade_terms) }]));
    const lines: Array<QuoteLineInput & { name: string }> = [];
    for (const line of request.lines) {
      const product = byId.get(line.productId);
      if (!product) {
        return refused({
          title: "Product Not Available",
          message: "A product of your list is no longer in our catalogue. Please look at your list again.",
        });
      }
      if (line.grade !== null && !product.terms.grades.includes(line.grade)) {
        return refused({
          title: "Invalid Choice",
          message: `Choose one of the grades offered for ${product.name}.`,
          field: lineField("grade", line.index),
        });
      }
      if (line.packaging !== null && !product.terms.packaging.includes(line.packaging)) {
        return refused({
          title: "Invalid Choice",
          message: `Choose one of the packaging options offered for ${product.name}.`,
          field: lineField("packaging", line.index),
        });
      }
      lines.push({ ...line, name: product.name });
    }
    if (new Set(ids).size !== ids.length) {
      return refused({ title: "Invalid Choice", message: "Each product may appear once in a quote request." });
    }

    const admitted = await admitSender(db, sender.ip);
    if (!admitted.allowed) return { kind: "limited", retryAfter: admitted.retryAfter };
    const row = receivedInquiry(admitted.ipHash, mail);
    const id = row.id;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("inquiries")
        .values({
          ...row,
          // The buyer's receipt is due with the team's notification (the per-recipient limit is counted when sent).
          receipt_due_at: row.notify_due_at,
          kind: "quote",
          full_name: request.full_name,
          email: request.email,
          phone: request.phone,
          subject: quoteSubject(lines.map((line) => line.name)),
          message: request.message,
          product_name: null,
          page_path: null,
          company: request.company,
          country: request.country,
          destination_port: request.destination_port || null,
          incoterm: request.incoterm,
          delivery_month: request.delivery_month,
        })
        .execute();
      await trx
        .insertInto("inquiry_lines")
        .values(
          lines.map((line, position) => ({
            id: newId(),
            inquiry_id: id,
            position,
            product_id: line.productId,
            product_name: line.name,
            quantity: line.quantity,
            unit: line.unit,
            grade: line.grade,
            packaging: line.packaging,
          })),
        )
        .execute();
    });
    return { kind: "stored", id };
  } catch (error) {
    log.error("[quotes] could not store a quote request", error);
    return { kind: "failed" };
  }
}

const refused = (refusal: Omit<Refusal, "ok">): SendQuoteResult => ({
  kind: "refused",
  refusal: { ok: false, ...refusal },
});

/** A stored quote request with its lines, in their order. */
export async function findQuoteRequest(db: Db, id: string) {
  const inquiry = await db
    .selectFrom("inquiries")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", "quote")
    .executeTakeFirst();
  if (!inquiry) return null;
  const lines = await db
    .selectFrom("inquiry_lines")
    .select(["product_name", "quantity", "unit", "grade", "packaging"])
    .where("inquiry_id", "=", id)
    .orderBy("position")
    .execute();
  return { inquiry, lines };
}
