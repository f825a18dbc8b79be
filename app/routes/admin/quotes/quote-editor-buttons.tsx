import { Send } from "lucide-react";
import { SubmitButton } from "~/components/forms/index";

/** The quote editor's two intents, with what 'Send Quote' does (emailed, or a link to pass on when mail is off). */
export function QuoteEditorButtons({ mail }: { mail: boolean }) {
  return (
    <>
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="save" variant="outline">
          Save Draft
        </SubmitButton>
        <SubmitButton name="intent" value="send" pendingLabel="Sending...">
          <Send className="size-4" aria-hidden /> Send Quote
        </SubmitButton>
      </div>
      <p className="text-sm text-slate-600">
        {mail
          ? `Send Quote saves, freezes this revision and emails it to the buyer with its PDF and a link to accept it.`
          : `Send Quote saves and freezes this revision. Email is not set up: you will get a link to send the buyer.`}
      </p>
    </>
  );
}
