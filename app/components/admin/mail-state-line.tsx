import { Send } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms";
import type { MailStateText } from "~/features/outbox/mail-state";

interface MailStateLineProps {
  /** What the email is ("Email to the buyer"), or none where the card's heading says it. */
  label?: string;
  state: MailStateText;
  testId: string;
  /** 'Send again': the intent it posts and its other fields; null where it does not fit. */
  sendAgain: { intent: string; fields?: Record<string, string>; srText?: string } | null;
}

/**
 * How an email of the outbox went, on the page of what it announces (ADR 0048): 'Sent …', 'Retrying …', 'Failed: …',
 * with 'Send again' (a new message, tried at once) where the page offers it.
 */
export function MailStateLine({ label, state, testId, sendAgain }: MailStateLineProps) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p data-testid={testId}>
        {label ? `${label}: ` : null}
        <span className={state.failed ? "text-red-700" : undefined}>{state.text}</span>
      </p>
      {sendAgain ? (
        <Form method="post">
          {Object.entries(sendAgain.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SubmitButton name="intent" value={sendAgain.intent} variant="outline" size="sm" pendingLabel="Sending...">
            <Send className="size-4" aria-hidden /> Send again
            {sendAgain.srText ? <span className="sr-only"> ({sendAgain.srText})</span> : null}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
