import { Mail, Send, Trash2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import { InquiryStatusBadge } from "~/components/admin/inquiry-status-badge";
import { AdminPageHeader } from "~/components/admin/page-header";
import { DeleteForm } from "~/components/admin/delete-form";
import { Card } from "~/components/admin/card";
import { CreateQuoteButton, InquiryQuotes } from "~/components/admin/inquiry-quotes";
import { SampleRequest } from "~/components/admin/sample-request";
import { SiteTime } from "~/components/admin/site-time";
import { Field as InputField, SchemaForm, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import {
  KIND_LABELS,
  PIPELINE_MOVES,
  STATUS_LABELS,
  inquiryAssigneeForm,
  inquiryFollowUpForm,
  inquiryNoteForm,
  inquiryStatusForm,
  moveLabel,
} from "~/features/inquiries/inquiries.schema";
import {
  addInquiryNote,
  assignInquiry,
  deleteInquiry,
  setFollowUp,
  setInquiryStatus,
} from "~/features/inquiries/pipeline.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { loadInquiryDetail } from "~/features/inquiries/inquiry-detail.server";
import { notificationsEnabled, sendInquiryNotification } from "~/features/inquiries/mailer.server";
import { lineQuantity } from "~/features/inquiries/quote-text";
import { readFormData } from "~/lib/form-data.server";
import { isLanguage, LANGUAGE_INFO } from "~/lib/i18n/languages";
import {
  errorToast,
  formFailure,
  redirectBack,
  redirectWithToast,
  refuse,
  successToast,
} from "~/lib/forms/respond.server";
import { parseSubmission, type Refusal } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { formatMoney } from "~/lib/money";
import { quoteTerms } from "~/features/quote-desk/quote-document";
import { listQuotesOfInquiry, listQuotesToBuyer } from "~/features/quote-desk/quote-reads.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/inquiry";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Inquiry: ${loaderData.inquiry.subject}` : "Inquiry" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, now } = getServices(context);
  const detail = await loadInquiryDetail(db, params.inquiryId, now());
  if (!detail) throw data("Inquiry not found", { status: 404 });
  const [quotes, toBuyer] = await Promise.all([
    listQuotesOfInquiry(db, detail.inquiry.id),
    detail.inquiry.email_key ? listQuotesToBuyer(db, detail.inquiry.email_key) : [],
  ]);
  const row = (quote: (typeof quotes)[number]) => ({
    id: quote.id,
    number: quote.number,
    revision: quote.revision,
    status: quote.status,
    total: formatMoney(quote.total_minor, quote.currency),
    terms: quoteTerms(quote),
  });
  return {
    ...detail,
    notify: notificationsEnabled(config),
    quotes: quotes.map(row),
    quotesToBuyer: toBuyer.filter((quote) => quote.inquiry_id !== detail.inquiry.id).map(row),
  };
}

const GONE = "The inquiry no longer exists.";
const refusal = (title: string, message: string): Refusal => ({ ok: false, title, message });

// Every intent runs below the admin layout's guard, which has checked the session and the admin role already.
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config, changed } = getServices(context);
  // Inquiries are shown on no public page.
  changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "status") {
    const submission = { ...parseSubmission(form, inquiryStatusForm.schema), form: "status" };
    if (!submission.ok) return formFailure(submission, inquiryStatusForm.invalidToast(submission.errors));
    const { status } = submission.value;
    if (!(await setInquiryStatus(db, actor, params.inquiryId, status)))
      return refuse(submission, refusal("Error Updating Status", GONE), 404);
    return redirectBack(
      request,
      successToast("Status Updated", `The inquiry is marked as ${STATUS_LABELS[status].toLowerCase()}.`),
    );
  }
  if (intent === "assign") {
    const submission = { ...parseSubmission(form, inquiryAssigneeForm.schema), form: "assign" };
    if (!submission.ok) return formFailure(submission, inquiryAssigneeForm.invalidToast(submission.errors));
    const result = await assignInquiry(db, actor, params.inquiryId, submission.value.assignee_id);
    if (!result.ok) return refuse(submission, result, result.status);
    return redirectBack(
      request,
      successToast(
        "Assignee Updated",
        result.name ? `The inquiry is assigned to ${result.name}.` : "The inquiry is unassigned.",
      ),
    );
  }
  if (intent === "note") {
    const submission = { ...parseSubmission(form, inquiryNoteForm.schema), form: "note" };
    if (!submission.ok) return formFailure(submission, inquiryNoteForm.invalidToast(submission.errors));
    if (!(await addInquiryNote(db, actor, params.inquiryId, submission.value.body)))
      return refuse(submission, refusal("Error Adding Note", GONE), 404);
    return redirectBack(request, successToast("Note Added", "The note is saved with the inquiry."));
  }
  if (intent === "follow-up") {
    const submission = { ...parseSubmission(form, inquiryFollowUpForm.schema), form: "follow-up" };
    if (!submission.ok) return formFailure(submission, inquiryFollowUpForm.invalidToast(submission.errors));
    const day = submission.value.follow_up;
    const result = await setFollowUp(db, actor, params.inquiryId, day, await siteTimeZone(db));
    if (!result.ok) return refuse(submission, result, result.status);
    return redirectBack(
      request,
      successToast("Follow-up Updated", day ? `Follow up on ${day}.` : "The follow-up date is cleared."),
    );
  }
  if (intent === "resend") {
    const result = await sendInquiryNotification(db, config, params.inquiryId);
    if (!result.ok) return refuse({ values: {}, form: "resend" }, refusal("Notification Not Sent", result.error), 502);
    return redirectBack(
      request,
      successToast("Notification Sent", `The inquiry was emailed to ${config.inquiryNotifyTo}.`),
    );
  }
  if (intent === "delete") {
    if (!(await deleteInquiry(db, actor, params.inquiryId)))
      return refuse({ values: {}, form: "delete" }, refusal("Error Deleting Inquiry", GONE), 404);
    return redirectWithToast("/admin/inquiries", successToast("Inquiry Deleted", "The inquiry has been deleted."));
  }
  return formFailure({}, errorToast("Error", "Unknown request."));
}

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

export default function InquiryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, lines, notes, administrators, timeline, replyHref, notify, sameBuyer, quotes, quotesToBuyer } =
    loaderData;
  useToastOnChange(actionData?.toast);
  const quote = inquiry.kind === "quote";
  return (
    <div className="max-w-6xl">
      <AdminPageHeader
        title={quote ? "Quote Request" : "Inquiry"}
        back={{ to: "/admin/inquiries", label: "Back to Inquiries" }}
      >
        <a href={replyHref} className={buttonClass({ variant: "outline" })}>
          <Mail className="size-4" aria-hidden /> Reply by Email
        </a>
        <CreateQuoteButton inquiryId={inquiry.id} />
      </AdminPageHeader>
      {/* On a phone the pipeline's controls come right after the inquiry, before the notes; beside both on a wide screen. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="lg:col-start-1 lg:row-start-1">
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
            {quote ? <QuoteLines lines={lines} /> : null}
            {inquiry.kind === "sample" ? <SampleRequest inquiry={inquiry} lines={lines} /> : null}
            <h3 className="mt-6 text-sm font-medium text-slate-600">Message</h3>
            <p
              data-testid="inquiry-message"
              className="mt-1 rounded-md bg-slate-50 p-4 break-words whitespace-pre-wrap"
            >
              {inquiry.message}
            </p>
          </Card>
        </div>

        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <InquiryQuotes quotes={quotes} toBuyer={quotesToBuyer} />
          <Card>
            <h2 className="font-semibold text-brand-900">Status</h2>
            <p className="mt-2">
              <InquiryStatusBadge status={inquiry.status} />
            </p>
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <input type="hidden" name="intent" value="status" />
              {PIPELINE_MOVES[inquiry.status].map((status) => (
                <SubmitButton
                  key={status}
                  name="status"
                  value={status}
                  variant="outline"
                  size="sm"
                  pendingLabel="Updating..."
                >
                  {moveLabel(status)}
                </SubmitButton>
              ))}
            </Form>
          </Card>

          <Card>
            <h2 className="font-semibold text-brand-900">Follow-up</h2>
            <SchemaForm
              of={inquiryFollowUpForm}
              result={actionData}
              intent="follow-up"
              method="post"
              className="mt-3 space-y-3"
              key={inquiry.followUp.day}
            >
              <InputField
                name="follow_up"
                label="Follow up on"
                type="date"
                defaultValue={inquiry.followUp.day}
                hint="A day in the site's time zone: the lead is listed under Follow-ups Due on the dashboard from then."
              />
              {inquiry.followUp.due ? (
                <p className="text-sm font-medium text-amber-800" data-testid="follow-up-due">
                  Follow-up due
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <SubmitButton size="sm" variant="outline" pendingLabel="Saving...">
                  Save Follow-up
                </SubmitButton>
                {inquiry.followUp.day ? (
                  <SubmitButton size="sm" variant="outline" name="follow_up" value="" pendingLabel="Clearing...">
                    Clear
                  </SubmitButton>
                ) : null}
              </div>
            </SchemaForm>
          </Card>

          <Card>
            <h2 className="font-semibold text-brand-900">Assignee</h2>
            <SchemaForm
              of={inquiryAssigneeForm}
              result={actionData}
              intent="assign"
              method="post"
              className="mt-3 space-y-3"
              key={inquiry.assignee_id ?? ""}
            >
              <SelectField
                name="assignee_id"
                label="Assigned to"
                placeholder="Unassigned"
                defaultValue={inquiry.assignee_id ?? ""}
                options={administrators.map((admin) => ({ value: admin.id, label: admin.name }))}
              />
              <SubmitButton size="sm" variant="outline">
                Save Assignee
              </SubmitButton>
            </SchemaForm>
          </Card>

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
                <span className={inquiry.receiptState.failed ? "text-red-700" : undefined}>
                  {inquiry.receiptState.text}
                </span>
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

          <div className="flex justify-end">
            <DeleteForm
              what={`the inquiry from "${inquiry.full_name}"`}
              id={inquiry.id}
              label="Delete Inquiry"
              className="flex items-center gap-2 rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              <Trash2 className="size-4" aria-hidden /> Delete Inquiry
            </DeleteForm>
          </div>
        </div>
        <div className="space-y-6 lg:col-start-1 lg:row-start-2">
          {sameBuyer.total > 0 ? (
            // One importer's requests together (issue 28): the same email, or the same company however spelled.
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
                <Link to={`/admin/inquiries?buyer=${inquiry.id}`} className="text-brand-700 underline">
                  All inquiries from this buyer
                </Link>
              </p>
            </Card>
          ) : null}
          <Card>
            <h2 className="font-semibold text-brand-900">Internal Notes</h2>
            <p className="mt-1 text-sm text-muted">Seen only in the back office; never sent to the buyer.</p>
            <SchemaForm
              of={inquiryNoteForm}
              result={actionData}
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
          <Card>
            <h2 className="font-semibold text-brand-900">Timeline</h2>
            <ol className="mt-4 space-y-3" aria-label="Timeline, newest first" data-testid="inquiry-timeline">
              {timeline.map((event) => (
                <li key={event.id} data-testid="inquiry-event" className="border-l-2 border-slate-200 pl-4 text-sm">
                  <p className="text-xs text-muted">
                    <span className="font-semibold text-slate-700">{event.who}</span> · <SiteTime iso={event.at} />
                  </p>
                  <p className="mt-0.5 break-words whitespace-pre-wrap">{event.summary}</p>
                </li>
              ))}
              <li className="border-l-2 border-slate-200 pl-4 text-sm">
                <p className="text-xs text-muted">
                  <SiteTime iso={inquiry.created_at} />
                </p>
                <p className="mt-0.5">Received from {inquiry.full_name}</p>
              </li>
            </ol>
          </Card>
        </div>
      </div>
    </div>
  );
}

type Line = Route.ComponentProps["loaderData"]["lines"][number];

/** The products asked for; a product that still exists links to its edit page. */
function QuoteLines({ lines }: { lines: Line[] }) {
  return (
    <>
      <h3 className="mt-6 text-sm font-medium text-slate-600">Products requested</h3>
      {lines.length ? (
        <div className="mt-2 overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="w-full text-left text-sm" data-testid="quote-lines">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th className="px-3 py-2">Product</th>
                <th className="px-3 py-2">Quantity</th>
                <th className="hidden px-3 py-2 sm:table-cell">Grade</th>
                <th className="hidden px-3 py-2 sm:table-cell">Packaging</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((line) => (
                <tr key={line.id}>
                  <td className="px-3 py-2 font-medium">
                    {line.product_id ? (
                      <Link
                        to={`/admin/manage-products/edit/${line.product_id}`}
                        className="text-brand-700 hover:underline"
                      >
                        {line.product_name}
                      </Link>
                    ) : (
                      line.product_name
                    )}
                    {/* On a phone grade and packaging stand under the product. */}
                    {line.grade || line.packaging ? (
                      <span className="block text-xs font-normal text-muted sm:hidden">
                        {[line.grade, line.packaging].filter(Boolean).join(" · ")}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{lineQuantity(line)}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{line.grade || "—"}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{line.packaging || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted">No products listed.</p>
      )}
    </>
  );
}
