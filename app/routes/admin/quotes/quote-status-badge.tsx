import { StatusBadge } from "~/components/admin/status-badge";
import type { QuoteStatus } from "~/db/schema";
import { QUOTE_STATUS_BADGE, QUOTE_STATUS_LABELS } from "~/features/quotes/quote-status";

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <StatusBadge label={QUOTE_STATUS_LABELS[status]} tone={QUOTE_STATUS_BADGE[status]} testId="quote-status" />;
}
