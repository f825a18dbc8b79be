import { Mail, Trash2 } from "lucide-react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { DeleteForm } from "~/components/admin/delete-form";
import { InquiryDetails } from "~/routes/admin/inquiries/inquiry-details";
import { InquiryNotes } from "~/routes/admin/inquiries/inquiry-notes";
import { InquiryNotification } from "~/routes/admin/inquiries/inquiry-notification";
import { InquiryPipelineControls } from "~/routes/admin/inquiries/inquiry-pipeline-controls";
import { CreateQuoteButton, InquiryQuotes } from "~/routes/admin/inquiries/inquiry-quotes";
import { InquiryTimeline } from "~/routes/admin/inquiries/inquiry-timeline";
import { SameBuyerInquiries } from "~/routes/admin/inquiries/same-buyer-inquiries";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import {
  STATUS_LABELS,
  inquiryAssigneeForm,
  inquiryFollowUpForm,
  inquiryNoteForm,
  inquiryStatusForm,
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
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { sendInquiryMailAgain } from "~/features/inquiries/mail-queue.server";
import { readFormData } from "~/lib/form-data.server";
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
import { quoteTerms } from "~/features/quotes/quote-document";
import { listQuotesOfInquiry, listQuotesToBuyer } from "~/features/quotes/quote-reads.server";
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
    notify: teamMailConfigured(config),
    quotes: quotes.map(row),
    quotesToBuyer: toBuyer.filter((quote) => quote.inquiry_id !== detail.inquiry.id).map(row),
  };
}

const GONE = "The inquiry no longer exists.";
const refusal = (title: string, message: string): Refusal => ({ ok: false, title, message });

// Every intent runs below the admin layout's guard, which has checked the session and the admin role already.
// A 'Send again' the mail server refused (502) has still written a message and its failed try: the page shows it.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return intent === "send-again" || intent === "resend" || defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config, changed, now } = getServices(context);
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
  // 'Send again' (ADR 0048): a new message in the outbox, tried at once; "resend" is the notification's older name.
  if (intent === "send-again" || intent === "resend") {
    const receipt = intent === "send-again" && form.get("mail") === "receipt";
    const what = receipt ? "Receipt" : "Notification";
    const result = await sendInquiryMailAgain(
      db,
      config,
      params.inquiryId,
      receipt ? "inquiry-receipt" : "inquiry-notification",
      now(),
    );
    const error = result.ok ? result.outcome.error : result.error;
    if (error !== null || (result.ok && !result.outcome.sent))
      return refuse({ values: {}, form: "resend" }, refusal(`${what} Not Sent`, error ?? "It was not sent."), 502);
    return redirectBack(
      request,
      successToast(
        `${what} Sent`,
        receipt
          ? "The receipt was emailed to the buyer again."
          : `The inquiry was emailed to ${config.inquiryNotifyTo}.`,
      ),
    );
  }
  if (intent === "delete") {
    if (!(await deleteInquiry(db, actor, params.inquiryId)))
      return refuse({ values: {}, form: "delete" }, refusal("Error Deleting Inquiry", GONE), 404);
    return redirectWithToast("/admin/inquiries", successToast("Inquiry Deleted", "The inquiry has been deleted."));
  }
  return formFailure({}, errorToast("Error", "Unknown request."));
}

export default function InquiryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, lines, notes, administrators, timeline, replyHref, notify, sameBuyer, quotes, quotesToBuyer } =
    loaderData;
  useToastOnChange(actionData?.toast);
  return (
    <div className="max-w-6xl">
      <AdminPageHeader
        title={inquiry.kind === "quote" ? "Quote Request" : "Inquiry"}
        back={{ to: "/admin/inquiries", label: "Back to Inquiries" }}
      >
        <a href={replyHref} className={buttonClass({ variant: "outline" })}>
          <Mail className="size-4" aria-hidden /> Reply by Email
        </a>
        <CreateQuoteButton inquiryId={inquiry.id} quotes={quotes} />
      </AdminPageHeader>
      {/* On a phone the pipeline's controls come right after the inquiry, before the notes; beside both on a wide screen. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="lg:col-start-1 lg:row-start-1">
          <InquiryDetails inquiry={inquiry} lines={lines} replyHref={replyHref} />
        </div>

        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <InquiryQuotes quotes={quotes} toBuyer={quotesToBuyer} />
          <InquiryPipelineControls inquiry={inquiry} administrators={administrators} result={actionData} />
          <InquiryNotification inquiry={inquiry} notify={notify} />
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
          <SameBuyerInquiries inquiryId={inquiry.id} sameBuyer={sameBuyer} />
          <InquiryNotes notes={notes} result={actionData} />
          <InquiryTimeline inquiry={inquiry} timeline={timeline} />
        </div>
      </div>
    </div>
  );
}
