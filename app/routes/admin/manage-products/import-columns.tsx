import { Download } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { columnRules } from "~/features/catalogue/csv/column-rules";

/**
 * 'Download Template' (CSV and XLSX; plain links, so they work without JavaScript), then every column the import
 * reads with its rule, folded: the CSV template's explanation, and the same words as the workbook's second sheet.
 */
export function ImportTemplates() {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="import-templates">
      <span className="text-sm font-medium text-slate-700">Download Template:</span>
      <a href="/admin/manage-products/import/template/xlsx" download className={buttonClass({ variant: "outline" })}>
        <Download className="size-4" aria-hidden /> XLSX
      </a>
      <a href="/admin/manage-products/import/template/csv" download className={buttonClass({ variant: "outline" })}>
        <Download className="size-4" aria-hidden /> CSV
      </a>
    </div>
  );
}

export function ImportColumns() {
  const rules = columnRules();
  return (
    <details className="text-sm" data-testid="import-columns">
      <summary className="cursor-pointer font-medium text-slate-700">
        The {rules.length} columns the import reads, and their rules
      </summary>
      <div
        className="mt-2 max-h-[32rem] overflow-auto rounded-md border border-slate-200"
        tabIndex={0}
        aria-label="Import columns and their rules"
      >
        <table className="w-full text-left">
          <caption className="sr-only">Import columns</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th className="px-3 py-2">Column</th>
              <th className="px-3 py-2">Rule</th>
              <th className="hidden px-3 py-2 sm:table-cell">Example</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rules.map(({ column, rule, example }) => (
              <tr key={column} className="align-top">
                <th scope="row" className="px-3 py-2 font-mono text-xs font-medium whitespace-nowrap">
                  {column}
                </th>
                <td className="px-3 py-2">{rule}</td>
                <td className="hidden px-3 py-2 text-muted sm:table-cell">{example || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
