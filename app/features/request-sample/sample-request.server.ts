import type { Db } from "~/db/database.server";
import type { InquiryIntake } from "~/features/inquiries/intake.server";
import { inquiryReference, lineQuantityIn } from "~/features/inquiries/quote-text";
import type { Translate } from "~/features/i18n/translate";
import { isQuoteId } from "~/features/request-quote/quote-ids";
import { localizeProductNames } from "~/features/translations/catalogue.server";
import { buyerKeys } from "~/lib/buyer-keys";
import { countryCodeOf, countryIn, countryName } from "~/lib/country";
import type { Language } from "~/lib/i18n/languages";
import { newId } from "~/lib/time";
import { kgText, sampleFormIn, sampleSubject, type sampleForm, type SampleInput } from "./sample-request.schema";
import { publicProduct } from "~/features/publishing/visibility.server";

/**
 * A sample request (issue 28): an inquiry of kind 'sample' whose one line is the product and its kilograms, with
 * the courier address beside the buyer's details. Received like every buyer's form (`receiveInquiry`: the honeypot,
 * the schema, the rate limit shared with the contact form and quote requests, the reply's due time), then the team's
 * notification and the buyer's receipt.
 */

/** A published product (in a published category), as the form offers it. */
const publishedProducts = (db: Db) =>
  db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.id", "products.name"])
    // A draft is offered nowhere (ADR 0033): as gone as a deleted product.
    .where(publicProduct);

/** Every product a sample may be asked of, named in `lang` (each falling back to English), in that language's order. */
export async function listSampleProducts(db: Db, lang: Language) {
  const rows = await publishedProducts(db).orderBy("products.name").execute();
  const named = await localizeProductNames(db, lang, rows);
  const collator = new Intl.Collator(lang);
  return named.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

export const sampleRequestIntake: InquiryIntake<
  typeof sampleForm.schema,
  { fields: SampleInput; product: { id: string; name: string } }
> = {
  form: sampleFormIn,
  prepare: async (db, fields, _form, t) => {
    const product = isQuoteId(fields.product_id)
      ? await publishedProducts(db).where("products.id", "=", fields.product_id).executeTakeFirst()
      : undefined;
    if (!product)
      return {
        ok: false,
        title: t("forms.refusal.productGone.title"),
        message: t("forms.sample.productGone"),
        field: "product_id",
      };
    return { ok: true, ready: { fields, product } };
  },
  // In the intake\'s transaction, with its emails (ADR 0048).
  store: async (trx, { fields, product }, row) => {
    const kg = kgText(fields.quantity_kg);
    await trx
      .insertInto("inquiries")
      .values({
        ...row,
        kind: "sample",
        ...buyerKeys(fields.email, fields.company),
        full_name: fields.full_name,
        email: fields.email,
        phone: fields.phone,
        // The product's English name, as the team's list and notification read it.
        subject: sampleSubject(product.name, kg),
        message: fields.message,
        // As a contact message from a product's page names it: the list's search and the inquiry page read it.
        product_name: product.name,
        page_path: null,
        company: fields.company,
        // The code chosen; the English name as the team's list, emails and quotes read it.
        country: countryName(fields.country),
        country_code: fields.country,
        courier_address: fields.courier_address,
      })
      .execute();
    await trx
      .insertInto("inquiry_lines")
      .values({
        id: newId(),
        inquiry_id: row.id,
        position: 0,
        product_id: product.id,
        product_name: product.name,
        quantity: kg,
        unit: "kg",
        grade: null,
        packaging: null,
      })
      .execute();
    return { kind: "sample", email: fields.email, products: [product.id] };
  },
  notSaved: {
    title: "forms.refusal.requestNotSent.title",
    message: "forms.refusal.requestNotSent.message",
    log: "[samples] could not store a sample request",
  },
};

/**
 * What the page says after sending: the stored request as the buyer sent it, the product named in the page's
 * language. Only the response to the buyer's own POST carries it (never a URL or a cached page).
 */
export async function sampleSummary(db: Db, id: string, lang: Language, t: Translate) {
  const found = await db
    .selectFrom("inquiries")
    .innerJoin("inquiry_lines", "inquiry_lines.inquiry_id", "inquiries.id")
    .select([
      "inquiries.id",
      "inquiries.full_name",
      "inquiries.email",
      "inquiries.company",
      "inquiries.phone",
      "inquiries.country",
      "inquiries.country_code",
      "inquiries.courier_address",
      "inquiries.message",
      "inquiry_lines.product_id",
      "inquiry_lines.product_name",
      "inquiry_lines.quantity",
      "inquiry_lines.unit",
    ])
    .where("inquiries.id", "=", id)
    .where("inquiries.kind", "=", "sample")
    .executeTakeFirst();
  if (!found) return null;
  const [product] = await localizeProductNames(db, lang, [{ id: found.product_id ?? "", name: found.product_name }]);
  return {
    reference: inquiryReference(found.id),
    product: product.name,
    quantity: lineQuantityIn(t, found),
    fullName: found.full_name,
    email: found.email,
    company: found.company ?? "",
    phone: found.phone,
    country: countryIn(lang, found.country_code, found.country),
    courierAddress: found.courier_address ?? "",
    message: found.message,
  };
}

export type SampleSummary = NonNullable<Awaited<ReturnType<typeof sampleSummary>>>;

/**
 * A robot's (the honeypot filled) answer, made like a buyer's from what it sent and a reference to nothing: it
 * cannot tell that nothing was kept (ADR 0011).
 */
export function robotSummary(form: FormData, t: Translate, lang: Language): SampleSummary {
  const text = (name: string, max = 200) => String(form.get(name) ?? "").slice(0, max);
  const kg = Number(text("quantity_kg", 20));
  return {
    reference: inquiryReference(newId()),
    product: "",
    quantity: Number.isFinite(kg) && kg > 0 ? lineQuantityIn(t, { quantity: kgText(kg), unit: "kg" }) : "",
    fullName: text("full_name"),
    email: text("email"),
    company: text("company"),
    phone: text("phone"),
    country: countryIn(lang, countryCodeOf(text("country")), text("country")),
    courierAddress: text("courier_address", 500),
    message: text("message", 2000),
  };
}
