import { Link } from "react-router";
import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { Card } from "~/components/admin/card";
import { InquiryStatusBadge } from "./inquiry-status-badge";

interface SameBuyerInquiriesProps {
  inquiryId: string;
  sameBuyer: InquiryDetailData["sameBuyer"];
}

/**
 * One importer's requests together (issue 28): the same email, or the same company however spelled. Nothing when
 * the buyer sent no other.
 */
export function SameBuyerInquiries({ inquiryId, sameBuyer }: SameBuyerInquiriesProps) {
  if (sameBuyer.total <= 0) return null;
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">{`From this buyer (${sameBuyer.total} more)`}</h2>
      <ul className="mt-3 divide-y divide-slate-100" data-testid="same-buyer">
        {sameBuyer.inquiries.map((other) => (
          <li key={other.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0">
              <Link
                to={`/admin/inquiries/${other.id}`}
                className="font-medium break-words text-brand-800 underline-offset-2 hover:underline"
              >
                {other.subject}
              </Link>
              <span className="block text-sm text-muted">
                {`${other.received} · ${other.full_name}${other.company ? `, ${other.company}` : ""}`}
              </span>
            </span>
            <InquiryStatusBadge status={other.status} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link to={`/admin/inquiries?buyer=${inquiryId}`} className="text-brand-700 underline">
          All inquiries from this buyer
        </Link>
      </p>
    </Card>
  );
}
