import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { Card } from "~/components/admin/card";
import { MailStateLine } from "~/components/admin/mail-state-line";

interface InquiryNotificationProps {
  inquiry: Pick<InquiryDetailData["inquiry"], "notifyState" | "receiptState" | "notified">;
  /** Whether the site can send email (SMTP_URL and INQUIRY_NOTIFY_TO are set). */
  notify: boolean;
}

const sendAgain = (mail: "notification" | "receipt", notify: boolean) =>
  notify ? { intent: "send-again", fields: { mail }, srText: mail } : null;

/** The state of the inquiry's emails (ADR 0048): the notification to the team, the buyer's receipt, each with 'Send again'. */
export function InquiryNotification({ inquiry, notify }: InquiryNotificationProps) {
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">Email notification</h2>
      {inquiry.notifyState.failed || inquiry.notified || notify ? (
        <MailStateLine
          state={inquiry.notifyState}
          testId="notify-state"
          sendAgain={sendAgain("notification", notify)}
        />
      ) : (
        <p data-testid="notify-state" className="mt-2 text-sm">
          Email notifications are off (set SMTP_URL and INQUIRY_NOTIFY_TO).
        </p>
      )}
      {inquiry.receiptState ? (
        <MailStateLine
          label="Receipt to the buyer"
          state={inquiry.receiptState}
          testId="receipt-state"
          sendAgain={sendAgain("receipt", notify)}
        />
      ) : null}
    </Card>
  );
}
