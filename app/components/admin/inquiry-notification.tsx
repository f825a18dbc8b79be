import { Send } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms";
import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { Card } from "./card";

interface InquiryNotificationProps {
  inquiry: Pick<InquiryDetailData["inquiry"], "notifyState" | "receiptState" | "notified">;
  /** Whether the site can send email (SMTP_URL and INQUIRY_NOTIFY_TO are set). */
  notify: boolean;
}

type State = InquiryDetailData["inquiry"]["notifyState"];

/** One email's state, and 'Send again' (a new message in the outbox, tried at once). */
function MailLine({ label, state, mail, notify }: { label?: string; state: State; mail: string; notify: boolean }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p data-testid={mail === "receipt" ? "receipt-state" : "notify-state"}>
        {label ? `${label}: ` : null}
        <span className={state.failed ? "text-red-700" : undefined}>{state.text}</span>
      </p>
      {notify ? (
        <Form method="post">
          <input type="hidden" name="mail" value={mail} />
          <SubmitButton name="intent" value="send-again" variant="outline" size="sm" pendingLabel="Sending...">
            <Send className="size-4" aria-hidden /> Send again
            <span className="sr-only"> ({mail === "receipt" ? "receipt" : "notification"})</span>
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

/** The state of the inquiry's emails (ADR 0048): the notification to the team, the buyer's receipt, each with 'Send again'. */
export function InquiryNotification({ inquiry, notify }: InquiryNotificationProps) {
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">Email notification</h2>
      {inquiry.notifyState.failed || inquiry.notified || notify ? (
        <MailLine state={inquiry.notifyState} mail="notification" notify={notify} />
      ) : (
        <p data-testid="notify-state" className="mt-2 text-sm">
          Email notifications are off (set SMTP_URL and INQUIRY_NOTIFY_TO).
        </p>
      )}
      {inquiry.receiptState ? (
        <MailLine label="Receipt to the buyer" state={inquiry.receiptState} mail="receipt" notify={notify} />
      ) : null}
    </Card>
  );
}
