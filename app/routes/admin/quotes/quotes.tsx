import { Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Pagination } from "~/components/admin/list-controls";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatusFilter } from "~/components/admin/status-filter";
import { QuoteStatusBadge } from "~/routes/admin/quotes/quote-status-badge";
import { SiteTime } from "~/components/admin/site-time";
import { buttonClass } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";
import { listQuotes } from "~/features/quotes/quote-reads.server";
import { isQuoteStatus, QUOTE_STATUS_LABELS, QUOTE_STATUSES, QUOTES_PAGE_SIZE } from "~/features/quotes/quote-status";
import { quoteTerms } from "~/features/quotes/quote-document";
import { getServices } from "~/services.server";
import type { Route } from "./+types/quotes";

export const meta = () => [{ title: "Quotes" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const { rows, total } = await listQuotes(db, { status: isQuoteStatus(status) ? status : undefined, page });
  return {
    quotes: rows.map((row) => ({ ...row, total: formatMoney(row.total_minor, row.currency), terms: quoteTerms(row) })),
    total,
    page,
    status: isQuoteStatus(status) ? status : "",
  };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { quotes, total, page, status } = loaderData;
  return (
    <div>
      <AdminPageHeader title="Quotes" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <Link to="/admin/quotes/new" className={buttonClass()}>
          <Plus className="size-4" aria-hidden /> New Quote
        </Link>
      </AdminPageHeader>
      <StatusFilter
        value={status}
        options={QUOTE_STATUSES.map((value) => ({ value, label: QUOTE_STATUS_LABELS[value] }))}
      />
      <AdminTable
        count={quotes.length}
        empty={status ? "No quote has this status." : "No quotes yet. Open an inquiry and use Create Quote."}
        columns={
          <>
            <th className="px-4 py-3">Quote</th>
            <th className="px-4 py-3">Buyer</th>
            <th className="hidden px-4 py-3 sm:table-cell">Terms</th>
            <th className="px-4 py-3 text-end">Total</th>
            <th className="px-4 py-3">Status</th>
            <th className="hidden px-4 py-3 md:table-cell">Sent</th>
          </>
        }
      >
        {quotes.map((quote) => (
          <tr key={quote.id}>
            <td className="px-4 py-2 whitespace-nowrap">
              <Link to={`/admin/quotes/${quote.id}`} className="font-medium text-brand-700 hover:underline">
                {`${quote.number} v${quote.revision}`}
              </Link>
            </td>
            <td className="px-4 py-2 break-words">
              {quote.buyer_name}
              {quote.buyer_company ? <span className="block text-xs text-slate-600">{quote.buyer_company}</span> : null}
            </td>
            <td className="hidden px-4 py-2 sm:table-cell">{quote.terms}</td>
            <td className="px-4 py-2 text-end whitespace-nowrap">{quote.total}</td>
            <td className="px-4 py-2">
              <QuoteStatusBadge status={quote.status} />
            </td>
            <td className="hidden px-4 py-2 md:table-cell">{quote.sent_at ? <SiteTime iso={quote.sent_at} /> : "—"}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} total={total} pageSize={QUOTES_PAGE_SIZE} />
    </div>
  );
}
