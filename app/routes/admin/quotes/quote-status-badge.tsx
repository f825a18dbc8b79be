import type { QuoteStatus } from "~/db/schema";
import { QUOTE_STATUS_BADGE, QUOTE_STATUS_LABELS } from "~/features/quotes/quote-status";

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${QUOTE_STATUS_BADGE[status]}`}
      data-testid="quote-status"
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
