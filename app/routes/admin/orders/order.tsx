import { FileText } from "lucide-react";
import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SiteTime } from "~/components/admin/site-time";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { orderPartiesForm, orderStatusForm, recordPaymentForm } from "~/features/orders/order-forms.schema";
import { deliverOrderMail } from "~/features/orders/order-mail.server";
import { proformaPanel, sendProforma } from "~/features/orders/order-proformas.server";
import { findOrder, termsOf } from "~/features/orders/order-reads.server";
import { isOrderOpen } from "~/features/orders/order-status";
import { asPayments, orderMoney } from "~/features/orders/order-summary.server";
import {
  recordPayment,
  saveOrderParties,
  saveOrderTerms,
  setOrderStatus,
} from "~/features/orders/order-updates.server";
import { parsePaymentTerms, paymentTermsForm, paymentTermsValues } from "~/features/orders/payment-terms";
import { shipmentForm } from "~/features/orders/shipment-forms.schema";
import { shipmentsOf } from "~/features/orders/shipment-reads.server";
import { addShipment } from "~/features/orders/shipment-updates.server";
import { SHIPMENT_STATUS_LABELS, shipmentReference } from "~/features/orders/shipping";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { type FormFailure, parseSubmission } from "~/lib/forms/submission";
import { formatMoney } from "~/lib/money";
import { formatDay, siteToday } from "~/lib/site-time";
import { newId } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { PartiesForm, PaymentTermsForm, ShipmentsCard, StatusButtons } from "./order-panels";
import { PaymentsCard } from "./payments-card";
import { ProformaCard } from "./proforma-card";
import { OrderStatusBadge } from "./order-status-badge";
import type { Route } from "./+types/order";

// One order (issue 44): what was agreed, frozen from the accepted quote; its parties, payment terms and status; its
// payments and what is due. Every intent runs below the admin layout's guard (session and admin role checked).
export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Order ${loaderData.order.number}` : "Order" },
];

const notFound = () => data("Order not found", { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, now } = getServices(context);
  const [found, timeZone, shipments] = await Promise.all([
    findOrder(db, params.orderId),
    siteTimeZone(db),
    shipmentsOf(db, params.orderId),
  ]);
  if (!found) throw notFound();
  const { order, lines, payments } = found;
  const today = siteToday(now(), timeZone);
  const money = (minor: number) => formatMoney(minor, order.currency);
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      version: String(order.version),
      quoteId: order.quote_id,
      quote: `${order.quote_number} v${order.quote_revision}`,
      inquiryId: order.inquiry_id,
      buyer: order.buyer_name,
      email: order.buyer_email,
      company: order.buyer_company,
      country: order.buyer_country,
      currency: order.currency,
      delivery: `${order.incoterm} ${order.named_port}`.trim(),
      consignee: order.consignee,
      notifyParty: order.notify_party,
      bankDetails: order.bank_details,
      createdAt: order.created_at,
      open: isOrderOpen(order.status),
    },
    lines: lines.map((line) => ({
      id: line.id,
      product: line.product_name,
      detail: [line.grade, line.packaging].filter(Boolean).join(" · "),
      hsCode: line.hs_code,
      quantity: `${line.quantity} ${line.unit}`,
      unitPrice: money(Number(line.unit_price_minor)),
      total: money(Number(line.line_total_minor)),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      part: payment.part,
      amount: money(Number(payment.amount_minor)),
      receivedOn: formatDay(payment.received_on),
      reference: payment.reference,
      by: payment.recorded_by_name,
    })),
    shipments: shipments.map((shipment) => ({
      id: shipment.id,
      reference: shipmentReference(order.number, Number(shipment.position)),
      status: SHIPMENT_STATUS_LABELS[shipment.status],
      vessel: [shipment.vessel, shipment.voyage].filter(Boolean).join(" "),
      eta: shipment.eta ? formatDay(shipment.eta) : null,
      containers: shipment.containers,
      grossKg: shipment.grossKg,
    })),
    money: orderMoney(order, asPayments(payments), today),
    termsValues: paymentTermsValues(termsOf(order)),
    today,
    proformas: await proformaPanel({ db, config }, order, timeZone),
    // A new key for each page: 'Record Payment' sent twice (a double click, a resend) records one payment.
    paymentKey: newId(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, now } = services;
  // Orders are on no public page.
  services.changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const page = `/admin/orders/${params.orderId}`;
  const failed = <T extends { ok: boolean; status?: number }>(result: T) => {
    if (!result.ok && result.status === 404) throw notFound();
  };
  if (intent === "parties") {
    const submission = parseSubmission(form, orderPartiesForm.schema);
    if (!submission.ok)
      return formFailure({ ...submission, form: intent }, orderPartiesForm.invalidToast(submission.errors));
    const saved = await saveOrderParties(db, actor, params.orderId, submission.value, now());
    failed(saved);
    if (!saved.ok) return refuse({ ...submission, form: intent }, saved, saved.status);
    return redirectWithToast(page, successToast("Parties Saved", `${saved.number}: consignee and notify party saved.`));
  }
  if (intent === "terms") {
    const submission = parsePaymentTerms(form);
    if (!submission.ok)
      return formFailure({ ...submission, form: intent }, paymentTermsForm.invalidToast(submission.errors));
    const version = Number(form.get("version"));
    const saved = await saveOrderTerms(db, actor, params.orderId, version, submission.value, now());
    failed(saved);
    if (!saved.ok) return refuse({ ...submission, form: intent }, saved, saved.status);
    return redirectWithToast(page, successToast("Payment Terms Saved", `${saved.number}: payment terms saved.`));
  }
  if (intent === "status") {
    const submission = parseSubmission(form, orderStatusForm.schema);
    if (!submission.ok)
      return formFailure({ ...submission, form: intent }, errorToast("Status Not Changed", "Reload the order."));
    const { version, to } = submission.value;
    const saved = await setOrderStatus(db, actor, params.orderId, version, to, now());
    failed(saved);
    if (!saved.ok) return refuse({ ...submission, form: intent }, saved, saved.status);
    return redirectWithToast(page, successToast("Status Changed", `${saved.number} is saved.`));
  }
  if (intent === "add-shipment") {
    const submission = parseSubmission(form, shipmentForm.schema);
    if (!submission.ok)
      return formFailure({ ...submission, form: intent }, shipmentForm.invalidToast(submission.errors));
    const added = await addShipment(db, actor, params.orderId, submission.value, now());
    failed(added);
    if (!added.ok) return refuse({ ...submission, form: intent }, added, added.status);
    return redirectWithToast(
      `${page}/shipments/${added.id}`,
      successToast("Shipment Added", `${added.reference}: add its containers.`),
    );
  }
  if (intent === "proforma") {
    const sent = await sendProforma(services, actor, params.orderId, Number(form.get("version")), {
      now: now(),
      timeZone: await siteTimeZone(db),
    });
    failed(sent);
    if (!sent.ok) return refuse({ values: {}, form: intent }, sent, sent.status);
    const what = `${sent.number}: proforma revision ${sent.revision}`;
    if (sent.emailError)
      return redirectWithToast(
        page,
        errorToast("Email Not Sent", `${what} is saved; its email failed and will be retried.`),
      );
    return redirectWithToast(
      page,
      successToast("Proforma Sent", sent.emailed ? `${what} emailed to the buyer.` : `${what} saved: email is off.`),
    );
  }
  if (intent === "payment") {
    const submission = parseSubmission(form, recordPaymentForm.schema);
    if (!submission.ok)
      return formFailure({ ...submission, form: intent }, recordPaymentForm.invalidToast(submission.errors));
    const recorded = await recordPayment(db, actor, params.orderId, submission.value, {
      now: now(),
      timeZone: await siteTimeZone(db),
      mail: teamMailConfigured(services.config),
    });
    failed(recorded);
    if (!recorded.ok) return refuse({ ...submission, form: intent }, recorded, recorded.status);
    // The buyer's 'payment received' email, tried once now; the outbox retries it while the server refuses.
    await deliverOrderMail(services, recorded.outboxId ?? null, now);
    return redirectWithToast(
      page,
      successToast("Payment Recorded", `${recorded.amount} received against ${recorded.number}.`),
    );
  }
  return formFailure({}, errorToast("Error", "Unknown request."));
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, payments, money, termsValues, today, paymentKey, shipments, proformas } = loaderData;
  const failure = actionData as FormFailure | undefined;
  useToastOnChange(failure?.form === "status" || failure?.form === "proforma" ? failure.toast : undefined);
  return (
    <div className="max-w-6xl space-y-6">
      <AdminPageHeader title={`Order ${order.number}`} back={{ to: "/admin/orders", label: "Back to Orders" }}>
        <a href={`/admin/orders/${order.id}/proforma.pdf`} className={buttonClass({ variant: "outline" })}>
          <FileText className="size-4" aria-hidden /> Proforma Invoice
        </a>
      </AdminPageHeader>
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Status</dt>
              <dd>
                <OrderStatusBadge status={order.status} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">From quote</dt>
              <dd>
                <Link to={`/admin/quotes/${order.quoteId}`} className="font-medium text-brand-700 hover:underline">
                  {order.quote}
                </Link>
                {order.inquiryId ? (
                  <>
                    {" · "}
                    <Link to={`/admin/inquiries/${order.inquiryId}`} className="text-brand-700 hover:underline">
                      Inquiry
                    </Link>
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Buyer</dt>
              <dd className="break-words">
                {order.buyer}
                {order.company ? `, ${order.company}` : ""}
                {order.country ? ` (${order.country})` : ""}
                <span className="block text-slate-600">{order.email}</span>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Delivery · Total</dt>
              <dd>
                {order.delivery} · <span className="font-semibold">{money.total}</span>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Created</dt>
              <dd>
                <SiteTime iso={order.createdAt} />
              </dd>
            </div>
          </dl>
          <StatusButtons status={order.status} version={order.version} />
        </div>
      </Card>

      <Card>
        <h2 className="mb-4 text-lg font-semibold text-brand-900">Lines (as accepted)</h2>
        <AdminTable
          count={lines.length}
          empty="This order has no lines."
          columns={
            <>
              <th className="px-4 py-3">Product</th>
              <th className="hidden px-4 py-3 sm:table-cell">HS code</th>
              <th className="hidden px-4 py-3 text-end sm:table-cell">Quantity</th>
              <th className="hidden px-4 py-3 text-end sm:table-cell">Unit price</th>
              <th className="px-4 py-3 text-end">Total</th>
            </>
          }
        >
          {lines.map((line) => (
            <tr key={line.id}>
              <td className="px-4 py-2 break-words">
                {line.product}
                {line.detail ? <span className="block text-xs text-slate-600">{line.detail}</span> : null}
                <span className="block text-xs text-slate-600 sm:hidden">{line.quantity}</span>
              </td>
              <td className="hidden px-4 py-2 sm:table-cell">{line.hsCode ?? "—"}</td>
              <td className="hidden px-4 py-2 text-end whitespace-nowrap sm:table-cell">{line.quantity}</td>
              <td className="hidden px-4 py-2 text-end whitespace-nowrap sm:table-cell">{line.unitPrice}</td>
              <td className="px-4 py-2 text-end whitespace-nowrap">{line.total}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>

      <ProformaCard panel={proformas} version={order.version} open={order.status !== "cancelled"} />

      <ShipmentsCard
        orderId={order.id}
        shipments={shipments}
        open={order.status !== "cancelled" && order.status !== "completed"}
        result={actionData}
      />

      <PaymentsCard
        money={money}
        payments={payments}
        status={order.status}
        currency={order.currency}
        result={actionData}
        paymentKey={paymentKey}
        today={today}
      />

      <PaymentTermsForm
        result={actionData}
        version={order.version}
        values={termsValues}
        open={order.open}
        today={today}
      />
      <PartiesForm
        key={`parties-${order.version}`}
        result={actionData}
        version={order.version}
        consignee={order.consignee}
        notifyParty={order.notifyParty}
        open={order.open}
      />
      {order.bankDetails ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-brand-900">Bank details (as when the order was made)</h2>
          <p className="text-sm whitespace-pre-line">{order.bankDetails}</p>
        </Card>
      ) : null}
    </div>
  );
}
