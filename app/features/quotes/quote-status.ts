import type { QuoteStatus } from "~/db/schema";
import { siteToday } from "~/lib/site-time";
import { quoteDay } from "./quote-document";

/** How the back office names a quote revision's state. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  changes_requested: "Changes Asked",
  superseded: "Replaced",
};

export const QUOTE_STATUS_BADGE: Record<QuoteStatus, string> = {
  draft: "bg-slate-100 text-slate-800",
  sent: "bg-blue-100 text-blue-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
  changes_requested: "bg-amber-100 text-amber-900",
  superseded: "bg-slate-100 text-slate-600",
};

export const QUOTE_STATUSES = Object.keys(QUOTE_STATUS_LABELS) as QuoteStatus[];
export const isQuoteStatus = (value: unknown): value is QuoteStatus => QUOTE_STATUSES.includes(value as QuoteStatus);

/** Quotes per page of the quote desk's list. */
export const QUOTES_PAGE_SIZE = 50;

type Answered = { revision: number; status: QuoteStatus; responded_at: string | null };

/** Why no revision of a number can be sent once one of them was accepted (one deal is won once, issue 37). */
export const acceptedRevisionNotice = (accepted: Omit<Answered, "status">, timeZone: string) =>
  `This quote was already accepted (v${accepted.revision})${
    accepted.responded_at ? ` on ${quoteDay(siteToday(Date.parse(accepted.responded_at), timeZone), "en")}` : ""
  }: a new revision cannot be sent.`;

/** The editor's warning on a draft whose number was already accepted (`acceptedRevisionNotice`), else null. */
export function acceptedNoticeOf(quote: { status: QuoteStatus }, revisions: Answered[], timeZone: string) {
  const accepted = quote.status === "draft" ? revisions.find((revision) => revision.status === "accepted") : undefined;
  return accepted ? acceptedRevisionNotice(accepted, timeZone) : null;
}
