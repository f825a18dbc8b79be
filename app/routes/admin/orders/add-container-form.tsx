import { ErrorList, Field, inputClass, SchemaForm, SelectField, SubmitButton } from "~/components/forms";
import { useField } from "~/components/forms/form";
import { containerForm } from "~/features/orders/shipment-forms.schema";
import type { ShipmentPageData } from "~/features/orders/shipment-page.server";
import { CONTAINER_TYPE_LABELS, CONTAINER_TYPES } from "~/features/orders/shipping";

/**
 * 'Add Container' (issue 44): the container and one row per order line of what it carries; a row left empty is not
 * in this container. A plain form that works without JavaScript; a new one after each container added.
 */
export function AddContainerForm({ page, result }: { page: ShipmentPageData; result: unknown }) {
  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="mb-4 font-semibold text-brand-900">Add Container</h3>
      <SchemaForm
        key={page.containers.length}
        of={containerForm}
        intent="container"
        result={result}
        method="post"
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-4">
          <Field name="number" label="Container number" hint="e.g. MSKU 123456 5: the check digit is verified." />
          <Field name="seal" label="Seal" />
          <SelectField
            name="container_type"
            label="Type"
            options={CONTAINER_TYPES.map((type) => ({ value: type, label: CONTAINER_TYPE_LABELS[type] }))}
          />
          <Field name="set_temperature" label="Set temperature (°C)" hint="For a reefer." inputMode="decimal" />
        </div>
        <ContainerRows lines={page.lines} />
        <SubmitButton pendingLabel="Adding...">Add Container</SubmitButton>
      </SchemaForm>
    </div>
  );
}

/** One row per order line; inside the form, so it reads what a refused submission typed and its errors. */
function ContainerRows({ lines }: { lines: ShipmentPageData["lines"] }) {
  const rowsError = useField("quantity");
  const typed = useTypedRows();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-700">
        What it carries (leave a product's row empty if it is not in this container)
      </legend>
      <div className="space-y-3">
        {lines.map((line) => (
          <div key={line.id} className="grid gap-2 sm:grid-cols-6 sm:items-end" data-testid="container-row">
            <input type="hidden" name="line_id" value={line.id} />
            <p className="text-sm font-medium sm:col-span-1">
              {line.product}
              <span className="block text-xs font-normal text-slate-600">ordered {line.ordered}</span>
            </p>
            {(
              [
                ["quantity", "Quantity", "decimal"],
                ["packages", "Packages", "numeric"],
                ["package_kind", "Kind of package", "text"],
                ["net_kg", "Net kg", "decimal"],
                ["gross_kg", "Gross kg", "decimal"],
              ] as const
            ).map(([name, label, mode]) => (
              <label key={name} className="block text-xs text-slate-700">
                {label}
                <input
                  name={name}
                  inputMode={mode}
                  aria-label={`${label}: ${line.product}`}
                  placeholder={name === "package_kind" ? "25 kg mesh bags" : undefined}
                  defaultValue={typed(line.id, name)}
                  className={`${inputClass} mt-1`}
                />
              </label>
            ))}
          </div>
        ))}
      </div>
      <ErrorList id={rowsError.errorId} errors={rowsError.errors} />
    </fieldset>
  );
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/**
 * What a refused submission typed in each row, by order line (the page re-rendered by the server, without
 * JavaScript, shows it again rather than empty rows).
 */
function useTypedRows() {
  const ids = asList(useField("line_id").defaultValue);
  const columns = {
    quantity: asList(useField("quantity").defaultValue),
    packages: asList(useField("packages").defaultValue),
    package_kind: asList(useField("package_kind").defaultValue),
    net_kg: asList(useField("net_kg").defaultValue),
    gross_kg: asList(useField("gross_kg").defaultValue),
  };
  return (lineId: string, name: keyof typeof columns) => columns[name][ids.indexOf(lineId)] ?? "";
}
