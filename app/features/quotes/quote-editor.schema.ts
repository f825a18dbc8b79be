import { z } from "zod";
import type { QuoteLine } from "~/db/schema";
import { INCOTERMS, QUANTITY_UNITS } from "~/features/catalogue/trade-terms/vocabulary";
import { defineForm, firstError, optionalDate, text } from "~/lib/forms/submission";
import { formatMoney, lineTotalMinor, minorToDecimal, parsePriceMinor, QUOTE_CURRENCIES } from "~/lib/money";
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

/** A stored or requested line as the editor's fields show it; no price (0) is an empty field. */
export function editorLine(
  line: Pick<QuoteLine, "product_id" | "product_name" | "grade" | "packaging" | "quantity" | "unit">,
  priceMinor: number,
  currency: string,
): TypedLine {
  return {
    productId: line.product_id ?? "",
    name: line.product_name,
    grade: line.grade ?? "",
    packaging: line.packaging ?? "",
    quantity: line.quantity,
    unit: line.unit,
    price: priceMinor > 0 ? minorToDecimal(priceMinor, currency) : "",
  };
}

/** The form's columns of a line, in the editor's order: one value per line each. */
export const LINE_COLUMNS = {
  productId: "line_product_id",
  name: "line_name",
  grade: "line_grade",
  packaging: "line_packaging",
  quantity: "line_quantity",
  unit: "line_unit",
  price: "line_price",
} as const satisfies Record<keyof TypedLine, string>;

/** The name a refusal about one line's field goes under ("line_price.2": the third row's price), as the editor shows it. */
export const lineField = (field: keyof TypedLine, row: number) => `${LINE_COLUMNS[field]}.${row}`;

export const BLANK_LINE: TypedLine = {
  productId: "",
  name: "",
  grade: "",
  packaging: "",
  quantity: "",
  unit: "",
  price: "",
};

/** The lines of a form as typed (or as values sent back with a refusal), one per row, blank rows included. */
export function rowsOf(values: Partial<Record<string, string | string[] | undefined>>): TypedLine[] {
  const column = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : value === undefined ? [] : [value];
  };
  const count = Math.max(
    column(LINE_COLUMNS.name).length,
    column(LINE_COLUMNS.quantity).length,
    column(LINE_COLUMNS.price).length,
  );
  return Array.from({ length: count }, (_, i) => {
    const line = { ...BLANK_LINE };
    for (const [key, name] of Object.entries(LINE_COLUMNS)) line[key as keyof TypedLine] = column(name)[i] ?? "";
    return line;
  });
}

/** Rows as form values again (each column a list), for a page sent back with what was typed. */
export function rowsAsValues(rows: TypedLine[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(LINE_COLUMNS).map(([key, name]) => [name, rows.map((row) => row[key as keyof TypedLine])]),
  );
}

/** A row is blank when it names no product and has no quantity or price: saving drops it. */
export const isBlankRow = (line: TypedLine) => !line.name && !line.quantity && !line.price;

/** The editor's lines as typed, trimmed, with the row each was on; rows left wholly blank are dropped. */
export function typedLines(values: QuoteEditorValues): Array<TypedLine & { row: number }> {
  return rowsOf(values)
    .map((line, row) => ({
      ...(Object.fromEntries(Object.entries(line).map(([key, value]) => [key, value.trim()])) as unknown as TypedLine),
      row,
    }))
    .filter((line) => !isBlankRow(line));
}

/**
 * The 'Add Line' and 'Remove' buttons without JavaScript: the rows as typed, with a blank row added at the end or
 * row `remove` taken out (with JavaScript the page does the same without asking the server). Null for another intent.
 */
export function rowsEdited(intent: string, rows: TypedLine[]): TypedLine[] | null {
  if (intent === "add-line") return rows.length > QUOTE_LINES_MAX ? rows : [...rows, BLANK_LINE];
  const remove = /^remove-line:(\d{1,3})$/.exec(intent);
  if (!remove) return null;
  const kept = rows.filter((_, i) => i !== Number(remove[1]));
  return kept.length ? kept : [BLANK_LINE];
}

export const isQuantityUnit = (unit: string) => (QUANTITY_UNITS as readonly string[]).includes(unit);

/** A quantity as a quote keeps it: a positive decimal with at most 6 digits after the point. */
export const QUANTITY_PATTERN = /^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,6})?$/;

/** A quantity as typed, as a quote keeps it ("1,200" is 1200), or null when it is not a number above 0. */
export function quantityOf(typed: string): string | null {
  const quantity = typed.trim().replace(/,/g, "");
  return QUANTITY_PATTERN.test(quantity) ? quantity : null;
}

/**
 * Each row's amount and the quote's total as the rows are typed, exact in minor units (ADR 0037): what the editor
 * shows while prices are typed, and what the server stores for the same rows. A row without a valid quantity and
 * price has no amount (null) and adds nothing.
 */
export function amountsOf(rows: TypedLine[], currency: string): { amounts: Array<string | null>; total: string } {
  let total = 0;
  const amounts = rows.map((row) => {
    const quantity = quantityOf(row.quantity);
    const price = row.price.trim() ? parsePriceMinor(row.price, currency) : null;
    if (quantity === null || price === null || price === 0) return null;
    const amount = lineTotalMinor(quantity, price);
    total += amount;
    return formatMoney(amount, currency);
  });
  return { amounts, total: formatMoney(total, currency) };
}
