import type { InquiryStatus } from "~/db/schema";
import { STATUS_BADGE, STATUS_LABELS } from "~/features/inquiries/inquiries.schema";

export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_BADGE[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
