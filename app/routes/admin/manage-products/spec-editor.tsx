import { Plus, X } from "lucide-react";
import { useState } from "react";
import { ErrorList, inputClass, useField } from "~/components/forms/index";

export interface SpecRowValue {
  key: string;
  type: "text" | "boolean";
  value: string;
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/**
 * Specification rows of key and value, where a value is text or Yes/No (sent as spec_key / spec_type / spec_value),
 * inside a SchemaForm: the limits are the schema's, and a refused form shows the rows as they were sent.
 */
export function SpecEditor({ initial }: { initial: SpecRowValue[] }) {
  const keys = useField("spec_key");
  const types = useField("spec_type");
  const values = useField("spec_value");
  const [rows, setRows] = useState<Array<SpecRowValue & { id: number }>>(() => {
    const sent = asList(keys.defaultValue).map((key, i): SpecRowValue => {
      const type = asList(types.defaultValue)[i] === "boolean" ? "boolean" : "text";
      return { key, type, value: asList(values.defaultValue)[i] ?? "" };
    });
    const start = keys.refused ? sent : initial;
    return (start.length ? start : [{ key: "", type: "text" as const, value: "" }]).map((row, id) => ({ ...row, id }));
  });
  const [nextId, setNextId] = useState(rows.length);
  const update = (id: number, patch: Partial<SpecRowValue>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Specifications</legend>
      <p className="mb-2 text-xs text-muted">Rows without both a name and a value are not saved.</p>
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={row.id} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_7rem_1fr_auto]">
            <input
              name="spec_key"
              aria-label={`Specification ${i + 1} name`}
              placeholder="e.g. Size"
              value={row.key}
              maxLength={keys.constraints.maxLength}
              aria-invalid={keys.invalid || undefined}
              aria-describedby={keys.errorId}
              onChange={(e) => update(row.id, { key: e.target.value })}
              className={`${inputClass} col-span-2 sm:col-span-1`}
            />
            <select
              name="spec_type"
              aria-label={`Specification ${i + 1} kind`}
              value={row.type}
              onChange={(e) =>
                update(row.id, {
                  type: e.target.value as SpecRowValue["type"],
                  value: e.target.value === "boolean" ? "yes" : "",
                })
              }
              className={inputClass}
            >
              <option value="text">Text</option>
              <option value="boolean">Yes / No</option>
            </select>
            {row.type === "boolean" ? (
              <select
                name="spec_value"
                aria-label={`Specification ${i + 1} value`}
                value={row.value === "no" ? "no" : "yes"}
                onChange={(e) => update(row.id, { value: e.target.value })}
                className={inputClass}
              >
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
            ) : (
              <input
                name="spec_value"
                aria-label={`Specification ${i + 1} value`}
                placeholder="e.g. 45–65 mm"
                value={row.value}
                maxLength={values.constraints.maxLength}
                aria-invalid={values.invalid || undefined}
                aria-describedby={values.errorId}
                onChange={(e) => update(row.id, { value: e.target.value })}
                className={inputClass}
              />
            )}
            <button
              type="button"
              onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
              aria-label={`Remove specification ${i + 1}`}
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      {[keys, types, values].map((field) => (
        <ErrorList key={field.id} id={field.errorId} errors={field.errors} />
      ))}
      <button
        type="button"
        onClick={() => {
          setRows((all) => [...all, { id: nextId, key: "", type: "text", value: "" }]);
          setNextId((n) => n + 1);
        }}
        className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <Plus className="size-4" aria-hidden /> Add Specification
      </button>
    </fieldset>
  );
}
