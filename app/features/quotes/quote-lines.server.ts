import type { Db } from "~/db/database.server";
import type { QuoteLine } from "~/db/schema";
import type { Refusal } from "~/lib/forms/submission";
import { newId } from "~/lib/time";
import { lineTotalMinor, parsePriceMinor } from "~/lib/money";
import {
  isQuantityUnit,
  lineField,
  quantityOf,
  QUOTE_LINES_MAX,
  typedLines,
  type QuoteEditorValues,
  type TypedLine,
} from "./quote-editor.schema";

// A quote's lines as the editor sends them: checked (a refusal names the line and its field), tied to the
// catalogue, priced from the last quote where the desk left a price empty, and stored in the editor's order.

/** A refusal with its status, and the field it is shown beside. */
export const refused = (status: number, title: string, message: string, field?: string) =>
  ({ ok: false, status, title, message, field }) as const;

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
export interface CheckedLine extends Omit<QuoteLine, "id" | "quote_id" | "position"> {
  priced: boolean;
}

/** The editor's lines checked: a refusal names the line ("Line 2: …") and is shown beside that line's field. */
export function checkLines(
  values: QuoteEditorValues,
): { ok: true; lines: CheckedLine[] } | (Refusal & { status: number }) {
  const typed = typedLines(values);
  if (typed.length > QUOTE_LINES_MAX)
    return refused(400, "Quote Not Saved", `A quote holds at most ${QUOTE_LINES_MAX} lines.`);
  const lines: CheckedLine[] = [];
  for (const line of typed) {
    const wrong = (field: keyof TypedLine, message: string) =>
      refused(400, "Quote Not Saved", `Line ${line.row + 1}: ${message}`, lineField(field, line.row));
    if (!line.name) return wrong("name", "the product is required.");
    const quantity = quantityOf(line.quantity);
    if (quantity === null) return wrong("quantity", "the quantity must be a number above 0.");
    if (!isQuantityUnit(line.unit)) return wrong("unit", "choose a unit.");
    let price = 0;
    if (line.price) {
      const parsed = parsePriceMinor(line.price, values.currency);
      if (parsed === null)
        return wrong("price", `the unit price must be an amount in ${values.currency}, such as 1250.50.`);
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

/**
 * Lines as the desk left them, tied to the catalogue: a line typed with a product's exact name (any case) is that
 * product's; an id that no longer exists is dropped; and a product's line left without a price gets the last price
 * sent for it at the quote's Incoterm and currency, when that was for the same unit.
 */
export async function linkAndPrice(db: Db, lines: CheckedLine[], values: QuoteEditorValues): Promise<CheckedLine[]> {
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

/** A quote's lines, in the editor's order. */
export async function insertLines(db: Db, quoteId: string, lines: CheckedLine[]) {
  if (!lines.length) return;
  await db
    .insertInto("quote_lines")
    .values(
      lines.map(({ priced: _priced, ...line }, position) => ({ ...line, id: newId(), quote_id: quoteId, position })),
    )
    .execute();
}
