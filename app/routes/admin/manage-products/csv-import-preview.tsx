import { Card } from "~/components/admin/card";
import { SchemaForm, SubmitButton } from "~/components/forms/index";
import { csvImportForm } from "~/features/catalogue/catalogue.schema";
import type { ImportPreview } from "~/features/catalogue/csv/preview";

const th = "py-1 pr-4";

function RowTable({
  caption,
  rows,
  total,
  testId,
  textHeading = "What happens",
}: {
  caption: string;
  textHeading?: string;
  rows: Array<{ line: number; name: string; text: string }>;
  total: number;
  testId: string;
}) {
  return (
    <table className="mt-4 w-full text-left text-sm" data-testid={testId}>
      <caption className="mb-2 text-left font-medium text-slate-700">
        {caption}
        {total > rows.length ? ` (the first ${rows.length} of ${total})` : null}
      </caption>
      <thead className="text-xs text-slate-600 uppercase">
        <tr>
          <th className={th}>Line</th>
          <th className={th}>Name</th>
          <th className="py-1">{textHeading}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row, i) => (
          <tr key={`${row.line}-${i}`}>
            <td className={th}>{row.line}</td>
            <td className={th}>{row.name || "—"}</td>
            <td className="py-1">{row.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What an import of the chosen file would do: counts, every product an update will change (so none is replaced
 * unnoticed), the rows' warnings and skips, and the Import button carrying the counts the admin saw.
 */
/** How many of the imported products go live: said before the import, as a draft is not seen on the site. */
function liveText(live: number, total: number) {
  if (live === total)
    return total === 1
      ? "It will be published on the site once imported."
      : `All ${total} will be published on the site once imported.`;
  if (live === 0)
    return total === 1
      ? "It will be a draft, not on the site."
      : `None will be on the site: all ${total} will be drafts.`;
  return `${live} of ${total} will be published on the site once imported; ${total - live} will be drafts.`;
}

export function CsvImportPreview({
  preview,
  draftId,
  result,
}: {
  preview: ImportPreview;
  draftId: string | null;
  result: unknown;
}) {
  const update = preview.update;
  const total = preview.add + update;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-brand-900">Preview of {preview.fileName}</h2>
        {/* At the top as well: a long preview put the button thousands of pixels down. */}
        {draftId && total > 0 ? <ImportButton preview={preview} draftId={draftId} result={result} /> : null}
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="import-summary">
        <li className="rounded-lg bg-brand-50 p-3">
          <span className="block text-2xl font-bold text-brand-900">{preview.add}</span> to add
        </li>
        <li className="rounded-lg bg-sky-50 p-3">
          <span className="block text-2xl font-bold text-sky-900">{update}</span> to update
        </li>
        <li className="rounded-lg bg-amber-50 p-3">
          <span className="block text-2xl font-bold text-amber-900">{preview.skippedCount}</span> to skip
        </li>
      </ul>
      {total ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="import-live">
          {liveText(preview.live, total)}
        </p>
      ) : null}
      {update ? (
        // Every product the import will change, so none is replaced unnoticed; folded when the list is long.
        <details className="mt-4 text-sm" open={update <= 20} data-testid="import-updates">
          <summary className="cursor-pointer font-medium text-slate-700">
            {update === 1 ? "1 existing product will be updated" : `${update} existing products will be updated`} (same
            category and slug)
          </summary>
          <div
            className="mt-2 max-h-96 space-y-3 overflow-y-auto rounded-md border border-slate-200 p-3"
            tabIndex={0}
            aria-label="Products that will be updated"
          >
            {preview.updates.map((group) => (
              <div key={group.category}>
                <h3 className="font-semibold text-slate-800">{group.category}</h3>
                <ul className="divide-y divide-slate-100">
                  {group.rows.map((row) => (
                    <li key={row}>{row}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <p className="mt-2 text-muted">
            A blank image_url or gallery_images cell keeps the product&apos;s current pictures.
          </p>
        </details>
      ) : null}
      {preview.missingColumns.length ? (
        <p className="mt-4 text-sm text-slate-700">
          Not in the file: {preview.missingColumns.join(", ")}.{" "}
          {update ? "Updated products keep their current values for these." : null}
        </p>
      ) : null}
      {preview.unknownColumns.length ? (
        <p className="mt-2 text-sm text-slate-700">Columns that are not read: {preview.unknownColumns.join(", ")}.</p>
      ) : null}
      {preview.warningCount ? (
        <RowTable
          caption="Rows that will be imported, but not exactly as written"
          rows={preview.warnings.map((w) => ({ line: w.line, name: w.name, text: w.message }))}
          total={preview.warningCount}
          testId="import-warnings"
        />
      ) : null}
      {preview.habits.length ? (
        <table className="mt-4 w-full text-left text-sm" data-testid="import-notes">
          <caption className="mb-2 text-left font-medium text-slate-700">How spreadsheet habits were read</caption>
          <thead className="text-xs text-slate-600 uppercase">
            <tr>
              <th className={th}>Read as</th>
              <th className="py-1">Rows</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.habits.map((habit) => (
              <tr key={habit.message}>
                <td className={th}>{habit.message}</td>
                <td className="py-1">
                  {habit.lines.join(", ")}
                  {habit.count > habit.lines.length ? ` … (${habit.count} rows)` : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {preview.skippedCount ? (
        <RowTable
          caption="Rows that will be skipped"
          rows={preview.skipped.map((s) => ({ line: s.line, name: s.name, text: s.reason }))}
          total={preview.skippedCount}
          testId="import-skipped"
        />
      ) : null}
      {draftId && total > 0 ? (
        <div className="mt-5">
          <ImportButton preview={preview} draftId={draftId} result={result} />
        </div>
      ) : null}
    </Card>
  );
}

/** 'Import N Products': the preview's draft and the counts the admin saw (the import stops if they changed). */
function ImportButton({ preview, draftId, result }: { preview: ImportPreview; draftId: string; result: unknown }) {
  const total = preview.add + preview.update;
  return (
    <SchemaForm of={csvImportForm} intent="import" result={result} method="post">
      <input type="hidden" name="draftId" value={draftId} />
      {/* The counts the admin saw: the import stops if the catalogue changed them meanwhile. */}
      <input type="hidden" name="add" value={preview.add} />
      <input type="hidden" name="update" value={preview.update} />
      {preview.draftsWithoutPicture ? <input type="hidden" name="drafts_without_picture" value="on" /> : null}
      <SubmitButton pendingLabel="Importing...">{`Import ${total} Products`}</SubmitButton>
    </SchemaForm>
  );
}
