import { useMemo } from "react";
import { Field, SchemaForm, SelectField, TextareaField } from "~/components/forms/index";
import { INCOTERMS } from "~/features/catalogue/trade-terms/vocabulary";
import type { PrefilledQuote } from "~/features/quotes/quote-drafts.server";
import { quoteEditorForm, rowsOf, type TypedLine } from "~/features/quotes/quote-editor.schema";
import type { FormValues } from "~/lib/forms/submission";
import { ALL_LANGUAGES, LANGUAGE_INFO } from "~/lib/i18n/languages";
import { QUOTE_CURRENCIES } from "~/lib/money";
import { QuoteEditorButtons } from "./quote-editor-buttons";
import { QuoteLinesEditor } from "./quote-lines-editor";

/** What a quote page's action answered: a refusal (or the rows after 'Add Line' without JavaScript), or nothing. */
type Answer = { values?: unknown; form?: string; toast?: unknown } | undefined;

/**
 * The quote's form, for a new quote (`/admin/quotes/new`) and a draft (`/admin/quotes/:id`): the buyer, the terms,
 * the lines with their amounts and total as typed, the notes, and Save Draft / Send Quote. `hidden`: what the
 * page's action needs besides (a new quote's key and inquiry).
 */
export function QuoteForm({
  answer,
  fields,
  lines,
  productNames,
  mail,
  buttons = true,
  hidden = {},
}: {
  answer: Answer;
  fields: { [K in keyof PrefilledQuote["fields"]]: string | null };
  lines: TypedLine[];
  productNames: string[];
  mail: boolean;
  buttons?: boolean;
  hidden?: Record<string, string>;
}) {
  const refused = answer && "values" in answer && !answer.form ? (answer.values as FormValues) : undefined;
  // The rows as typed when the page came back refused; else as stored (one blank row for a quote without lines).
  const rows = useMemo(() => {
    const shown = refused ? rowsOf(refused) : lines;
    return shown.length ? shown : rowsOf({ line_name: "" });
  }, [refused, lines]);
  return (
    <SchemaForm of={quoteEditorForm} result={answer} method="post" className="space-y-6">
      {/* The button Enter in a field presses: the first in the form, so never a line's 'Remove'. */}
      {buttons ? (
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
          Save Draft
        </button>
      ) : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-900">Buyer</legend>
        <Field name="buyer_name" label="Buyer Name" defaultValue={fields.buyer_name ?? ""} />
        <Field name="buyer_email" label="Buyer Email" type="email" defaultValue={fields.buyer_email ?? ""} />
        <Field name="buyer_company" label="Company" defaultValue={fields.buyer_company ?? ""} />
        <Field name="buyer_country" label="Country" defaultValue={fields.buyer_country ?? ""} />
        <SelectField
          name="lang"
          label="Buyer's Language"
          hint="The PDF, the email and the quote page are in it."
          defaultValue={fields.lang ?? ""}
          options={ALL_LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_INFO[lang].englishName }))}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-900">Terms</legend>
        <SelectField
          name="currency"
          label="Currency"
          defaultValue={fields.currency ?? ""}
          options={QUOTE_CURRENCIES.map((code) => ({ value: code, label: code }))}
        />
        <SelectField
          name="incoterm"
          label="Incoterm"
          defaultValue={fields.incoterm ?? ""}
          options={INCOTERMS.map((term) => ({ value: term, label: term }))}
        />
        <Field
          name="named_port"
          label="Named Port"
          hint="The port the Incoterm names: FOB Nhava Sheva, CFR Jebel Ali."
          defaultValue={fields.named_port ?? ""}
        />
        <Field name="valid_until" label="Valid Until" type="date" defaultValue={fields.valid_until ?? ""} />
        <Field
          name="payment_terms"
          label="Payment Terms"
          hint="For example: 30% advance, 70% against documents."
          defaultValue={fields.payment_terms ?? ""}
        />
        <Field
          name="lead_time"
          label="Lead Time"
          hint="For example: shipment within 14 days of advance."
          defaultValue={fields.lead_time ?? ""}
        />
      </fieldset>
      <QuoteLinesEditor lines={rows} currency={fields.currency ?? ""} productNames={productNames} />
      <TextareaField
        name="notes"
        label="Notes"
        hint="Printed on the quote: inspection, documents, anything the buyer should know."
        rows={3}
        defaultValue={fields.notes ?? ""}
      />
      {buttons ? <QuoteEditorButtons mail={mail} /> : null}
    </SchemaForm>
  );
}
