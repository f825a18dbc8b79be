import { Download, ExternalLink, FileSpreadsheet, FileUp, Tags } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { Card } from "~/components/admin/card";
import {
  CheckboxField,
  ErrorList,
  Field,
  FieldLabel,
  SchemaForm,
  SelectField,
  SubmitButton,
  TextareaField,
} from "~/components/forms";
import { FileInput } from "~/components/forms/file-input";
import { useField } from "~/components/forms/form";
import { buttonClass } from "~/components/ui/button";
import { lotPath } from "~/features/lots/lot-code";
import { lotForm, lotImportForm } from "~/features/lots/lot-forms.schema";
import type { ShipmentLotsPanel } from "~/features/lots/lot-reads.server";

// The shipment page's 'Lots' card (issue 45): each container line's lots, one form to add a lot or edit the one
// chosen (`?lot=<id>`, so every form works without JavaScript and the page holds one set of lot fields), the sheet
// import, the label sheet. Plain forms, like the page's other cards.

/** The card's forms, whose refusals it shows itself (the page shows the others' as a toast only). */
export const isLotForm = (form: string | undefined) =>
  form === "add-lot" || form === "edit-lot" || form === "import-lots";

type Lot = ShipmentLotsPanel["lines"][number]["lots"][number];
type Props = { order: string; shipment: string; lots: ShipmentLotsPanel; result: unknown };

export function LotsCard({ order, shipment, lots, result }: Props) {
  const [search] = useSearchParams();
  const base = `/admin/orders/${order}/shipments/${shipment}`;
  const editing = lots.lines.flatMap((line) => line.lots).find((lot) => lot.id === search.get("lot"));
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-brand-900">Lots</h2>
        {lots.count ? (
          <a href={`${base}/lot-labels.pdf`} className={buttonClass({ variant: "outline", size: "sm" })}>
            <Tags className="size-4" aria-hidden /> Label Sheet (PDF)
          </a>
        ) : null}
      </div>
      {!lots.lines.length ? (
        <p className="text-sm text-slate-700">Add the shipment's containers first: each lot is on a container line.</p>
      ) : (
        <div className="space-y-5" data-testid="lots">
          {lots.lines.map((line) => (
            <section key={line.id} aria-label={`${line.container}: ${line.product}`}>
              <h3 className="mb-2 font-semibold text-brand-900">
                {line.container} <span className="font-normal text-slate-700">· {line.product}</span>
              </h3>
              {line.lots.length ? (
                <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                  {line.lots.map((lot) => (
                    <LotRow key={lot.id} lot={lot} base={base} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No lots yet.</p>
              )}
            </section>
          ))}
        </div>
      )}
      {lots.lines.length ? (
        editing ? (
          <LotForm key={editing.id} lines={lots.lines} lot={editing} base={base} result={result} />
        ) : (
          <LotForm key={`add-${lots.count}`} lines={lots.lines} base={base} result={result} />
        )
      ) : null}
      {lots.lines.length ? <ImportLotsForm key={lots.count} base={base} result={result} /> : null}
    </Card>
  );
}

function LotRow({ lot, base }: { lot: Lot; base: string }) {
  const { values } = lot;
  return (
    <li className="grid gap-2 p-3 text-sm sm:grid-cols-12" data-testid="lot">
      <div className="sm:col-span-3">
        <p className="font-semibold">Lot {lot.position}</p>
        <a
          href={lotPath(lot.code)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-mono text-brand-700 hover:underline"
        >
          {lot.code}
          <ExternalLink className="size-3" aria-hidden />
          <span className="sr-only">(its public page)</span>
        </a>
      </div>
      <div className="sm:col-span-3">
        <p>{values.origin}</p>
        {values.farm_registration ? <p className="text-slate-600">Farm {values.farm_registration}</p> : null}
        <p className="text-slate-600">
          Harvested {values.harvest_date || "—"} · packed {values.packing_date || "—"}
        </p>
      </div>
      <div className="sm:col-span-4">
        <p>
          {values.test_lab || values.test_result
            ? `${values.test_lab}${values.test_lab && values.test_result ? ": " : ""}${values.test_result}`
            : "No test yet"}
        </p>
        {values.phyto_number ? <p className="text-slate-600">Phyto {values.phyto_number}</p> : null}
        {lot.report ? (
          <p>
            <a href={`${base}/lots/${lot.id}/report`} className="text-brand-700 hover:underline">
              {lot.report.name}
            </a>{" "}
            <span className="text-slate-600">({lot.report.public ? "shown on the lot page" : "private"})</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:col-span-2 sm:justify-end">
        <Link
          to={`?lot=${lot.id}#lot-form`}
          preventScrollReset
          className={buttonClass({ variant: "outline", size: "sm" })}
          aria-label={`Edit lot ${lot.position}`}
        >
          Edit
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="delete-lot" />
          <input type="hidden" name="lot_id" value={lot.id} />
          <SubmitButton
            variant="outline"
            size="sm"
            pendingLabel="Deleting..."
            aria-label={`Delete lot ${lot.position}`}
          >
            Delete
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}

/** 'Add Lot' (on the container line chosen), or the chosen lot's 'Save Lot'. */
function LotForm({
  lines,
  lot,
  base,
  result,
}: {
  lines: ShipmentLotsPanel["lines"];
  lot?: Lot;
  base: string;
  result: unknown;
}) {
  const values = lot?.values;
  return (
    <div id="lot-form" className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="mb-4 font-semibold text-brand-900">
        {lot ? `Edit Lot ${lot.position} (${lot.code})` : "Add Lot"}
      </h3>
      <SchemaForm
        of={lotForm}
        intent={lot ? "edit-lot" : "add-lot"}
        result={result}
        method="post"
        encType="multipart/form-data"
        className="grid gap-4 sm:grid-cols-3"
      >
        {lot ? (
          <>
            <input type="hidden" name="lot_id" value={lot.id} />
            <input type="hidden" name="seen" value={lot.seen} />
          </>
        ) : (
          <SelectField
            name="container_line_id"
            label="Container and product"
            className="sm:col-span-3"
            placeholder="Choose..."
            defaultValue={lines.length === 1 ? lines[0]!.id : undefined}
            required
            options={lines.map((line) => ({ value: line.id, label: `${line.container} · ${line.product}` }))}
          />
        )}
        <Field
          name="origin"
          label="Origin"
          hint="The region or registered farm, e.g. Lasalgaon, Nashik (Maharashtra)."
          defaultValue={values?.origin}
          className="sm:col-span-2"
        />
        <Field name="farm_registration" label="Farm registration" defaultValue={values?.farm_registration} />
        <Field name="harvest_date" label="Harvest date" type="date" defaultValue={values?.harvest_date} />
        <Field name="packing_date" label="Packing date" type="date" defaultValue={values?.packing_date} />
        <Field name="phyto_number" label="Phyto number" defaultValue={values?.phyto_number} />
        <Field name="test_lab" label="Test lab" defaultValue={values?.test_lab} />
        <TextareaField
          name="test_result"
          label="Test result"
          rows={2}
          className="sm:col-span-2"
          defaultValue={values?.test_result}
        />
        <ReportField />
        <CheckboxField
          name="report_public"
          label="Show the report on the lot page"
          defaultChecked={lot?.report?.public ?? false}
          className="sm:col-span-3"
        />
        {lot?.report ? (
          <CheckboxField
            name="remove_report"
            label={`Remove the report (${lot.report.name})`}
            className="sm:col-span-3"
          />
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <SubmitButton pendingLabel="Saving...">{lot ? "Save Lot" : "Add Lot"}</SubmitButton>
          {lot ? (
            <Link to={base} className={buttonClass({ variant: "outline" })}>
              Cancel
            </Link>
          ) : null}
        </div>
      </SchemaForm>
    </div>
  );
}

function ReportField() {
  const report = useField("report");
  return (
    <div className="sm:col-span-3">
      <FieldLabel htmlFor="report">Test report (PDF, JPEG or PNG)</FieldLabel>
      <FileInput name="report" accept="application/pdf,image/jpeg,image/png" maxBytes={null} />
      <ErrorList id={report.errorId} errors={report.errors} />
    </div>
  );
}

/** 'Import Lots' from a sheet, with its templates (this shipment's container lines filled in). */
function ImportLotsForm({ base, result }: { base: string; result: unknown }) {
  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="mb-2 font-semibold text-brand-900">Import Lots</h3>
      <p className="mb-3 text-sm text-slate-700">
        One lot a row: container number, product (as the order names it), lot code (empty for a new lot; a code of this
        shipment's changes that lot), origin, farm registration, harvest date, packing date (YYYY-MM-DD), test lab, test
        result and phyto number. A row that cannot be read stops the import: nothing is imported.
      </p>
      <p className="mb-4 flex flex-wrap gap-2">
        <a href={`${base}/lots-template/csv`} className={buttonClass({ variant: "outline", size: "sm" })}>
          <Download className="size-4" aria-hidden /> Template (CSV)
        </a>
        <a href={`${base}/lots-template/xlsx`} className={buttonClass({ variant: "outline", size: "sm" })}>
          <FileSpreadsheet className="size-4" aria-hidden /> Template (XLSX)
        </a>
      </p>
      <SchemaForm
        of={lotImportForm}
        intent="import-lots"
        result={result}
        method="post"
        encType="multipart/form-data"
        className="space-y-3"
      >
        <SheetField />
        <SubmitButton pendingLabel="Importing...">
          <FileUp className="size-4" aria-hidden /> Import Lots
        </SubmitButton>
      </SchemaForm>
    </div>
  );
}

/** Inside the form, so it reads the refusal's messages (each refused row). */
function SheetField() {
  const sheet = useField("sheet");
  return (
    <div>
      <FieldLabel htmlFor="sheet" required>
        Lots sheet (CSV or XLSX)
      </FieldLabel>
      <FileInput
        name="sheet"
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        required
        maxBytes={null}
      />
      <ErrorList id={sheet.errorId} errors={sheet.errors} />
    </div>
  );
}
