import { Plus, X } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { ErrorList, useField } from "~/components/forms/index";
import { Button } from "~/components/ui/button";
import { QUANTITY_UNITS } from "~/features/catalogue/trade-terms/vocabulary";
import {
  amountsOf,
  BLANK_LINE,
  lineField,
  QUOTE_LINE_MAX,
  QUOTE_LINES_MAX,
  rowsOf,
  type TypedLine,
} from "~/features/quotes/quote-editor.schema";
import { typedValues } from "~/lib/forms/submission";

const cell = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm aria-[invalid=true]:border-red-500";

/** Keys for rows, so that removing one keeps what was typed in the others. */
let lastKey = 0;
const keyed = (lines: TypedLine[]) => lines.map((line) => ({ key: ++lastKey, line }));

/** What the form holds now: the rows and the currency, read from the form itself as the desk types. */
function readForm(form: HTMLFormElement | null | undefined, fallback: { currency: string; rows: TypedLine[] }) {
  if (!form) return fallback;
  const currency = form.elements.namedItem("currency");
  return {
    currency: currency instanceof HTMLSelectElement ? currency.value : fallback.currency,
    rows: rowsOf(typedValues(new FormData(form))),
  };
}

/**
 * The quote editor's lines: one row of fields per line, sent as parallel columns (`line_name`, `line_price`…), with
 * each row's amount and the total worked out as prices are typed (exactly as the server does, in minor units).
 * 'Add Line' and 'Remove' are submit buttons: without JavaScript the server sends the page back with the row added
 * or taken out (nothing saved); with it the page does so at once. A refusal about a line is shown beside its field.
 */
export function QuoteLinesEditor({
  lines,
  currency,
  productNames,
}: {
  lines: TypedLine[];
  currency: string;
  productNames: string[];
}) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const [rows, setRows] = useState(() => keyed(lines));
  const [typed, setTyped] = useState({ currency, rows: lines });
  // A new answer from the server (a refusal with what was typed) replaces the rows (derived state).
  const [shown, setShown] = useState(lines);
  if (shown !== lines) {
    setShown(lines);
    setRows(keyed(lines));
    setTyped({ currency, rows: lines });
  }

  useEffect(() => {
    const form = fieldset.current?.form;
    if (!form) return;
    const update = () => setTyped((before) => readForm(form, before));
    update();
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [rows]);

  const { amounts, total } = amountsOf(typed.rows, typed.currency);

  const add = (event: MouseEvent) => {
    event.preventDefault();
    if (rows.length > QUOTE_LINES_MAX) return;
    setRows((before) => [...before, ...keyed([BLANK_LINE])]);
    // The new row's product, once it is drawn.
    requestAnimationFrame(() =>
      fieldset.current?.querySelector<HTMLInputElement>('li:last-of-type input[name="line_name"]')?.focus(),
    );
  };
  const remove = (key: number) => (event: MouseEvent) => {
    event.preventDefault();
    setRows((before) => (before.length > 1 ? before.filter((row) => row.key !== key) : keyed([BLANK_LINE])));
  };

  return (
    <fieldset ref={fieldset}>
      <legend className="text-lg font-semibold text-brand-900">Lines</legend>
      <p className="mb-3 text-sm text-slate-600">
        {`Unit prices in ${typed.currency}. A product's last quoted price at this Incoterm and currency fills an empty price when you save.`}
      </p>
      <datalist id="quote-products">
        {productNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ol className="space-y-3">
        {rows.map(({ key, line }, i) => (
          <li
            key={key}
            className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-12"
            data-testid="quote-line"
          >
            <input type="hidden" name="line_product_id" value={line.productId} />
            <LineInput
              row={i}
              field="name"
              label={`Line ${i + 1}: Product`}
              line={line}
              className="col-span-2 sm:col-span-6"
            >
              {(props) => <input {...props} list="quote-products" />}
            </LineInput>
            <LineInput row={i} field="grade" label="Grade" line={line} className="sm:col-span-3" />
            <LineInput row={i} field="packaging" label="Packaging" line={line} className="sm:col-span-3" />
            <LineInput row={i} field="quantity" label="Quantity" line={line} className="sm:col-span-3">
              {(props) => <input {...props} inputMode="decimal" />}
            </LineInput>
            <LineInput row={i} field="unit" label="Unit" line={line} className="sm:col-span-2">
              {({ maxLength: _maxLength, defaultValue, ...props }) => (
                <select {...props} defaultValue={defaultValue || "MT"}>
                  {QUANTITY_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </select>
              )}
            </LineInput>
            <LineInput
              row={i}
              field="price"
              label={`Unit price (${typed.currency})`}
              line={line}
              className="sm:col-span-3"
            >
              {(props) => <input {...props} inputMode="decimal" placeholder="0.00" />}
            </LineInput>
            <p className="self-end text-sm font-semibold sm:col-span-2" data-testid="quote-line-amount">
              <span className="block text-xs font-medium text-slate-600">Amount</span>
              {amounts[i] ?? "—"}
            </p>
            <div className="col-span-2 flex items-end justify-end sm:col-span-2">
              <Button
                type="submit"
                name="intent"
                value={`remove-line:${i}`}
                variant="outline"
                size="sm"
                aria-label={`Remove line ${i + 1}`}
                onClick={remove(key)}
              >
                <X className="size-4" aria-hidden /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <Button type="submit" name="intent" value="add-line" variant="outline" size="sm" onClick={add}>
          <Plus className="size-4" aria-hidden /> Add Line
        </Button>
        <p className="text-lg font-bold text-brand-900" aria-live="polite" data-testid="quote-editor-total">
          {`Total: ${total}`}
        </p>
      </div>
    </fieldset>
  );
}

type InputProps = {
  id: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  onChange: () => void;
};

/** One field of a line, with the refusal about it (`line_price.2`) beside it; `children` draws another control. */
function LineInput({
  row,
  field,
  label,
  line,
  className,
  children = (props) => <input {...props} />,
}: {
  row: number;
  field: keyof TypedLine;
  label: string;
  line: TypedLine;
  className: string;
  children?: (props: InputProps) => React.ReactNode;
}) {
  const name = lineField(field, row);
  const state = useField(name);
  const id = `line-${row}-${field}`;
  const errorId = state.errorId && `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children({
        id,
        name: name.slice(0, name.indexOf(".")),
        defaultValue: line[field],
        maxLength: QUOTE_LINE_MAX[field],
        className: cell,
        "aria-invalid": state.invalid || undefined,
        "aria-describedby": errorId,
        onChange: state.clearError,
      })}
      <ErrorList id={errorId} errors={state.errors} />
    </div>
  );
}
