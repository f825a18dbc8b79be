import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { KIND_LABELS } from "~/features/inquiries/inquiries.schema";
import { isLanguage, LANGUAGE_INFO } from "~/lib/i18n/languages";
import { Card } from "~/components/admin/card";
import { InquiryStatusBadge } from "./inquiry-status-badge";
import { RequestedProducts } from "./requested-products";
import { SampleRequest } from "./sample-request";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The first reply: when it was given, or when it is due (overdue in red); nothing for inquiries from before. */
function ReplyStatus({ reply }: { reply: { state: string | null; due: string; given: string } }) {
  if (reply.state === "replied") return <span>{reply.given}</span>;
  if (reply.state === "overdue")
    return (
      <span className="font-medium text-red-700" data-testid="reply-overdue">
        {`Overdue: was due ${reply.due}`}
      </span>
    );
  if (reply.state === "due") return <span data-testid="reply-due">{`Due ${reply.due}`}</span>;
  return <span>—</span>;
}

interface InquiryDetailsProps {
  inquiry: InquiryDetailData["inquiry"];
  lines: InquiryDetailData["lines"];
  replyHref: string;
}

/** The inquiry as the buyer sent it: who, how to reach them, what they asked for and their message. */
export function InquiryDetails({ inquiry, lines, replyHref }: InquiryDetailsProps) {
  const quote = inquiry.kind === "quote";
  return (
    <Card>
      {/* Everything the buyer typed is shown as text. */}
      <h2 className="text-xl font-semibold break-words text-brand-900">{inquiry.subject}</h2>
      <dl className="mt-4 space-y-3">
        <Field label="Status">
          <InquiryStatusBadge status={inquiry.status} />
        </Field>
        <Field label="Kind">{KIND_LABELS[inquiry.kind]}</Field>
        <Field label="Language">
          <span data-testid="inquiry-language">
            {isLanguage(inquiry.lang) ? LANGUAGE_INFO[inquiry.lang].englishName : inquiry.lang}
          </span>
        </Field>
        <Field label="Assigned to">
          <span data-testid="inquiry-assignee">{inquiry.assignee ?? "Unassigned"}</span>
        </Field>
        <Field label="Reference">{inquiry.reference}</Field>
        <Field label="Received">{inquiry.received}</Field>
        <Field label="First reply">
          <ReplyStatus reply={inquiry.reply} />
        </Field>
        <Field label="Full Name">{inquiry.full_name}</Field>
        {quote ? <Field label="Company">{inquiry.company || "—"}</Field> : null}
        {quote ? <Field label="Country">{inquiry.country || "—"}</Field> : null}
        <Field label="Email Address">
          <a href={replyHref} className="break-all text-brand-700 hover:underline">
            {inquiry.email}
          </a>
        </Field>
        <Field label="Phone Number">
          {inquiry.phone ? (
            <a href={`tel:${inquiry.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 hover:underline">
              {inquiry.phone}
            </a>
          ) : (
            "—"
          )}
        </Field>
        {quote ? (
          <>
            <Field label="Destination Port">{inquiry.destination_port || "—"}</Field>
            <Field label="Incoterm">{inquiry.incoterm || "—"}</Field>
            <Field label="Target Delivery">{inquiry.deliveryMonth || "—"}</Field>
          </>
        ) : (
          <Field label="Product">{inquiry.product_name ?? "—"}</Field>
        )}
        <Field label="Sent from page">
          {inquiry.page_path ? <span className="font-mono text-sm break-all">{inquiry.page_path}</span> : "—"}
        </Field>
      </dl>
      {quote ? <RequestedProducts lines={lines} /> : null}
      {inquiry.kind === "sample" ? <SampleRequest inquiry={inquiry} lines={lines} /> : null}
      <h3 className="mt-6 text-sm font-medium text-slate-600">Message</h3>
      <p data-testid="inquiry-message" className="mt-1 rounded-md bg-slate-50 p-4 break-words whitespace-pre-wrap">
        {inquiry.message}
      </p>
    </Card>
  );
}
