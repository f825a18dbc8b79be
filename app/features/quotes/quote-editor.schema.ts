import { z } from "zod";
import { INCOTERMS, QUANTITY_UNITS } from "~/features/catalogue/trade-terms/vocabulary";
import { defineForm, firstError, optionalDate, text } from "~/lib/forms/submission";
import { QUOTE_CURRENCIES } from "~/lib/money";
import { buyerShape } from "./new-quote.schema";

/** The most lines one quote holds: a container's mixed load, with room to spare. */
export const QUOTE_LINES_MAX = 40;
export const QUOTE_NOTES_MAX = 3000;

/** The longest value of each field of a line: the schema refuses more, the editor's inputs stop there. */
export const QUOTE_LINE_MAX = {
  productId: 64,
  name: 200,
  grade: 120,
  packaging: 120,
  quantity: 20,
  unit: 40,
  price: 24,
};

/** Every value of a repeated field (one per line), each at most `max` characters; blank lines are dropped later. */
const column = (max: number) => z.array(z.string().max(max, "A line's field is too long.")).max(QUOTE_LINES_MAX + 1);

/** One line of the editor as typed: read from the form's parallel columns `line_name`, `line_quantity`… */
export interface TypedLine {
  productId: string;
  name: string;
  grade: string;
  packaging: string;
  quantity: string;
  unit: string;
  price: string;
}

/**
 * The quote editor (issue 28): the buyer, the terms and the lines as parallel columns (one value per line, in the
 * page's order). The lines are read and checked by `readLines`, which names the line a message is about.
 */
export const quoteEditorForm = defineForm(
  z.object({
    ...buyerShape,
    currency: z.enum(QUOTE_CURRENCIES, { error: "Choose a currency." }),
    incoterm: z.enum(INCOTERMS, { error: `Choose an Incoterm (${INCOTERMS.join(", ")}).` }),
    named_port: text.optional("Named Port", 100),
    payment_terms: text.optional("Payment Terms", 300),
    lead_time: text.optional("Lead Time", 200),
    valid_until: optionalDate("Valid Until").pipe(z.string().min(1, "Valid Until is required.")),
    notes: text.optional("Notes", QUOTE_NOTES_MAX),
    line_product_id: column(QUOTE_LINE_MAX.productId).optional(),
    line_name: column(QUOTE_LINE_MAX.name).optional(),
    line_grade: column(QUOTE_LINE_MAX.grade).optional(),
    line_packaging: column(QUOTE_LINE_MAX.packaging).optional(),
    line_quantity: column(QUOTE_LINE_MAX.quantity).optional(),
    line_unit: column(QUOTE_LINE_MAX.unit).optional(),
    line_price: column(QUOTE_LINE_MAX.price).optional(),
  }),
  (errors) => ({ title: "Quote Not Saved", description: firstError(errors), variant: "destructive" }),
);

export type QuoteEditorValues = z.output<typeof quoteEditorForm.schema>;

/** The editor's lines as typed, one per position; lines left wholly blank are dropped. */
export function typedLines(values: QuoteEditorValues): TypedLine[] {
  const at = (list: string[] | undefined, i: number) => (list?.[i] ?? "").trim();
  const count = Math.max(
    values.line_name?.length ?? 0,
    values.line_quantity?.length ?? 0,
    values.line_price?.length ?? 0,
  );
  const lines: TypedLine[] = [];
  for (let i = 0; i < count; i++) {
    const line = {
      productId: at(values.line_product_id, i),
      name: at(values.line_name, i),
      grade: at(values.line_grade, i),
      packaging: at(values.line_packaging, i),
      quantity: at(values.line_quantity, i),
      unit: at(values.line_unit, i),
      price: at(values.line_price, i),
    };
    if (line.name || line.quantity || line.price) lines.push(line);
  }
  return lines;
}

export const isQuantityUnit = (unit: string) => (QUANTITY_UNITS as readonly string[]).includes(unit);

/** A quantity as a quote keeps it: a positive decimal with at most 6 digits after the point. */
export const QUANTITY_PATTERN = /^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,6})?$/;
