import { AlertTriangle, CheckCircle2, FileText } from "lucide-react";
import { Form } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import { SiteTime } from "~/components/admin/site-time";
import { StatusBadge } from "~/components/admin/status-badge";
import { ErrorList, Field, FieldLabel, SchemaForm, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { FileInput } from "~/components/forms/file-input";
import { useField } from "~/components/forms/form";
import type { ShipmentPageData } from "~/features/orders/shipment-page.server";
import { AddContainerForm } from "./add-container-form";
import { shipmentForm, uploadDocumentForm } from "~/features/orders/shipment-forms.schema";
import {
  kilograms,
  MADE_DOCUMENTS,
  type MadeDocumentKind,
  SHIPMENT_STATUS_LABELS,
  UPLOADED_DOCUMENTS,
} from "~/features/orders/shipping";

// The shipment page's panels (issue 44). Each is a plain form that works without JavaScript.

type Props = { page: ShipmentPageData; result: unknown };

const SHIPMENT_BADGE: Record<string, string> = {
  planned: "bg-slate-100 text-slate-800",
  stuffed: "bg-amber-100 text-amber-900",
  sailed: "bg-sky-100 text-sky-900",
  arrived: "bg-indigo-100 text-indigo-900",
  delivered: "bg-emerald-100 text-emerald-900",
};

export function VoyageCard({ page, result }: Props) {
  const { shipment, order } = page;
  const value = (name: keyof typeof shipment.values) => shipment.values[name];
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm">
          <StatusBadge
            label={SHIPMENT_STATUS_LABELS[shipment.status]}
            tone={SHIPMENT_BADGE[shipment.status]!}
            testId="shipment-status"
          />
          <span className="ms-3 text-slate-700">
            {order.buyer}
            {order.country ? ` (${order.country})` : ""} · {order.delivery}
          </span>
        </div>
        {shipment.next ? (
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="version" value={shipment.version} />
            <SubmitButton name="to" value={shipment.next.to} size="sm" pendingLabel="Saving...">
              {shipment.next.label}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">Voyage</h2>
      <SchemaForm
        key={shipment.version}
        of={shipmentForm}
        intent="voyage"
        result={result}
        method="post"
        version={shipment.version}
        className="grid gap-4 sm:grid-cols-3"
      >
        <Field name="shipping_line" label="Shipping line" defaultValue={value("shipping_line")} />
        <Field name="vessel" label="Vessel" defaultValue={value("vessel")} />
        <Field name="voyage" label="Voyage" defaultValue={value("voyage")} />
        <Field name="port_of_loading" label="Port of loading" defaultValue={value("port_of_loading")} />
        <Field name="port_of_discharge" label="Port of discharge" defaultValue={value("port_of_discharge")} />
        <span className="hidden sm:block" />
        <Field name="etd" label="ETD" type="date" defaultValue={value("etd")} />
        <Field name="eta" label="ETA" type="date" defaultValue={value("eta")} />
        <span className="hidden sm:block" />
        <Field name="bl_number" label="Bill of lading number" defaultValue={value("bl_number")} />
        <Field name="bl_date" label="Bill of lading date" type="date" defaultValue={value("bl_date")} />
        <div className="sm:col-span-3">
          <SubmitButton pendingLabel="Saving...">Save Voyage</SubmitButton>
        </div>
      </SchemaForm>
    </Card>
  );
}

export function ContainersCard({ page, result }: Props) {
  const { containers, totals, shipment } = page;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold text-brand-900">Containers</h2>
      <p className="mb-4 text-sm text-slate-700" data-testid="shipment-totals">
        {containers.length} {containers.length === 1 ? "container" : "containers"} · {totals.packages} packages · net{" "}
        {kilograms(totals.netKg)} · gross {kilograms(totals.grossKg)} · value {totals.value}
      </p>
      <ul className="space-y-4" data-testid="containers">
        {containers.map((container) => (
          <li key={container.id} className="rounded-md border border-slate-200 p-3">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-brand-900">
                {container.number}
                <span className="ms-2 text-sm font-normal text-slate-700">
                  {container.type}
                  {container.temperature ? ` · set at ${container.temperature}` : ""}
                  {container.seal ? ` · seal ${container.seal}` : ""}
                </span>
              </p>
              {shipment.packing ? (
                <RemoveForm intent="remove-container" field="container_id" id={container.id} what={container.number} />
              ) : null}
            </div>
            <ul className="text-sm text-slate-800">
              {container.lines.map((line) => (
                <li key={line.id}>
                  {line.product}: {line.quantity} · {line.packages} · net {kilograms(line.netKg)} · gross{" "}
                  {kilograms(line.grossKg)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {shipment.packing ? <AddContainerForm page={page} result={result} /> : null}
    </Card>
  );
}

export function DocumentsCard({ page, result }: Props) {
  const { documents, checklist, order, shipment } = page;
  const flagged = documents.filter((document) => document.differences.length && !document.accepted);
  const accepted = documents.filter((document) => document.accepted).length;
  const base = `/admin/orders/${order.id}/shipments/${shipment.id}/documents`;
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">Documents</h2>
      <div className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(MADE_DOCUMENTS) as MadeDocumentKind[]).map((kind) => {
          const made = documents.find((document) => document.kind === kind && document.made);
          return (
            <Form method="post" key={kind}>
              <input type="hidden" name="intent" value="make" />
              <SubmitButton name="kind" value={kind} variant="outline" size="sm" pendingLabel="Making...">
                <FileText className="size-4" aria-hidden />
                {made ? `Make ${MADE_DOCUMENTS[kind].label} Again` : MADE_DOCUMENTS[kind].label}
              </SubmitButton>
            </Form>
          );
        })}
      </div>

      <section aria-labelledby="documents-agree" className="mb-6" data-testid="documents-agree">
        <h3 id="documents-agree" className="mb-2 font-semibold text-brand-900">
          Documents agree
        </h3>
        {!documents.length ? (
          <p className="text-sm text-slate-700">No documents yet: make the invoice and packing list, or upload one.</p>
        ) : flagged.length ? (
          <p
            className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900"
            role="status"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {flagged.length === 1 ? "1 document differs" : `${flagged.length} documents differ`}: check before sending.
          </p>
        ) : (
          <p
            className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900"
            role="status"
          >
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            {accepted
              ? `No open differences: those of ${accepted === 1 ? "1 document were" : `${accepted} documents were`} accepted.`
              : "Every document agrees with the order and the containers."}
          </p>
        )}
      </section>

      <AdminTable
        count={documents.length}
        empty="No documents yet."
        columns={
          <>
            <th className="px-4 py-3">Document</th>
            <th className="hidden px-4 py-3 sm:table-cell">Date</th>
            <th className="px-4 py-3">Agrees</th>
          </>
        }
      >
        {documents.map((document) => (
          <tr key={document.id} data-testid="shipment-document" className="align-top">
            <td className="px-4 py-2 break-words">
              <a href={`${base}/${document.id}`} className="font-medium text-brand-700 hover:underline">
                {document.label}
              </a>
              {document.revision > 1 ? <span className="text-slate-600"> · revision {document.revision}</span> : null}
              <span className="block text-xs text-slate-600">
                {document.made ? "Made here" : `Uploaded${document.fileName ? `: ${document.fileName}` : ""}`}
                {document.by ? ` by ${document.by}` : ""}
              </span>
              {!document.made ? (
                <RemoveForm
                  intent="remove-document"
                  field="document_id"
                  id={document.id}
                  what={document.label}
                  className="mt-2"
                />
              ) : null}
            </td>
            <td className="hidden px-4 py-2 whitespace-nowrap sm:table-cell">{document.issuedOn}</td>
            <td className="px-4 py-2 text-sm">
              {!document.differences.length ? (
                <span className="text-emerald-800">Agrees</span>
              ) : (
                <>
                  <ul className={`space-y-1 ${document.accepted ? "text-slate-700" : "text-red-800"}`}>
                    {document.differences.map((difference) => (
                      <li key={difference}>{difference}</li>
                    ))}
                  </ul>
                  {document.accepted ? (
                    <p className="mt-1 text-xs text-slate-600">
                      Accepted by {document.acceptedBy}
                      {document.acceptedAt ? (
                        <>
                          {" "}
                          on <SiteTime iso={document.acceptedAt} />
                        </>
                      ) : null}
                    </p>
                  ) : (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="accept" />
                      <input type="hidden" name="document_id" value={document.id} />
                      <input type="hidden" name="seen" value={document.differencesKey} />
                      <SubmitButton variant="outline" size="sm" pendingLabel="Saving...">
                        Accept Differences
                      </SubmitButton>
                    </Form>
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>

      <section aria-labelledby="checklist" className="mt-6" data-testid="country-checklist">
        <h3 id="checklist" className="mb-2 font-semibold text-brand-900">
          What {order.country || "the destination"} asks for
        </h3>
        {checklist.items.length ? (
          <ul className="space-y-1 text-sm">
            {checklist.items.map((item) => (
              <li key={item.kind} className={item.done ? "text-emerald-800" : "text-slate-800"}>
                {item.done ? "✓" : "○"} {item.label}
                {item.note ? <span className="text-slate-600"> ({item.note})</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">
            No checklist for this country yet: add one under{" "}
            <a className="text-brand-700 underline" href="/admin/orders/countries">
              Documents by Country
            </a>
            .
          </p>
        )}
      </section>

      {/* A new form once a document is in: what was just uploaded is not left in it to be sent again. */}
      <UploadDocumentForm key={documents.length} result={result} />
    </Card>
  );
}

function UploadDocumentForm({ result }: { result: unknown }) {
  const file = useField("file");
  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="mb-4 font-semibold text-brand-900">Upload Document</h3>
      <SchemaForm
        of={uploadDocumentForm}
        intent="upload"
        result={result}
        method="post"
        encType="multipart/form-data"
        className="grid gap-4 sm:grid-cols-3"
      >
        <SelectField
          name="kind"
          label="Document"
          options={Object.entries(UPLOADED_DOCUMENTS).map(([value, label]) => ({ value, label }))}
        />
        <Field name="document_number" label="Document number" />
        <Field name="issued_on" label="Date of issue" type="date" />
        <div className="sm:col-span-3">
          <FieldLabel htmlFor="file" required>
            File (PDF, JPEG or PNG)
          </FieldLabel>
          <FileInput name="file" accept="application/pdf,image/jpeg,image/png" required maxBytes={null} />
          <ErrorList id={file.errorId} errors={file.errors} />
        </div>
        <p className="text-sm text-slate-700 sm:col-span-3">
          What the document states, to be checked against the shipment (leave empty what it does not state):
        </p>
        <TextareaField name="consignee" label="Consignee" rows={2} />
        <Field name="net_kg" label="Net weight (kg)" inputMode="decimal" />
        <Field name="gross_kg" label="Gross weight (kg)" inputMode="decimal" />
        <div className="sm:col-span-3">
          <SubmitButton pendingLabel="Uploading...">Upload Document</SubmitButton>
        </div>
      </SchemaForm>
    </div>
  );
}

/** 'Remove' on one container or document, named for screen readers by what it removes. */
function RemoveForm(props: { intent: string; field: string; id: string; what: string; className?: string }) {
  return (
    <Form method="post" className={props.className}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name={props.field} value={props.id} />
      <SubmitButton variant="outline" size="sm" pendingLabel="Removing..." aria-label={`Remove ${props.what}`}>
        Remove
      </SubmitButton>
    </Form>
  );
}
