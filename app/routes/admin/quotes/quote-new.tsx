import { data, redirect } from "react-router";
import { Card } from "~/components/admin/card";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { createQuote, isQuoteKey } from "~/features/quotes/quote-drafts.server";
import { newQuotePage } from "~/features/quotes/quote-editor-page.server";
import { quoteEditorForm } from "~/features/quotes/quote-editor.schema";
import { answerLineButton, sentToast } from "~/features/quotes/quote-form.server";
import { sendQuote } from "~/features/quotes/send-quote.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { QuoteForm } from "./quote-form";
import type { Route } from "./+types/quote-new";

export const meta = () => [{ title: "New Quote" }];

const inquiryGone = () => data("Inquiry not found", { status: 404 });

/**
 * A new quote (issue 41): from an inquiry ('Create Quote' on its page opens `?inquiry=`: its buyer, terms and lines)
 * or from scratch for a buyer the desk knows. Nothing is stored, and no number taken, until the first Save Draft or
 * Send Quote.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const inquiryId = new URL(request.url).searchParams.get("inquiry");
  const page = await newQuotePage(getServices(context), inquiryId || null);
  if (!page) throw inquiryGone();
  return page;
}

// Below the admin layout's guard (session and admin role checked).
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, now, changed } = services;
  changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const inquiryId = String(form.get("inquiry_id") ?? "") || null;
  // The 'Create Quote' form of a page opened before this change: the new quote's page, for that inquiry.
  if (!intent)
    return redirect(inquiryId ? `/admin/quotes/new?inquiry=${encodeURIComponent(inquiryId)}` : "/admin/quotes/new");
  const lineButton = answerLineButton(form, intent);
  if (lineButton) return lineButton;
  if (intent !== "save" && intent !== "send") return formFailure({}, errorToast("Error", "Unknown request."));
  const submission = parseSubmission(form, quoteEditorForm.schema);
  if (!submission.ok) return formFailure(submission, quoteEditorForm.invalidToast(submission.errors));
  const key = form.get("quote_key");
  if (!isQuoteKey(key)) return formFailure(submission, errorToast("Quote Not Saved", "Reload the page and try again."));
  const clock = { now: now(), timeZone: await siteTimeZone(db) };
  const saved = await createQuote(db, actor, { key, inquiryId }, submission.value, clock);
  if (!saved.ok) return refuse(submission, saved, saved.status);
  const at = `/admin/quotes/${saved.id}`;
  const draftSaved = `${saved.number} v${saved.revision} is saved as a draft.`;
  if (saved.existed) return redirectWithToast(at, successToast("Draft Saved", draftSaved));
  if (intent === "save") return redirectWithToast(at, successToast("Draft Saved", draftSaved));
  const sent = await sendQuote(services, actor, saved.id, clock);
  // Saved but not sent (a line without its price): the draft's own page, saying why.
  if (!sent.ok) return redirectWithToast(at, errorToast(sent.title, `${draftSaved} ${sent.message}`));
  return redirectWithToast(at, sentToast(sent));
}

export default function NewQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, lines, key, inquiryId, productNames, mail } = loaderData;
  useToastOnChange(actionData?.toast);
  const back = inquiryId
    ? { to: `/admin/inquiries/${inquiryId}`, label: "Back to Inquiry" }
    : { to: "/admin/quotes", label: "Back to Quotes" };
  return (
    <div className="max-w-4xl">
      <AdminPageHeader title="New Quote" back={back} />
      <p className="mb-4 text-sm text-slate-600">
        {inquiryId
          ? "The request's buyer, products and terms are filled in. The quote gets its number when you first save it."
          : "For a buyer you already know; to answer a request, open it under Inquiries and use Create Quote. The quote gets its number when you first save it."}
      </p>
      <Card>
        <QuoteForm
          answer={actionData}
          fields={fields}
          lines={lines}
          productNames={productNames}
          mail={mail}
          hidden={{ quote_key: key, ...(inquiryId ? { inquiry_id: inquiryId } : {}) }}
        />
      </Card>
    </div>
  );
}
