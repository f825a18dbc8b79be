import { z } from "zod";
import {
  INCOTERMS,
  MAX_TERM_ITEM_LENGTH,
  QUANTITY_UNITS,
  type Incoterm,
  type QuantityUnit,
} from "~/features/catalogue/trade-terms/vocabulary";
import { buyerRules, MESSAGE_MAX, perTranslator } from "~/features/inquiries/contact.schema";
import { defineForm, missingFieldsToast } from "~/lib/forms/submission";
import { QUOTE_LIST_MAX } from "~/features/request-quote/quote-ids";
import { lineField } from "~/features/request-quote/line-fields";

export { QUOTE_LIST_MAX } from "~/features/request-quote/quote-ids";

/** Largest quantity a line may ask for (in any unit). */
export const QUANTITY_MAX = 1_000_000;

/** The form's fields for line `i` (one product): named per position, so each has its own message and value. */
export { lineField } from "~/features/request-quote/line-fields";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** This month, YYYY-MM (UTC): the earliest delivery month a buyer may ask for. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

export interface QuoteLineInput {
  /** The line's position in the form (its fields are `quantity_{index}`...). */
  index: number;
  productId: string;
  /** A positive decimal number as text, e.g. "25" or "2.5". */
  quantity: string;
  unit: QuantityUnit;
  grade: string | null;
  packaging: string | null;
}

/**
 * The quote request (spec: company, full name, email, country and at least one product with a quantity are
 * required), its messages in `t`'s language. The buyer's own fields reuse the contact form's rules and messages;
 * each product of the list is a line of fields named by its position (`quantity_0`, `unit_0`...). Whether a grade
 * or packaging is one of that product's own options only the database knows: `sendQuoteRequest` checks it.
 */
export const quoteFormIn = perTranslator((t) => {
  const rules = buyerRules(t);
  const quantity = z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b !== "string") return b;
      const n = Number(b.trim());
      return Number.isFinite(n) ? n : b;
    },
    z
      .number({ error: t("forms.error.quantityNumber") })
      .positive(t("forms.error.quantityPositive"))
      .max(QUANTITY_MAX, t("forms.error.quantityMax", { max: QUANTITY_MAX }))
      .optional(),
  );
  const option = (field: "forms.field.grade" | "forms.field.packaging") =>
    z
      .string()
      .trim()
      .max(MAX_TERM_ITEM_LENGTH, rules.tooLong(field))
      .optional()
      .transform((v) => v || null);
  const lineShape = Object.fromEntries(
    Array.from({ length: QUOTE_LIST_MAX }, (_, i) => [
      [lineField("product_id", i), z.string().trim().max(64).optional()],
      [lineField("quantity", i), quantity],
      [lineField("unit", i), z.string().optional()],
      [lineField("grade", i), option("forms.field.grade")],
      [lineField("packaging", i), option("forms.field.packaging")],
    ]).flat(),
  ) as Record<string, z.ZodType>;
  const unitMessage = t("forms.error.unit", { units: QUANTITY_UNITS.join(", ") });
  const quantityRequired = rules.requiredMessage("forms.field.quantity");
  const month = { field: t("forms.field.deliveryMonth") };
  return defineForm(
    z
      .object({
        ...lineShape,
        company: rules.required("forms.field.company", 200).pipe(rules.oneLine("forms.field.company")),
        ...rules.buyerFields,
        country: rules.country,
        destination_port: z
          .string()
          .trim()
          .max(120, rules.tooLong("forms.field.destinationPort"))
          .pipe(rules.oneLine("forms.field.destinationPort"))
          .optional()
          .default(""),
        incoterm: z
          .string()
          .optional()
          .refine(
            (v) => !v || INCOTERMS.includes(v as Incoterm),
            t("forms.error.incoterm", { incoterms: INCOTERMS.join(", ") }),
          )
          .transform((v) => (v ? (v as Incoterm) : null)),
        delivery_month: z
          .string()
          .trim()
          .optional()
          .refine((v) => !v || MONTH.test(v), t("forms.error.monthFormat", month))
          .refine((v) => !v || !MONTH.test(v) || v >= currentMonth(), t("forms.error.monthPast", month))
          .transform((v) => v || null),
        message: z
          .string()
          .trim()
          .max(MESSAGE_MAX, rules.tooLong("forms.field.message"))
          .regex(...rules.messageCharacters)
          .optional()
          .transform((v) => v ?? ""),
      })
      .superRefine((values, ctx) => {
        const v = values as Record<string, unknown>;
        let lines = 0;
        for (let i = 0; i < QUOTE_LIST_MAX; i++) {
          if (!v[lineField("product_id", i)]) continue;
          lines++;
          if (v[lineField("quantity", i)] === undefined)
            ctx.addIssue({ code: "custom", path: [lineField("quantity", i)], message: quantityRequired });
          if (!QUANTITY_UNITS.includes(v[lineField("unit", i)] as QuantityUnit))
            ctx.addIssue({ code: "custom", path: [lineField("unit", i)], message: unitMessage });
        }
        if (!lines) ctx.addIssue({ code: "custom", path: [""], message: t("forms.error.noProducts") });
      }),
    missingFieldsToast(t("forms.quote.requiredFields"), t("forms.toast.missingFields"), rules.isRequiredMessage),
    // A line's quantity is required by the form's rule above, not its own: the browser's check says it the same.
    { requiredMessage: (name) => (name.startsWith("quantity_") ? quantityRequired : undefined) },
  );
});

/** The quote request in English (the spec's words). */
export const quoteForm = quoteFormIn();

type QuoteFormValues = z.output<typeof quoteForm.schema>;

/** The checked form as a request: its lines in the list's order, and the buyer's details. */
export function quoteRequestOf(values: QuoteFormValues) {
  const v = values as Record<string, unknown>;
  const lines: QuoteLineInput[] = [];
  for (let i = 0; i < QUOTE_LIST_MAX; i++) {
    const productId = v[lineField("product_id", i)] as string | undefined;
    if (!productId) continue;
    lines.push({
      index: i,
      productId,
      quantity: String(Math.round((v[lineField("quantity", i)] as number) * 1000) / 1000),
      unit: v[lineField("unit", i)] as QuantityUnit,
      grade: v[lineField("grade", i)] as string | null,
      packaging: v[lineField("packaging", i)] as string | null,
    });
  }
  const { company, full_name, email, phone, country, destination_port, incoterm, delivery_month, message } = values;
  return { lines, company, full_name, email, phone, country, destination_port, incoterm, delivery_month, message };
}

export type QuoteRequestInput = ReturnType<typeof quoteRequestOf>;

/** The subject a quote request is stored (and emailed) under: its products' names, within the subject's limit. */
export function quoteSubject(names: string[]): string {
  const prefix = "Quote request: ";
  const max = 200 - prefix.length;
  let text = "";
  for (const [i, name] of names.entries()) {
    const next = text ? `${text}, ${name}` : name;
    const rest = names.length - i - 1;
    const tail = rest ? ` and ${rest} more` : "";
    if (next.length + tail.length > max) {
      const left = names.length - i;
      return `${prefix}${text ? `${text} and ${left} more` : `${name.slice(0, max - 1)}…`}`;
    }
    text = next;
  }
  return prefix + text;
}
