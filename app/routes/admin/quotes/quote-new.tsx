import { Card } from "~/components/admin/card";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Field, SchemaForm, SelectField, SubmitButton } from "~/components/forms/index";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { createQuoteDraft } from "~/features/quotes/quote-drafts.server";
import { newQuoteForm } from "~/features/quotes/new-quote.schema";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { ALL_LANGUAGES, LANGUAGE_INFO } from "~/lib/i18n/languages";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/quote-new";

export const meta = () => [{ title: "New Quote" }];

/**
 * A new quote: from an inquiry ('Create Quote' on its page sends `inquiry_id`: its buyer and lines), or from scratch
 * for a buyer the desk knows (this page's form). Either way a draft with its number, opened in the editor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, now, changed } = getServices(context);
  changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const inquiryId = form.get("inquiry_id");
  const clock = { now: now(), timeZone: await siteTimeZone(db) };
  let outcome;
  let submission = null;
  if (typeof inquiryId === "string" && inquiryId) {
    outcome = await createQuoteDraft(db, actor, { inquiryId }, clock);
  } else {
    const parsed = parseSubmission(form, newQuoteForm.schema);
    if (!parsed.ok) return formFailure(parsed, newQuoteForm.invalidToast(parsed.errors));
    submission = parsed;
    const { buyer_name, buyer_email, buyer_company, buyer_country, lang } = parsed.value;
    outcome = await createQuoteDraft(
      db,
      actor,
      { buyer: { name: buyer_name, email: buyer_email, company: buyer_company, country: buyer_country, lang } },
      clock,
    );
  }
  if (!outcome.ok) return refuse(submission ?? { values: {} }, outcome, outcome.status);
  return redirectWithToast(
    `/admin/quotes/${outcome.id}`,
    successToast("Quote Created", "Give each line its price, then Save Draft or Send Quote."),
  );
}

export default function NewQuote({ actionData }: Route.ComponentProps) {
  useToastOnChange(actionData?.toast);
  return (
    <div className="max-w-2xl">
      <AdminPageHeader title="New Quote" back={{ to: "/admin/quotes", label: "Back to Quotes" }} />
      <p className="mb-4 text-sm text-slate-600">
        For a buyer you already know. To answer a request, open it under Inquiries and use Create Quote: its products
        and terms come with it.
      </p>
      <Card>
        <SchemaForm of={newQuoteForm} result={actionData} method="post" className="grid gap-4 sm:grid-cols-2">
          <Field name="buyer_name" label="Buyer Name" />
          <Field name="buyer_email" label="Buyer Email" type="email" />
          <Field name="buyer_company" label="Company" />
          <Field name="buyer_country" label="Country" />
          <SelectField
            name="lang"
            label="Buyer's Language"
            defaultValue="en"
            options={ALL_LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_INFO[lang].englishName }))}
          />
          <div className="sm:col-span-2">
            <SubmitButton pendingLabel="Creating...">Create Quote</SubmitButton>
          </div>
        </SchemaForm>
      </Card>
    </div>
  );
}
