import { Anchor, CheckCircle2, Download, FileText, Info, Ship } from "lucide-react";
import { data } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { buyerOrderPage } from "~/features/orders/buyer-order.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { getServices } from "~/services.server";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import type { Route } from "./+types/order";

// The buyer's own page of an order (issue 44): no account, only the unguessable link the emails carry; the whole
// page in the order's language whatever the address. Never cached, never indexed, no Referer.
export const headers = () => PRIVATE_LINK_HEADERS;

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `${loaderData.title} · ${loaderData.company}` : "Order not found" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const page = await buyerOrderPage(db, params.token, { now: now(), timeZone: await siteTimeZone(db) });
  if (!page) throw data("This order link is not valid.", { status: 404, headers: PRIVATE_LINK_HEADERS });
  return page;
}

export default function BuyerOrder({ loaderData }: Route.ComponentProps) {
  const { company, title, ordered, status, cancelled, proforma, lines, columns, terms, total, payments } = loaderData;
  const { shipments, texts } = loaderData;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b-4 border-brand-700 bg-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <p className="text-lg font-bold text-brand-900">{company}</p>
          {proforma ? (
            <a
              href={proforma.href}
              className={buttonClass({ variant: "outline", size: "sm" })}
              data-testid="buyer-proforma"
            >
              <Download className="size-4" aria-hidden /> {proforma.label}
            </a>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
          <p className="text-slate-600">{ordered}</p>
        </div>
        <p
          className={`flex items-start gap-2 rounded-md border p-3 ${cancelled ? "border-amber-300 bg-amber-50 text-amber-900" : "border-brand-200 bg-brand-50 text-brand-900"}`}
          role="status"
          data-testid="buyer-order-status"
        >
          {cancelled ? (
            <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
          ) : (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
          )}
          <span>
            {texts.status}: <strong>{status.label}</strong>
            {cancelled ? <span className="block">{cancelled}</span> : null}
          </span>
        </p>

        <section aria-labelledby="order-products" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="order-products" className="mb-3 text-lg font-semibold text-brand-900">
            {texts.products}
          </h2>
          <ul className="divide-y divide-slate-100">
            {lines.map((line, i) => (
              <li key={i} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <strong>{line.product}</strong>
                  {line.details ? <span className="block text-sm text-slate-600">{line.details}</span> : null}
                  <span className="block text-sm text-slate-700">
                    {line.quantity} · {line.unitPrice}
                  </span>
                </span>
                <span className="font-medium whitespace-nowrap" aria-label={columns.amount}>
                  {line.amount}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-3 font-semibold">
            <span>
              {columns.total} <span className="font-normal text-slate-600">({terms})</span>
            </span>
            <span data-testid="buyer-order-total">{total}</span>
          </p>
        </section>

        <section aria-labelledby="order-payments" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="order-payments" className="mb-3 text-lg font-semibold text-brand-900">
            {texts.payments}
          </h2>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            {payments.parts.map((part) => (
              <div key={part.part}>
                <dt className="text-slate-600">{part.label}</dt>
                <dd>
                  {part.amount}
                  {part.due ? <span className="text-slate-600"> · {part.due}</span> : null}
                </dd>
              </div>
            ))}
            <div>
              <dt className="text-slate-600">{texts.received}</dt>
              <dd data-testid="buyer-order-received">{payments.received}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{texts.outstanding}</dt>
              <dd className="font-semibold" data-testid="buyer-order-outstanding">
                {payments.outstanding}
              </dd>
            </div>
          </dl>
          {payments.list.length ? (
            <ul className="mt-3 space-y-1 text-sm" data-testid="buyer-order-payments">
              {payments.list.map((payment) => (
                <li key={payment.id}>{payment.text}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">{texts.noPayments}</p>
          )}
        </section>

        <section aria-labelledby="order-shipments" className="space-y-4">
          <h2 id="order-shipments" className="text-lg font-semibold text-brand-900">
            {texts.shipments}
          </h2>
          {shipments.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{texts.noShipments}</p>
          ) : null}
          {shipments.map((shipment) => (
            <article
              key={shipment.id}
              className="rounded-lg border border-slate-200 bg-white p-4"
              data-testid="buyer-shipment"
            >
              <h3 className="flex flex-wrap items-center gap-2 font-semibold text-brand-900">
                <Ship className="size-5" aria-hidden /> {shipment.title}
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800">
                  {shipment.status}
                </span>
              </h3>
              {shipment.facts.length ? (
                <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
                  {shipment.facts.map((fact) => (
                    <div key={fact.label}>
                      <dt className="text-slate-600">{fact.label}</dt>
                      <dd className="break-words">{fact.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {shipment.documents.length ? (
                <>
                  <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-800">{texts.documents}</h4>
                  <ul className="space-y-1 text-sm">
                    {shipment.documents.map((document) => (
                      <li key={document.id}>
                        <a
                          href={document.href}
                          className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                        >
                          <FileText className="size-4 shrink-0" aria-hidden /> {document.name}{" "}
                          <bdi className="text-slate-600">{document.number}</bdi>
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : shipment.documentsLater ? (
                <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
                  <Anchor className="mt-0.5 size-4 shrink-0" aria-hidden /> {shipment.documentsLater}
                </p>
              ) : null}
            </article>
          ))}
        </section>
        <p className="text-sm text-slate-600">{texts.question}</p>
      </main>
    </div>
  );
}
