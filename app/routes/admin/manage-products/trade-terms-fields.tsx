import { CheckboxGroup, Field, SelectField, TextListField } from "~/components/forms/index";
import {
  CONTAINER_TYPES,
  CURRENCIES,
  INCOTERMS,
  MAX_TERM_ITEMS,
  ORIGIN_SUGGESTIONS,
  MONTHS,
  QUANTITY_UNITS,
  type TradeTerms,
} from "~/features/catalogue/trade-terms/vocabulary";

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
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
          {ORIGIN_SUGGESTIONS.map((origin) => (
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

      <ListTerms terms={terms} />

      <ContainerLoadFields terms={terms} />

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

      <IndicativePriceFields terms={terms} />
    </fieldset>
  );
}

/** The terms that are lists: one row per entry. */
function ListTerms({ terms }: { terms: TradeTerms }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextListField
        name="grades"
        label="Grades / Sizes"
        placeholder="e.g. 55 mm+"
        initial={terms.grades}
        maxItems={MAX_TERM_ITEMS}
      />
      <TextListField
        name="packaging"
        label="Packaging"
        placeholder="e.g. 25 kg mesh bag"
        initial={terms.packaging}
        maxItems={MAX_TERM_ITEMS}
      />
      <TextListField
        name="ports_of_loading"
        label="Port of Loading"
        placeholder="e.g. Nhava Sheva (JNPT)"
        initial={terms.ports_of_loading}
        maxItems={MAX_TERM_ITEMS}
      />
      <TextListField
        name="payment_terms"
        label="Payment Terms"
        placeholder="e.g. 30% advance T/T, balance against documents"
        initial={terms.payment_terms}
        maxItems={MAX_TERM_ITEMS}
      />
    </div>
  );
}

/** What one container takes, and which kind. */
function ContainerLoadFields({ terms }: { terms: TradeTerms }) {
  return (
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
  );
}

/** The optional price range, shown to buyers until its valid-until date. */
function IndicativePriceFields({ terms }: { terms: TradeTerms }) {
  return (
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
        <Field name="price_max" label="Price to" type="number" step="any" defaultValue={numberText(terms.price_max)} />
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
