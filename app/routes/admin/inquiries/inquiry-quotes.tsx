import { FileCheck2, FilePlus2 } from "lucide-react";
import { Link } from "react-router";
import type { QuoteStatus } from "~/db/schema";
import { Card } from "~/components/admin/card";
import { QuoteStatusBadge } from "../quotes/quote-status-badge";
import { buttonClass } from "~/components/ui/button";

export interface QuoteRow {
  id: string;
  number: string;
  revision: number;
  status: QuoteStatus;
  total: string;
  terms: string;
}

/**
 * The inquiry's quote action: 'Create Quote' opens a new quote from it (numbered when first saved); once a quote of
 * it was accepted, the deal is won and its accepted quote is offered instead.
 */
export function CreateQuoteButton({ inquiryId, quotes }: { inquiryId: string; quotes: QuoteRow[] }) {
  const accepted = quotes.find((quote) => quote.status === "accepted");
  if (accepted)
    return (
      <Link to={`/admin/quotes/${accepted.id}`} className={buttonClass()}>
        <FileCheck2 className="size-4" aria-hidden /> {`Accepted Quote ${accepted.number} v${accepted.revision}`}
      </Link>
    );
  return (
    <Link to={`/admin/quotes/new?inquiry=${encodeURIComponent(inquiryId)}`} className={buttonClass()}>
      <FilePlus2 className="size-4" aria-hidden /> Create Quote
    </Link>
  );
}

/** The quotes made for this inquiry, and those sent to the same buyer for other requests. */
export function InquiryQuotes({ quotes, toBuyer }: { quotes: QuoteRow[]; toBuyer: QuoteRow[] }) {
  const list = (rows: QuoteRow[], testId: string) => (
    <ul className="mt-2 space-y-2 text-sm" data-testid={testId}>
      {rows.map((quote) => (
        <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2">
          <Link to={`/admin/quotes/${quote.id}`} className="font-medium text-brand-700 hover:underline">
            {`${quote.number} v${quote.revision}`}
          </Link>
          <span className="text-slate-700">{`${quote.total} ${quote.terms}`}</span>
          <QuoteStatusBadge status={quote.status} />
        </li>
      ))}
    </ul>
  );
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">Quotes</h2>
      {quotes.length ? (
        list(quotes, "inquiry-quotes")
      ) : (
        <p className="mt-2 text-sm text-slate-600">No quote yet: use Create Quote to price this request.</p>
      )}
      {toBuyer.length ? (
        <>
          <h3 className="mt-4 text-sm font-medium text-slate-600">Sent to this buyer for other requests</h3>
          {list(toBuyer, "buyer-quotes")}
        </>
      ) : null}
    </Card>
  );
}
