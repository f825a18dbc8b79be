import { Copy, FileText, Mail, PackageCheck, Trash2 } from "lucide-react";
import { data, type ShouldRevalidateFunctionArgs, Form, Link } from "react-router";
import { Card } from "~/components/admin/card";
import { confirmDelete } from "~/components/admin/delete-form";
import { AdminPageHeader } from "~/components/admin/page-header";
import { QuoteForm } from "~/routes/admin/quotes/quote-form";
import { QuoteStatusBadge } from "~/routes/admin/quotes/quote-status-badge";
import { Refusal } from "~/components/admin/refusal";
import { SiteTime } from "~/components/admin/site-time";
import { SubmitButton } from "~/components/forms/index";
import { QuoteSheet } from "~/components/quotes/quote-sheet";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { deleteQuoteDraft, reviseQuote, saveQuoteDraft } from "~/features/quotes/quote-drafts.server";
import { quoteEditorForm } from "~/features/quotes/quote-editor.schema";
import { answerLineButton, sentToast, withoutBlankRows } from "~/features/quotes/quote-form.server";
import { findQuote } from "~/features/quotes/quote-reads.server";
import { createOrder } from "~/features/orders/create-order.server";
import { orderOfQuote } from "~/features/orders/order-reads.server";
import { QUOTE_STATUS_LABELS } from "~/features/quotes/quote-status";
import { resendQuoteEmail, sendQuote } from "~/features/quotes/send-quote.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { MailStateLine } from "~/components/admin/mail-state-line";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { quoteEditorPage } from "~/features/quotes/quote-editor-page.server";
import type { Route } from "./+types/quote-editor";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Quote ${loaderData.quote.number} v${loaderData.quote.revision}` : "Quote" },
];

const notFound = () => data("Quote not found", { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const page = await quoteEditorPage(services, params.quoteId);
  if (!page) throw notFound();
  // An accepted revision leads on to its order (issue 44), made here with 'Create Order'.
  const order = page.quote.status === "accepted" ? ((await orderOfQuote(services.db, params.quoteId)) ?? null) : null;
  return { ...page, order };
}

// Every intent runs below the admin layout's guard (session and admin role checked).
// A 'Send again' the mail server refused (502) has still written a message and its failed try: the page shows it.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return intent === "send-again" || intent === "resend" || defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, now } = services;
  // Quotes are on no public page that the page cache keeps (the buyer's page is never cached).
  services.changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const timeZone = await siteTimeZone(db);
  const lineButton = answerLineButton(form, intent);
  if (lineButton) return lineButton;
  if (intent === "save" || intent === "send") {
    // The editor's form has no name of its own: its two buttons are the intents.
    const submission = parseSubmission(form, quoteEditorForm.schema);
    if (!submission.ok) return formFailure(submission, quoteEditorForm.invalidToast(submission.errors));
    const saved = await saveQuoteDraft(db, actor, params.quoteId, submission.value, {
      now: now(),
      sending: intent === "send",
    });
    if (!saved.ok) {
      if (saved.status === 404) throw notFound();
      return refuse(submission, saved, saved.status);
    }
    if (intent === "save")
      return redirectWithToast(
        `/admin/quotes/${params.quoteId}`,
        successToast("Draft Saved", `${saved.number} v${saved.revision} is saved as a draft.`),
      );
    const sent = await sendQuote(services, actor, params.quoteId, { now: now(), timeZone });
    // Saved without its blank rows: a refusal's "Line 2" is the second row shown again.
    if (!sent.ok) return refuse(withoutBlankRows(submission), sent, sent.status);
    return redirectWithToast(`/admin/quotes/${params.quoteId}`, sentToast(sent));
  }
  if (intent === "revise") {
    const revised = await reviseQuote(db, actor, params.quoteId, { now: now() });
    if (!revised.ok) return refuse({ values: {}, form: "revise" }, revised, revised.status);
    return redirectWithToast(
      `/admin/quotes/${revised.id}`,
      successToast("Revision Started", `Revision v${revised.revision} is a draft: change it and send it.`),
    );
  }
  if (intent === "resend") {
    const result = await resendQuoteEmail(services, params.quoteId);
    if (!result.ok) return refuse({ values: {}, form: "resend" }, result, result.status);
    if (!result.emailed)
      return refuse(
        { values: {}, form: "resend" },
        {
          ok: false,
          title: "Email Not Sent",
          message: result.emailError ?? "Email is not set up (SMTP_URL and INQUIRY_NOTIFY_TO).",
        },
        502,
      );
    return redirectWithToast(
      `/admin/quotes/${params.quoteId}`,
      successToast("Email Sent", "The quote was emailed to the buyer again."),
    );
  }
  if (intent === "create-order") {
    const made = await createOrder(db, actor, params.quoteId, { now: now(), timeZone });
    if (!made.ok) return refuse({ values: {}, form: "create-order" }, made, made.status);
    return redirectWithToast(
      `/admin/orders/${made.id}`,
      made.existed
        ? successToast("Order Exists", `${made.number} was already made from this quote.`)
        : successToast("Order Created", `${made.number} is confirmed: set its payment terms and consignee.`),
    );
  }
  if (intent === "delete") {
    const found = await findQuote(db, params.quoteId);
    const deleted = await deleteQuoteDraft(db, actor, params.quoteId);
    if (!deleted.ok) return refuse({ values: {}, form: "delete" }, deleted, deleted.status);
    const back = found?.quote.inquiry_id ? `/admin/inquiries/${found.quote.inquiry_id}` : "/admin/quotes";
    return redirectWithToast(back, successToast("Draft Deleted", `The draft of ${deleted.number} is deleted.`));
  }
  return formFailure({}, errorToast("Error", "Unknown request."));
}

export default function QuoteEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, lines, document, link, revisions, productNames, mail, mailState, answerMailState, accepted, order } =
    loaderData;
  useToastOnChange(actionData?.toast);
  const back = quote.inquiry_id
    ? { to: `/admin/inquiries/${quote.inquiry_id}`, label: "Back to Inquiry" }
    : { to: "/admin/quotes", label: "Back to Quotes" };
  const refused = !!actionData && "values" in actionData && !actionData.form;
  const draft = quote.status === "draft";
  const resendable = !draft && quote.status !== "superseded" && mail;
  // Sent meanwhile: the refused form stays with what was typed (ADR 0036), above the revision as it was sent.
  const sentWhileEditing = !draft && refused;
  return (
    <div className="max-w-6xl">
      <AdminPageHeader title={`Quote ${quote.number} v${quote.revision}`} back={back}>
        <a href={`/admin/quotes/${quote.id}/pdf`} className={buttonClass({ variant: "outline" })}>
          <FileText className="size-4" aria-hidden /> {draft ? "Preview PDF" : "Download PDF"}
        </a>
      </AdminPageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="space-y-6">
          {accepted ? <Refusal testId="quote-accepted">{accepted}</Refusal> : null}
          {sentWhileEditing && actionData?.toast?.description ? (
            <Refusal testId="quote-sent-while-editing" announced>
              {actionData.toast.description}
            </Refusal>
          ) : null}
          {draft || sentWhileEditing ? (
            <Card>
              <QuoteForm
                answer={actionData}
                fields={quote}
                lines={lines}
                productNames={productNames}
                mail={mail}
                buttons={draft}
              />
            </Card>
          ) : null}
          {draft ? null : (
            <Card>
              <QuoteSheet document={document!} />
            </Card>
          )}
        </div>
        <aside className="space-y-6">
          {quote.status === "accepted" ? (
            <Card>
              <h2 className="mb-2 font-semibold text-brand-900">Order</h2>
              {order ? (
                <Link
                  to={`/admin/orders/${order.id}`}
                  className="font-medium text-brand-700 hover:underline"
                  data-testid="quote-order"
                >
                  {order.number}
                </Link>
              ) : (
                <Form method="post" className="space-y-2">
                  <p className="text-sm text-slate-700">
                    The buyer accepted this revision: make it an order to plan the shipment and the payments.
                  </p>
                  <SubmitButton name="intent" value="create-order" pendingLabel="Creating...">
                    <PackageCheck className="size-4" aria-hidden /> Create Order
                  </SubmitButton>
                </Form>
              )}
            </Card>
          ) : null}
          <Card>
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-600">Status</dt>
                <dd>
                  <QuoteStatusBadge status={quote.status} />
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">Buyer</dt>
                <dd className="break-words">{`${quote.buyer_name} <${quote.buyer_email}>`}</dd>
              </div>
              {quote.sent_at ? (
                <div>
                  <dt className="font-medium text-slate-600">Sent</dt>
                  <dd>
                    <SiteTime iso={quote.sent_at} />
                    {quote.sent_by_name ? ` by ${quote.sent_by_name}` : ""}
                  </dd>
                </div>
              ) : null}
              {quote.sent_at ? (
                <div>
                  <dt className="font-medium text-slate-600">Opened by the buyer</dt>
                  <dd>{quote.viewed_at ? <SiteTime iso={quote.viewed_at} /> : "Not yet"}</dd>
                </div>
              ) : null}
              {quote.responded_at ? (
                <div>
                  <dt className="font-medium text-slate-600">Answered</dt>
                  <dd>
                    <SiteTime iso={quote.responded_at} />
                    {quote.response_ip ? ` from ${quote.response_ip}` : ""}
                  </dd>
                </div>
              ) : null}
              {quote.response_note ? (
                <div>
                  <dt className="font-medium text-slate-600">The buyer wrote</dt>
                  <dd className="break-words whitespace-pre-line" data-testid="quote-response-note">
                    {quote.response_note}
                  </dd>
                </div>
              ) : null}
            </dl>
            {link ? (
              <div className="mt-4">
                <label htmlFor="quote-link" className="text-sm font-medium text-slate-600">
                  <Copy className="me-1 inline size-4" aria-hidden />
                  The buyer's link
                </label>
                <input
                  id="quote-link"
                  readOnly
                  value={link}
                  className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-xs"
                  data-testid="quote-link"
                />
              </div>
            ) : null}
            {mailState ? (
              <MailStateLine
                label="Email to the buyer"
                state={mailState}
                testId="quote-mail-state"
                sendAgain={resendable && (mailState.failed || mailState.retrying) ? { intent: "resend" } : null}
              />
            ) : null}
            {answerMailState ? (
              <MailStateLine
                label="Email to the team about the answer"
                state={answerMailState}
                testId="quote-answer-mail-state"
                sendAgain={null}
              />
            ) : null}
            <div className="mt-4 flex flex-wrap gap-2">
              {!draft ? (
                <Form method="post">
                  <SubmitButton name="intent" value="revise" variant="outline" size="sm" pendingLabel="Starting...">
                    New Revision
                  </SubmitButton>
                </Form>
              ) : null}
              {resendable && !(mailState?.failed || mailState?.retrying) ? (
                <Form method="post">
                  <SubmitButton name="intent" value="resend" variant="outline" size="sm" pendingLabel="Sending...">
                    <Mail className="size-4" aria-hidden /> Resend Email
                  </SubmitButton>
                </Form>
              ) : null}
              {draft ? (
                <Form method="post" onSubmit={confirmDelete(`the draft ${quote.number} v${quote.revision}`)}>
                  <SubmitButton name="intent" value="delete" variant="danger" size="sm" pendingLabel="Deleting...">
                    <Trash2 className="size-4" aria-hidden /> Delete Draft
                  </SubmitButton>
                </Form>
              ) : null}
            </div>
          </Card>
          <Card>
            <h2 className="mb-2 font-semibold text-brand-900">Revisions</h2>
            <ol className="space-y-1 text-sm">
              {revisions.map((revision) => (
                <li key={revision.id} className="flex items-center justify-between gap-2">
                  {revision.id === quote.id ? (
                    <span className="font-semibold">{`v${revision.revision}`}</span>
                  ) : (
                    <Link to={`/admin/quotes/${revision.id}`} className="text-brand-700 hover:underline">
                      {`v${revision.revision}`}
                    </Link>
                  )}
                  <span>{QUOTE_STATUS_LABELS[revision.status]}</span>
                </li>
              ))}
            </ol>
          </Card>
        </aside>
      </div>
    </div>
  );
}
