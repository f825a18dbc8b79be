import { QUANTITY_UNITS } from "~/features/catalogue/trade-terms/vocabulary";
import { QUOTE_LINE_MAX, type TypedLine } from "~/features/quotes/quote-editor.schema";

const cell = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

/**
 * The quote editor's lines: one row of fields per line, sent as parallel columns (`line_name`, `line_price`…), plus
 * a few blank rows to add lines without JavaScript. A line left blank (no product, quantity or price) is dropped on
 * saving; `amounts` are the saved lines' totals. `productNames`: the catalogue's, offered as the product is typed.
 */
export function QuoteLinesEditor({
  lines,
  amounts,
  currency,
  productNames,
}: {
  lines: TypedLine[];
  amounts: Array<string | null>;
  currency: string;
  productNames: string[];
}) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-brand-900">Lines</legend>
      <p className="mb-3 text-sm text-slate-600">
        {`Unit prices in ${currency}. A product's last quoted price at this Incoterm and currency fills an empty price when you save. Clear a line's product, quantity and price to remove it.`}
      </p>
      <datalist id="quote-products">
        {productNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ol className="space-y-3">
        {lines.map((line, i) => (
          <li
            key={i}
            className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-12"
            data-testid="quote-line"
          >
            <input type="hidden" name="line_product_id" value={line.productId} />
            <label className="col-span-2 sm:col-span-6">
              <span className="text-xs font-medium text-slate-600">{`Line ${i + 1}: Product`}</span>
              <input
                name="line_name"
                defaultValue={line.name}
                list="quote-products"
                maxLength={QUOTE_LINE_MAX.name}
                className={cell}
              />
            </label>
            <label className="sm:col-span-3">
              <span className="text-xs font-medium text-slate-600">Grade</span>
              <input name="line_grade" defaultValue={line.grade} maxLength={QUOTE_LINE_MAX.grade} className={cell} />
            </label>
            <label className="sm:col-span-3">
              <span className="text-xs font-medium text-slate-600">Packaging</span>
              <input
                name="line_packaging"
                defaultValue={line.packaging}
                maxLength={QUOTE_LINE_MAX.packaging}
                className={cell}
              />
            </label>
            <label className="sm:col-span-3">
              <span className="text-xs font-medium text-slate-600">Quantity</span>
              <input
                name="line_quantity"
                defaultValue={line.quantity}
                inputMode="decimal"
                maxLength={QUOTE_LINE_MAX.quantity}
                className={cell}
              />
            </label>
            <label className="sm:col-span-3">
              <span className="text-xs font-medium text-slate-600">Unit</span>
              <select name="line_unit" defaultValue={line.unit || "MT"} className={cell}>
                {QUANTITY_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </select>
            </label>
            <label className="sm:col-span-3">
              <span className="text-xs font-medium text-slate-600">{`Unit price (${currency})`}</span>
              <input
                name="line_price"
                defaultValue={line.price}
                inputMode="decimal"
                maxLength={QUOTE_LINE_MAX.price}
                placeholder="0.00"
                className={cell}
              />
            </label>
            <p className="self-end text-end text-sm font-semibold sm:col-span-3" aria-live="polite">
              <span className="block text-xs font-medium text-slate-600">Amount</span>
              {amounts[i] ?? "—"}
            </p>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
