import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** A list's status filter: a plain GET form (it works without JavaScript), 'All' first. */
export function StatusFilter({ value, options }: { value: string; options: Array<{ value: string; label: string }> }) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
      <label className="text-sm font-medium text-slate-700">
        Status
        <select name="status" defaultValue={value} className="ms-2 rounded-md border border-slate-300 px-2 py-1.5">
          <option value="">All</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
        Filter
      </button>
    </Form>
  );
}
