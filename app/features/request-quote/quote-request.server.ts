import type { Db } from "~/db/database.server";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import type { InquiryIntake } from "~/features/inquiries/intake.server";
import { buyerKeys } from "~/lib/buyer-keys";
import { countryName } from "~/lib/country";
import type { Translate } from "~/features/i18n/translate";
import type { Refusal } from "~/lib/forms/submission";
import { newId } from "~/lib/time";
import {
  lineField,
  quoteFormIn,
  quoteRequestOf,
  type quoteForm,
  quoteSubject,
  type QuoteLineInput,
  type QuoteRequestInput,
} from "./quote-request.schema";
import { publicProduct } from "~/features/publishing/visibility.server";

type CheckedLine = QuoteLineInput & { name: string };

/**
 * A quote request: its products checked against the catalogue (each still there; a grade and a packaging only from
 * that product's own lists) before the sender is counted (the contact form's rate limit, ADR 0011), then the
 * inquiry of kind 'quote' and its lines in one transaction. The team's notification and the buyer's receipt follow.
 */
export const quoteRequestIntake: InquiryIntake<
  typeof quoteForm.schema,
  { request: QuoteRequestInput; lines: CheckedLine[] }
> = {
  form: quoteFormIn,
  formName: "send",
  prepare: async (db, value, _form, t) => {
    const request = quoteRequestOf(value);
    const lines = await checkLines(db, request, t);
    return Array.isArray(lines) ? { ok: true, ready: { request, lines } } : lines;
  },
  // In the intake\'s transaction, with its emails (ADR 0048).
  store: async (trx, { request, lines }, row) => {
    await trx
      .insertInto("inquiries")
      .values({
        ...row,
        kind: "quote",
        // One importer's requests are grouped by these (issue 28, "Buyers").
        ...buyerKeys(request.email, request.company),
        full_name: request.full_name,
        email: request.email,
        phone: request.phone,
        subject: quoteSubject(lines.map((line) => line.name)),
        message: request.message,
        product_name: null,
        page_path: null,
        company: request.company,
        // The code chosen; the English name as the team's list, emails and quotes read it.
        country: countryName(request.country),
        country_code: request.country,
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
          inquiry_id: row.id,
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
    return { kind: "quote", email: request.email, products: lines.map((line) => line.productId) };
  },
  notSaved: {
    title: "forms.refusal.requestNotSent.title",
    message: "forms.refusal.requestNotSent.message",
    log: "[quotes] could not store a quote request",
  },
};

/** Each line with its product's name from the catalogue, or why the request cannot be taken as it is. */
async function checkLines(db: Db, request: QuoteRequestInput, t: Translate): Promise<CheckedLine[] | Refusal> {
  const ids = request.lines.map((line) => line.productId);
  const products = await db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.id", "products.name", "products.trade_terms"])
    .where("products.id", "in", ids)
    // A draft is not quoted: as gone as a deleted product (ADR 0033).
    .where(publicProduct)
    .execute();
  const byId = new Map(products.map((p) => [p.id, { name: p.name, terms: parseTradeTerms(p.trade_terms) }]));
  const lines: CheckedLine[] = [];
  for (const line of request.lines) {
    const product = byId.get(line.productId);
    if (!product) {
      return refused({
        title: t("forms.refusal.productGone.title"),
        message: t("forms.refusal.productGone.message"),
      });
    }
    if (line.grade !== null && !product.terms.grades.includes(line.grade)) {
      return refused({
        title: t("forms.refusal.invalidChoice"),
        message: t("forms.refusal.grade", { product: product.name }),
        field: lineField("grade", line.index),
      });
    }
    if (line.packaging !== null && !product.terms.packaging.includes(line.packaging)) {
      return refused({
        title: t("forms.refusal.invalidChoice"),
        message: t("forms.refusal.packaging", { product: product.name }),
        field: lineField("packaging", line.index),
      });
    }
    lines.push({ ...line, name: product.name });
  }
  if (new Set(ids).size !== ids.length) {
    return refused({ title: t("forms.refusal.invalidChoice"), message: t("forms.refusal.duplicate") });
  }
  return lines;
}

const refused = (refusal: Omit<Refusal, "ok">): Refusal => ({ ok: false, ...refusal });
