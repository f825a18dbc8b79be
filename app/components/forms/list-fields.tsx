import { Plus, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorList, inputClass } from "./fields";
import { useField } from "./form";

// Fields that send a list under one name (repeated inputs, or checkboxes), keeping what was sent after a refusal.

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** Empty rows offered without JavaScript beyond the usual one, so several items go in with one save. */
const EXTRA_ROWS_WITHOUT_JS = 2;

/**
 * A list of texts: rows of one text input each, sent under one name. Without JavaScript the saved rows and three empty ones are sent
 * (the add and remove buttons need JavaScript, so they appear with it; emptying a row removes it); with it, one empty
 * row and the buttons.
 */
export function TextListField({
  name,
  label,
  placeholder,
  initial,
  maxItems,
}: {
  name: string;
  label: string;
  placeholder: string;
  initial: string[];
  /** The schema's limit on entries: no add button, and no extra empty rows, beyond it. */
  maxItems: number;
}) {
  const field = useField(name);
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => {
    const start = field.refused ? asList(field.defaultValue) : initial;
    return [...start, ""].map((value, id) => ({ id, value }));
  });
  const [nextId, setNextId] = useState(rows.length);
  // Until React runs, the add button cannot work: more empty rows instead (the server ignores empty ones).
  const extraRows = hydrated ? 0 : Math.max(0, Math.min(EXTRA_ROWS_WITHOUT_JS, maxItems - rows.length));
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
      {hydrated && rows.length < maxItems ? (
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

/** A list of fixed choices: checkboxes sent under one name, checked again as sent after a refusal. */
export function CheckboxGroup({
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
