import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { Card } from "~/components/admin/card";
import { SiteTime } from "~/components/admin/site-time";

interface InquiryTimelineProps {
  inquiry: Pick<InquiryDetailData["inquiry"], "created_at" | "full_name">;
  timeline: InquiryDetailData["timeline"];
}

/** What happened to the inquiry, newest first, down to its arrival. */
export function InquiryTimeline({ inquiry, timeline }: InquiryTimelineProps) {
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">Timeline</h2>
      <ol className="mt-4 space-y-3" aria-label="Timeline, newest first" data-testid="inquiry-timeline">
        {timeline.map((event) => (
          <li key={event.id} data-testid="inquiry-event" className="border-l-2 border-slate-200 pl-4 text-sm">
            <p className="text-xs text-muted">
              <span className="font-semibold text-slate-700">{event.who}</span> · <SiteTime iso={event.at} />
            </p>
            <p className="mt-0.5 break-words whitespace-pre-wrap">{event.summary}</p>
          </li>
        ))}
        <li className="border-l-2 border-slate-200 pl-4 text-sm">
          <p className="text-xs text-muted">
            <SiteTime iso={inquiry.created_at} />
          </p>
          <p className="mt-0.5">Received from {inquiry.full_name}</p>
        </li>
      </ol>
    </Card>
  );
}
