import { Truck } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import { Field, SchemaForm, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import type { OrderStatus } from "~/db/schema";
import { recordPaymentForm, orderPartiesForm } from "~/features/orders/order-forms.schema";
import { shipmentForm } from "~/features/orders/shipment-forms.schema";
import { NEXT_STATUSES, STATUS_ACTION_LABELS } from "~/features/orders/order-status";
import { BALANCE_TERMS, BALANCE_TERMS_LABELS, paymentTermsForm } from "~/features/orders/payment-terms";
import type { FormValues } from "~/lib/forms/submission";

// The order page's panels (issue 44): its status buttons, its parties, its payment terms and its payments. Each is
// a plain form that works without JavaScript; the versioned ones carry the version they were opened on.

export function StatusButtons({ status, version }: { status: OrderStatus; version: string }) {
  const next = NEXT_STATUSES[status];
  if (!next.length) return null;
  return (
    <Form method="post" className="flex flex-wrap gap-2" data-testid="order-status-buttons">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={version} />
      {next.map((to) => (
        <SubmitButton
          key={to}
          name="to"
          value={to}
          variant={to === "cancelled" ? "danger" : "primary"}
          size="sm"
          pendingLabel="Saving..."
        >
          {STATUS_ACTION_LABELS[to]}
        </SubmitButton>
      ))}
    </Form>
  );
}

export function PartiesForm({
  result,
  version,
  consignee,
  notifyParty,
  open,
}: {
  result: unknown;
  version: string;
  consignee: string;
  notifyParty: string;
  open: boolean;
}) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">Consignee and notify party</h2>
      <SchemaForm of={orderPartiesForm} intent="parties" result={result} method="post" version={version}>
        <fieldset disabled={!open} className="grid gap-4 sm:grid-cols-2">
          <TextareaField
            name="consignee"
            label="Consignee"
            hint="Name and address as the documents print them."
            rows={4}
            defaultValue={consignee}
          />
          <TextareaField
            name="notify_party"
            label="Notify party"
            hint="Who the shipping line tells on arrival; often the consignee."
            rows={4}
            defaultValue={notifyParty}
          />
          {open ? (
            <div className="sm:col-span-2">
              <SubmitButton pendingLabel="Saving...">Save Parties</SubmitButton>
            </div>
          ) : null}
        </fieldset>
      </SchemaForm>
    </Card>
  );
}

export function PaymentTermsForm({
  result,
  version,
  values,
  open,
  today,
}: {
  result: unknown;
  version: string;
  values: FormValues;
  open: boolean;
  today: string;
}) {
  const value = (name: string) => String(values[name] ?? "");
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">Payment terms</h2>
      <SchemaForm of={paymentTermsForm} intent="terms" result={result} method="post" version={version}>
        <fieldset disabled={!open} className="grid gap-4 sm:grid-cols-2">
          <Field
            name="advance_percent"
            label="Advance (%)"
            hint="0 for no advance."
            inputMode="numeric"
            defaultValue={value("advance_percent")}
          />
          <Field name="advance_due_date" label="Advance due by" type="date" defaultValue={value("advance_due_date")} />
          <SelectField
            name="balance_terms"
            label="Balance"
            options={BALANCE_TERMS.map((term) => ({ value: term, label: BALANCE_TERMS_LABELS[term] }))}
            defaultValue={value("balance_terms")}
          />
          <Field
            name="balance_due_date"
            label="Balance due by"
            hint="Against documents or CAD; leave empty if not agreed."
            type="date"
            defaultValue={value("balance_due_date")}
          />
          <p className="text-sm font-semibold text-slate-700 sm:col-span-2">
            Letter of credit (when the balance is by LC)
          </p>
          <Field name="lc_number" label="LC number" defaultValue={value("lc_number")} />
          <Field name="lc_issuing_bank" label="Issuing bank" defaultValue={value("lc_issuing_bank")} />
          <Field
            name="lc_expiry_date"
            label="LC expiry"
            type="date"
            min={today}
            defaultValue={value("lc_expiry_date")}
          />
          <Field
            name="lc_latest_shipment_date"
            label="Latest shipment date"
            type="date"
            defaultValue={value("lc_latest_shipment_date")}
          />
          <Field
            name="lc_usance_days"
            label="Usance (days)"
            hint="For an LC at usance, e.g. 90."
            inputMode="numeric"
            defaultValue={value("lc_usance_days")}
          />
          {open ? (
            <div className="sm:col-span-2">
              <SubmitButton pendingLabel="Saving...">Save Payment Terms</SubmitButton>
            </div>
          ) : null}
        </fieldset>
      </SchemaForm>
    </Card>
  );
}

export function RecordPaymentForm({
  result,
  paymentKey,
  currency,
  today,
  nextPart,
}: {
  result: unknown;
  paymentKey: string;
  currency: string;
  today: string;
  nextPart: "advance" | "balance";
}) {
  return (
    <SchemaForm
      of={recordPaymentForm}
      intent="payment"
      result={result}
      method="post"
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="key" value={paymentKey} />
      <SelectField
        name="part"
        label="Against"
        options={[
          { value: "advance", label: "Advance" },
          { value: "balance", label: "Balance" },
        ]}
        defaultValue={nextPart}
      />
      <Field name="amount" label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" />
      <Field name="received_on" label="Received on" type="date" max={today} defaultValue={today} />
      <Field name="reference" label="Reference" hint="The bank's or SWIFT reference." />
      <div className="sm:col-span-2">
        <SubmitButton pendingLabel="Recording...">Record Payment</SubmitButton>
      </div>
    </SchemaForm>
  );
}

/** The order's shipments (partial shipments are several) and 'Add Shipment', which opens the new one's page. */
export function ShipmentsCard({
  orderId,
  shipments,
  open,
  result,
}: {
  orderId: string;
  shipments: Array<{
    id: string;
    reference: string;
    status: string;
    vessel: string;
    eta: string | null;
    containers: number;
    grossKg: string;
  }>;
  open: boolean;
  result: unknown;
}) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">Shipments</h2>
      <AdminTable
        count={shipments.length}
        empty="No shipments yet."
        columns={
          <>
            <th className="px-4 py-3">Shipment</th>
            <th className="px-4 py-3">Status</th>
            <th className="hidden px-4 py-3 sm:table-cell">Vessel</th>
            <th className="hidden px-4 py-3 sm:table-cell">ETA</th>
            <th className="hidden px-4 py-3 text-end sm:table-cell">Containers</th>
          </>
        }
      >
        {shipments.map((shipment) => (
          <tr key={shipment.id} data-testid="order-shipment">
            <td className="px-4 py-2">
              <Link
                to={`/admin/orders/${orderId}/shipments/${shipment.id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {shipment.reference}
              </Link>
            </td>
            <td className="px-4 py-2">{shipment.status}</td>
            <td className="hidden px-4 py-2 sm:table-cell">{shipment.vessel || "—"}</td>
            <td className="hidden px-4 py-2 whitespace-nowrap sm:table-cell">{shipment.eta ?? "—"}</td>
            <td className="hidden px-4 py-2 text-end sm:table-cell">{shipment.containers}</td>
          </tr>
        ))}
      </AdminTable>
      {open ? (
        <SchemaForm of={shipmentForm} intent="add-shipment" result={result} method="post" className="mt-4">
          <SubmitButton pendingLabel="Adding...">
            <Truck className="size-4" aria-hidden /> Add Shipment
          </SubmitButton>
        </SchemaForm>
      ) : null}
    </Card>
  );
}
