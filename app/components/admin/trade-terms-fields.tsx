import { Plus, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { ErrorList, Field, inputClass, SelectField, useField } from "~/components/forms";
import { useHydrated } from "~/lib/use-hydrated";
import {
  CONTAINER_TYPES,
  CURRENCIES,
  INCOTERMS,
  MAX_TERM_ITEMS,
  MONTHS,
  QUANTITY_UNITS,
  type TradeTerms,
} from "~/features/catalogue/trade-terms/vocabulary";

/** States and regions Indian produce ships from, offered as suggestions (any text is accepted). */
const ORIGINS = [
  "Maharashtra (Nashik)",
  "Madhya Pradesh",
  "Gujarat",
  "Karnataka",
  "Rajasthan",
  "Uttar Pradesh",
  "West Bengal",
  "Punjab",
  "Andhra Pradesh",
  "Tamil Nadu",
  "Kerala",
];

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
const numberText = (n: number | null) => (n === null ? "" : String(n));

/**
 * The product form's 'Trade Terms': the export facts as typed inputs (lists as rows to add and remove, fixed choices
 * as selects and checkboxes), named like the fields of `tradeTermsShape`, whose rules check them.
 */
export function TradeTermsFields({ terms }: { terms: TradeTerms }) {
  return (
    <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-brand-900">Trade Terms</legend>
      <p className="text-xs text-muted">
        What importers compare between suppliers. Only filled fields are shown on the product page, the spec sheet and
        in search results.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          name="hs_code"
          label="HS Code"
          defaultValue={terms.hs_code}
          placeholder="e.g. 0703.10.19"
          hint="6 to 10 digits; dots allowed."
        />
        <Field
          name="origin"
          label="Origin"
          defaultValue={terms.origin}
          list="trade-origins"
          placeholder="e.g. Maharashtra (Nashik)"
        />
        <datalist id="trade-origins">
          {ORIGINS.map((origin) => (
            <option key={origin} value={origin} />
          ))}
        </datalist>
        <AmountWithUnit
          label="Minimum Order"
          amount="min_order_quantity"
          unit="min_order_unit"
          terms={[terms.min_order_quantity, terms.min_order_unit]}
        />
        <AmountWithUnit
          label="Supply Capacity (per month)"
          amount="supply_capacity"
          unit="supply_capacity_unit"
          terms={[terms.supply_capacity, terms.supply_capacity_unit]}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <ListEditor name="grades" label="Grades / Sizes" placeholder="e.g. 55 mm+" initial={terms.grades} />
        <ListEditor name="packaging" label="Packaging" placeholder="e.g. 25 kg mesh bag" initial={terms.packaging} />
        <ListEditor
          name="ports_of_loading"
          label="Port of Loading"
          placeholder="e.g. Nhava Sheva (JNPT)"
          initial={terms.ports_of_loading}
        />
        <ListEditor
          name="payment_terms"
          label="Payment Terms"
          placeholder="e.g. 30% advance T/T, balance against documents"
          initial={terms.payment_terms}
        />
      </div>

      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Container Load (MT per container)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            name="container_20ft_mt"
            label="20 ft"
            type="number"
            step="any"
            defaultValue={numberText(terms.container_20ft_mt)}
          />
          <Field
            name="container_40ft_mt"
            label="40 ft"
            type="number"
            step="any"
            defaultValue={numberText(terms.container_40ft_mt)}
          />
          <SelectField
            name="container_type"
            label="Container"
            placeholder="Not given"
            defaultValue={terms.container_type}
            options={CONTAINER_TYPES.map((value) => ({ value, label: value === "reefer" ? "Reefer" : "Dry" }))}
          />
        </div>
      </fieldset>

      <CheckboxGroup
        name="incoterms"
        legend="Incoterms offered (Incoterms 2020)"
        choices={INCOTERMS.map((term) => ({ value: term, label: term }))}
        initial={terms.incoterms}
        columns="grid-cols-4 sm:grid-cols-6"
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          name="lead_time_days"
          label="Lead Time (days)"
          type="number"
          defaultValue={numberText(terms.lead_time_days)}
        />
        <Field
          name="shelf_life"
          label="Shelf Life"
          defaultValue={terms.shelf_life}
          placeholder="e.g. 4–6 months in cold storage"
        />
      </div>

      <CheckboxGroup
        name="availability_months"
        legend="Availability"
        hint="The months the product can be shipped."
        choices={MONTHS.map((month, i) => ({ value: String(i + 1), label: month.slice(0, 3), title: month }))}
        initial={terms.availability_months.map(String)}
        columns="grid-cols-4 sm:grid-cols-6"
      />

      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Indicative Price (optional)</legend>
        <p className="mb-2 text-xs text-muted">
          Shown to buyers only until its valid-until date; leave empty to show no price.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            name="price_min"
            label="Price from"
            type="number"
            step="any"
            defaultValue={numberText(terms.price_min)}
          />
          <Field
            name="price_max"
            label="Price to"
            type="number"
            step="any"
            defaultValue={numberText(terms.price_max)}
          />
          <SelectField
            name="price_currency"
            label="Currency"
            placeholder="Choose"
            defaultValue={terms.price_currency}
            options={options(CURRENCIES)}
          />
          <SelectField
            name="price_unit"
            label="Per"
            placeholder="Choose"
            defaultValue={terms.price_unit}
            options={options(QUANTITY_UNITS)}
          />
          <SelectField
            name="price_incoterm"
            label="Incoterm basis"
            placeholder="Choose"
            defaultValue={terms.price_incoterm}
            options={options(INCOTERMS)}
          />
          <Field name="price_valid_until" label="Valid until" type="date" defaultValue={terms.price_valid_until} />
        </div>
      </fieldset>
    </fieldset>
  );
}

function AmountWithUnit({
  label,
  amount,
  unit,
  terms,
}: {
  label: string;
  amount: string;
  unit: string;
  terms: [number | null, string | null];
}) {
  return (
    <div className="grid grid-cols-[1fr_10rem] items-end gap-2">
      <Field name={amount} label={label} type="number" step="any" defaultValue={numberText(terms[0])} />
      <SelectField
        name={unit}
        label={
          <>
            <span className="sr-only">{label} </span>Unit
          </>
        }
        defaultValue={terms[1] ?? "MT"}
        options={options(QUANTITY_UNITS)}
      />
    </div>
  );
}

/** Empty rows offered without JavaScript beyond the usual one, so several items go in with one save. */
const EXTRA_ROWS_WITHOUT_JS = 2;

/**
 * Rows of one text input each, sent under one name. Without JavaScript the saved rows and three empty ones are sent
 * (the add and remove buttons need JavaScript, so they appear with it; emptying a row removes it); with it, one empty
 * row and the buttons.
 */
function ListEditor({
  name,
  label,
  placeholder,
  initial,
}: {
  name: string;
  label: string;
  placeholder: string;
  initial: string[];
}) {
  const field = useField(name);
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => {
    const start = field.refused ? asList(field.defaultValue) : initial;
    return [...start, ""].map((value, id) => ({ id, value }));
  });
  const [nextId, setNextId] = useState(rows.length);
  // Until React runs, the add button cannot work: more empty rows instead (the server ignores empty ones).
  const extraRows = hydrated ? 0 : Math.max(0, Math.min(EXTRA_ROWS_WITHOUT_JS, MAX_TERM_ITEMS - rows.length));
  const singular = label.replace(/ \/ .*$/, "").replace(/s$/, "");
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{label}</legend>
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={row.id} className="flex gap-2">
            <input
              name={name}
              aria-label={`${label} ${i + 1}`}
              placeholder={placeholder}
              value={row.value}
              maxLength={field.constraints.maxLength}
              aria-invalid={field.invalid || undefined}
              aria-describedby={field.errorId}
              onChange={(e) => {
                field.clearError();
                setRows((all) => all.map((r) => (r.id === row.id ? { ...r, value: e.target.value } : r)));
              }}
              className={inputClass}
            />
            {hydrated ? (
              <button
                type="button"
                onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                aria-label={`Remove ${label} ${i + 1}`}
                className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
              >
                <X className="size-4" aria-hidden />
              </button>
            ) : null}
          </li>
        ))}
        {Array.from({ length: extraRows }, (_, k) => (
          <li key={`extra-${k}`} className="flex gap-2">
            <input
              name={name}
              aria-label={`${label} ${rows.length + k + 1}`}
              placeholder={placeholder}
              maxLength={field.constraints.maxLength}
              className={inputClass}
            />
          </li>
        ))}
      </ul>
      <ErrorList id={field.errorId} errors={field.errors} />
      {hydrated && rows.length < MAX_TERM_ITEMS ? (
        <button
          type="button"
          onClick={() => {
            setRows((all) => [...all, { id: nextId, value: "" }]);
            setNextId((n) => n + 1);
          }}
          className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <Plus className="size-4" aria-hidden /> Add {singular}
        </button>
      ) : null}
    </fieldset>
  );
}

function CheckboxGroup({
  name,
  legend,
  hint,
  choices,
  initial,
  columns,
}: {
  name: string;
  legend: string;
  hint?: ReactNode;
  choices: Array<{ value: string; label: string; title?: string }>;
  initial: string[];
  columns: string;
}) {
  const field = useField(name);
  const checked = new Set(field.refused ? asList(field.defaultValue) : initial);
  return (
    <fieldset aria-describedby={field.errorId}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      {hint ? <p className="mb-2 text-xs text-muted">{hint}</p> : null}
      <div className={`grid gap-2 ${columns}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            title={choice.title}
            className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1.5 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={checked.has(choice.value)}
              aria-label={choice.title}
              onChange={() => field.clearError()}
              className="size-4 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
