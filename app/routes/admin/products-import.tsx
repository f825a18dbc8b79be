import { FileUp } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader, Card } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import { applyImport, parseProductsCsv, planImport } from "~/features/catalogue/csv.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-import";
import { readFormData } from "~/lib/form-data.server";

export const meta = () => [{ title: "Import Products (CSV)" }];

const MAX_CSV_BYTES = 20 * 1024 * 1024;
const NOTHING_TO_IMPORT: ToastInput = {
  title: "No Products to Import",
  description: "CSV might be empty or products are missing required fields (name, slug, valid category_slug).",
  variant: "destructive",
};

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  let text: string;
  if (intent === "preview") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return data({ toast: { title: "Import Error", description: "Please choose a CSV file.", variant: "destructive" } as ToastInput, preview: null }, { status: 400 });
    if (file.size > MAX_CSV_BYTES) return data({ toast: { title: "Import Error", description: "The file is larger than 20 MB.", variant: "destructive" } as ToastInput, preview: null }, { status: 400 });
    text = await file.text();
  } else {
    text = String(form.get("csv") ?? "");
  }
  const parsed = parseProductsCsv(text);
  if (!parsed.ok) return data({ toast: { title: "Import Error", description: parsed.message, variant: "destructive" } as ToastInput, preview: null }, { status: 400 });
  const plan = await planImport(db, parsed.rows);
  if (plan.add.length + plan.update.length === 0) {
    return data({ toast: NOTHING_TO_IMPORT, preview: { add: 0, update: 0, skipped: plan.skipped.slice(0, 200), skippedCount: plan.skipped.length, csv: "" } }, { status: 400 });
  }
  if (intent === "import") {
    const count = await applyImport(db, plan);
    throw redirect("/admin/manage-products", { headers: { "Set-Cookie": flashCookie({ title: "Import Successful", description: `${count} products imported.`, variant: "success" }) } });
  }
  return { toast: null, preview: { add: plan.add.length, update: plan.update.length, skipped: plan.skipped.slice(0, 200), skippedCount: plan.skipped.length, csv: text } };
}

export default function ImportProducts({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useToastOnChange(actionData?.toast);
  const preview = actionData?.preview;
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader title="Import Products (CSV)" back={{ to: "/admin/manage-products", label: "Back to Products" }} />
      <Card>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value="preview" />
          <p className="text-sm text-muted">
            Columns: name, slug, category_slug, description, specifications (JSON), export_info, is_featured (true/false), image_url, gallery_images (JSON list). A
            row whose category and slug match an existing product updates it.
          </p>
          <label htmlFor="file" className="block text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input id="file" name="file" type="file" accept=".csv,text/csv" required className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800" />
          <button type="submit" disabled={busy} className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70">
            <FileUp className="size-4" aria-hidden /> {busy && navigation.formData?.get("intent") === "preview" ? "Reading..." : "Preview Import"}
          </button>
        </Form>
      </Card>

      {preview ? (
        <Card>
          <h2 className="text-lg font-semibold text-brand-900">Preview</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="import-summary">
            <li className="rounded-lg bg-brand-50 p-3"><span className="block text-2xl font-bold text-brand-900">{preview.add}</span> to add</li>
            <li className="rounded-lg bg-sky-50 p-3"><span className="block text-2xl font-bold text-sky-900">{preview.update}</span> to update</li>
            <li className="rounded-lg bg-amber-50 p-3"><span className="block text-2xl font-bold text-amber-900">{preview.skippedCount}</span> to skip</li>
          </ul>
          {preview.skipped.length ? (
            <table className="mt-4 w-full text-left text-sm">
              <caption className="mb-2 text-left font-medium text-slate-700">Rows that will be skipped</caption>
              <thead className="text-xs text-slate-600 uppercase">
                <tr><th className="py-1 pr-4">Line</th><th className="py-1 pr-4">Name</th><th className="py-1">Reason</th></tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.skipped.map((row) => (
                  <tr key={row.line}><td className="py-1 pr-4">{row.line}</td><td className="py-1 pr-4">{row.name || "—"}</td><td className="py-1">{row.reason}</td></tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {preview.add + preview.update > 0 ? (
            <Form method="post" className="mt-5">
              <input type="hidden" name="intent" value="import" />
              <textarea name="csv" defaultValue={preview.csv} hidden readOnly aria-hidden />
              <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70">
                {busy ? "Importing..." : `Import ${preview.add + preview.update} Products`}
              </button>
            </Form>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
