import { SchemaForm, SubmitButton, TextareaField } from "~/components/forms/index";
import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { inquiryNoteForm } from "~/features/inquiries/inquiries.schema";
import { Card } from "~/components/admin/card";

interface InquiryNotesProps {
  notes: InquiryDetailData["notes"];
  /** The page's action data: the note form shows its own refusal. */
  result: unknown;
}

/** The team's internal notes on the inquiry, newest first, and the form that adds one. */
export function InquiryNotes({ notes, result }: InquiryNotesProps) {
  return (
    <Card>
      <h2 className="font-semibold text-brand-900">Internal Notes</h2>
      <p className="mt-1 text-sm text-muted">Seen only in the back office; never sent to the buyer.</p>
      <SchemaForm
        of={inquiryNoteForm}
        result={result}
        intent="note"
        method="post"
        className="mt-4 space-y-3"
        // A new note starts from an empty box once the page has the saved note.
        key={notes.length}
      >
        <TextareaField name="body" label="Note" rows={3} />
        <SubmitButton size="sm">Add Note</SubmitButton>
      </SchemaForm>
      {notes.length ? (
        <ol className="mt-6 space-y-4" aria-label="Notes, newest first">
          {notes.map((note) => (
            <li key={note.id} data-testid="inquiry-note" className="border-l-2 border-brand-200 pl-4">
              <p className="text-xs text-muted">
                <span className="font-semibold text-slate-700">{note.author_name}</span> ·{" "}
                <time dateTime={note.created_at}>{note.written}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap">{note.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-muted">No notes yet.</p>
      )}
    </Card>
  );
}
