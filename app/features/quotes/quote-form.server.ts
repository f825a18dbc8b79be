import { errorToast, formFailure, successToast } from "~/lib/forms/respond.server";
import { typedValues, type FormValues } from "~/lib/forms/submission";
import { isBlankRow, rowsAsValues, rowsEdited, rowsOf } from "./quote-editor.schema";

/**
 * 'Add Line' and 'Remove' pressed without JavaScript: the page again with what was typed and the row added or taken
 * out, nothing saved (the values come back as a refusal's do, so the page shows them). Null for another intent.
 */
export function answerLineButton(form: FormData, intent: string) {
  const values = typedValues(form);
  const rows = rowsEdited(intent, rowsOf(values));
  if (!rows) return null;
  return formFailure({ values: { ...values, ...rowsAsValues(rows) } }, undefined, 200);
}

/** A refused form's values with its blank rows left out, as the lines were saved: "Line 2" is the second row shown. */
export function withoutBlankRows<T extends { values: FormValues }>(submission: T): T {
  const rows = rowsOf(submission.values).filter((row) => !isBlankRow(row));
  return { ...submission, values: { ...submission.values, ...rowsAsValues(rows) } };
}

/** The toast after Send Quote: emailed, the email failed (send it again or pass the link on), or no email set up. */
export function sentToast(sent: { number: string; revision: number; emailed: boolean; emailError: string | null }) {
  const how = sent.emailed
    ? "It was emailed to the buyer with its PDF."
    : sent.emailError
      ? `The email could not be sent (${sent.emailError}): send it again, or send the buyer the link yourself.`
      : "Email is not set up: send the buyer the link shown on this page.";
  return sent.emailError
    ? errorToast("Quote Sent, Email Failed", how)
    : successToast("Quote Sent", `${sent.number} v${sent.revision} is sent. ${how}`);
}
