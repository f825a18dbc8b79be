import { Send } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms";
import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { Card } from "./card";

interface InquiryNotificationProps {
  inquiry: Pick<InquiryDetailData["inquiry"], "notifyState" | "receiptState" | "notified_at">;
  /** Whether the site can send email (SMTP_URL and INQUIRY_NOTIFY_TO are set). */
  notify: boolean;
}

/** The state of the inquiry's emails: the notification to the team, the buyer's receipt, and a resend button. */
export function InquiryNotification({ inquiry, notify }: InquiryNotificationProps) {
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">Email notification</h2>
      <p data-testid="notify-state" className="mt-2 text-sm">
        {inquiry.notifyState.failed ? (
          <span className="text-red-700">{inquiry.notifyState.text}</span>
        ) : inquiry.notified_at || notify ? (
          inquiry.notifyState.text
        ) : (
          "Email notifications are off (set SMTP_URL and INQUIRY_NOTIFY_TO)."
        )}
      </p>
      {inquiry.receiptState ? (
        <p data-testid="receipt-state" className="mt-2 text-sm">
          Receipt to the buyer:{" "}
          <span className={inquiry.receiptState.failed ? "text-red-700" : undefined}>{inquiry.receiptState.text}</span>
        </p>
      ) : null}
      {notify ? (
        <Form method="post" className="mt-3">
          <SubmitButton name="intent" value="resend" variant="outline" size="sm" pendingLabel="Sending...">
            <Send className="size-4" aria-hidden /> Resend notification
          </SubmitButton>
        </Form>
      ) : null}
    </Card>
  );
}
