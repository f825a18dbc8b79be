import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { data } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { clearQuoteDraft } from "~/components/site/quote-draft";
import { siteData } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { QUOTE_SENT_PAGE } from "~/features/quotes/paths";
import { readQuoteSummary } from "~/features/quotes/quote-summary.server";
import { inquiryReference, lineQuantity, monthText, REPLY_TIME_TEXT } from "~/features/inquiries/quote-text";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { getServices } from "~/services.server";
import type { Route } from "./+types/request-quote-sent";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  // Only the browser that sent the request holds its (signed, hour-long) cookie: see quote-summary.server.ts.
  const found = await readQuoteSummary(db, request);
  const summary = found && {
    reference: inquiryReference(found.inquiry.id),
    lines: found.lines.map((line) => ({ ...line, quantityText: lineQuantity(line) })),
    buyer: {
      company: found.inquiry.company,
      fullName: found.inquiry.full_name,
      email: found.inquiry.email,
      phone: found.inquiry.phone,
      country: found.inquiry.country,
      destinationPort: found.inquiry.destination_port,
      incoterm: found.inquiry.incoterm,
      deliveryMonth: monthText(found.inquiry.delivery_month),
      message: found.inquiry.message,
    },
  };
  return data({ summary }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      {
        title: `Quote Request Sent | ${COMPANY_NAME}`,
        description: "Your quote request has been sent.",
        path: QUOTE_SENT_PAGE,
        origin: siteData(matches).origin,
      },
      matches,
    ),
    { name: "robots", content: "noindex" },
  ];
}

export default function QuoteRequestSent({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  // The request is sent: what was typed for it is not offered again.
  useEffect(clearQuoteDraft, []);
  if (!summary) {
    return (
      <>
        <PageHeader title="Request a Quote" />
        <section className="container-page py-12 sm:py-16">
          <EmptyState title="There is no recent request to show.">
            <p>The summary of a quote request is shown for an hour after sending, in the browser that sent it.</p>
            <ButtonLink to="/our-products" className="mt-6">
              Browse Our Products
            </ButtonLink>
          </EmptyState>
        </section>
      </>
    );
  }
  const { lines, buyer, reference } = summary;
  const details = [
    ["Company", buyer.company],
    ["Full Name", buyer.fullName],
    ["Email Address", buyer.email],
    ["Phone Number", buyer.phone],
    ["Country", buyer.country],
    ["Destination Port", buyer.destinationPort],
    ["Incoterm", buyer.incoterm],
    ["Target Delivery Month", buyer.deliveryMonth],
  ].filter((row): row is [string, string] => !!row[1]);
  return (
    <>
      <PageHeader title="Quote Request Sent">
        Thank you, {buyer.fullName}. We have received your request and will reply to {buyer.email} with prices and
        availability. {REPLY_TIME_TEXT}
        <span className="mt-3 block" data-testid="sent-reference">
          Your reference: <strong>{reference}</strong>
        </span>
      </PageHeader>
      <section className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="flex items-center gap-2 text-2xl font-bold text-brand-900">
            <CheckCircle2 className="size-6 text-brand-600" aria-hidden /> Your Products
          </h2>
          <ul className="mt-6 divide-y divide-slate-200" data-testid="sent-lines">
            {lines.map((line, i) => (
              <li key={i} className="py-4 first:pt-0 last:pb-0">
                <p className="font-semibold text-brand-900">{line.product_name}</p>
                <p className="mt-1 text-slate-700">
                  {line.quantityText}
                  {line.grade ? `, grade ${line.grade}` : ""}
                  {line.packaging ? `, ${line.packaging}` : ""}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-2xl font-bold text-brand-900">Your Details</h2>
          <dl className="mt-6 space-y-3 text-sm" data-testid="sent-details">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
            {buyer.message ? (
              <div>
                <dt className="font-medium text-slate-600">Message</dt>
                <dd className="break-words whitespace-pre-line text-ink">{buyer.message}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="lg:col-span-2">
          <ButtonLink to="/our-products" variant="outline">
            Back to Our Products
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
