import { FileUp } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader, Card } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { importDraft, previewCsvUpload } from "~/features/catalogue/csv-import-drafts.server";
import { MAX_CSV_MB } from "~/features/catalogue/csv-limits";
import type { ImportPreview } from "~/features/catalogue/csv.server";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-import";

export const meta = () => [{ title: "Import Products (CSV)" }];

const NOTHING_TO_IMPORT: ToastInput = {
  title: "No Products to Import",
  description: "CSV might be empty or products are missing required fields (name, slug, valid category_slug).",
  variant: "destructive",
};
const importError = (description: string): ToastInput => ({
  title: "Import Error",
  description,
  variant: "destructive",
});

export function loader() {
  return null;
}

type ActionData = { toast: ToastInput | null; preview: ImportPreview | null; draftId: string | null };
const answer = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const user = getAdminUser(context);
  const form = await readFormData(request);
  if (form.get("intent") === "import") {
    const previewed = { add: Number(form.get("add")), update: Number(form.get("update")) };
    const result = await importDraft(db, user.id, String(form.get("draftId") ?? ""), previewed);
    switch (result.kind) {
      case "imported":
        throw redirect("/admin/manage-products", {
          headers: {
            "Set-Cookie": flashCookie({
              title: "Import Successful",
              description: `${result.count} products imported.`,
              variant: "success",
            }),
          },
        });
      case "changed":
        return answer({ toast: importError(result.message), preview: result.preview, draftId: result.draftId }, 409);
      case "nothing":
        return answer({ toast: NOTHING_TO_IMPORT, preview: result.preview, draftId: null }, 400);
      default:
        return answer({ toast: importError(result.message), preview: null, draftId: null }, 400);
    }
  }
  const file = form.get("file");
  // With no file chosen a browser still sends the field, empty and without a name.
  if (!(file instanceof File) || (file.size === 0 && !file.name))
    return answer({ toast: importError("Please choose a CSV file."), preview: null, draftId: null }, 400);
  const result = await previewCsvUpload(db, user.id, file);
  if (!result.ok) return answer({ toast: importError(result.message), preview: null, draftId: null }, 400);
  if (!result.draftId) return answer({ toast: NOTHING_TO_IMPORT, preview: result.preview, draftId: null }, 400);
  return answer({ toast: null, preview: result.preview, draftId: result.draftId });
}

const th = "py-1 pr-4";

function RowTable({
  caption,
  rows,
  total,
  testId,
}: {
  caption: string;
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
          <th className="py-1">What happens</th>
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

function Preview({ preview, draftId, busy }: { preview: ImportPreview; draftId: string | null; busy: boolean }) {
  const update = preview.update;
  const total = preview.add + update;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">Preview of {preview.fileName}</h2>
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
      {preview.skippedCount ? (
        <RowTable
          caption="Rows that will be skipped"
          rows={preview.skipped.map((s) => ({ line: s.line, name: s.name, text: s.reason }))}
          total={preview.skippedCount}
          testId="import-skipped"
        />
      ) : null}
      {draftId && total > 0 ? (
        <Form method="post" className="mt-5">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="draftId" value={draftId} />
          {/* The counts the admin saw: the import stops if the catalogue changed them meanwhile. */}
          <input type="hidden" name="add" value={preview.add} />
          <input type="hidden" name="update" value={update} />
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {busy ? "Importing..." : `Import ${total} Products`}
          </button>
        </Form>
      ) : null}
    </Card>
  );
}

export default function ImportProducts({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useToastOnChange(actionData?.toast);
  const preview = actionData?.preview;
  const message = actionData?.toast;
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader
        title="Import Products (CSV)"
        back={{ to: "/admin/manage-products", label: "Back to Products" }}
      />
      <Card>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value="preview" />
          <p className="text-sm text-muted">
            Columns: name, slug, category_slug, description, specifications (JSON), export_info, is_featured
            (true/false), image_url, gallery_images (JSON list). A row whose category and slug match an existing product
            updates it.
          </p>
          {/* Also on the page, not only in the toast: it stays readable, and it shows without JavaScript. */}
          {message ? (
            <p className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="import-message">
              <strong>{message.title}:</strong> {message.description}
            </p>
          ) : null}
          <label htmlFor="file" className="block text-sm font-medium text-slate-700">
            CSV file (at most {MAX_CSV_MB} MB)
          </label>
          <input
            id="file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
          />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            <FileUp className="size-4" aria-hidden />{" "}
            {busy && navigation.formData?.get("intent") === "preview" ? "Reading..." : "Preview Import"}
          </button>
        </Form>
      </Card>

      {preview ? <Preview preview={preview} draftId={actionData?.draftId ?? null} busy={busy} /> : null}
    </div>
  );
}
