import { Link } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import { AdminPageHeader } from "~/components/admin/page-header";
import { inputClass, SchemaForm, SelectField, SubmitButton } from "~/components/forms";
import { listCountryDocuments, saveCountryDocuments } from "~/features/orders/country-documents.server";
import { DOCUMENT_KINDS, documentKindLabel } from "~/features/orders/shipping";
import { COUNTRY_CODES, countryChoices, countryName } from "~/lib/country";
import { readFormData } from "~/lib/form-data.server";
import { defineForm, list, parseSubmission, text } from "~/lib/forms/submission";
import { errorToast, formFailure, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/countries";

// 'Documents by Country' (issue 44): what each importing country asks a shipment for, kept by the administrator; a
// shipment's page ticks each one off by its documents. Below the admin layout's guard.
export const meta = () => [{ title: "Documents by Country" }];

const NOTE_MAX = 200;
const countryDocumentsForm = defineForm(
  z.object({
    country: z.enum(COUNTRY_CODES as unknown as [string, ...string[]], { error: "Choose a country." }),
    kind: list(z.enum(DOCUMENT_KINDS as [string, ...string[]]), DOCUMENT_KINDS.length, "Too many documents."),
    ...Object.fromEntries(DOCUMENT_KINDS.map((kind) => [`note_${kind}`, text.optional("Note", NOTE_MAX)])),
  }),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const lists = await listCountryDocuments(db);
  const editing = new URL(request.url).searchParams.get("country") ?? "";
  return {
    countries: [...lists].map(([code, items]) => ({
      code,
      name: countryName(code),
      documents: items.map((item) => documentKindLabel(item.kind)),
    })),
    editing: COUNTRY_CODES.includes(editing as never) ? editing : "",
    current: Object.fromEntries((lists.get(editing) ?? []).map((item) => [item.kind, item.note])),
    choices: countryChoices("en"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  services.changed(pageTag.none);
  const form = await readFormData(request);
  const submission = parseSubmission(form, countryDocumentsForm.schema);
  if (!submission.ok) return formFailure(submission, countryDocumentsForm.invalidToast(submission.errors));
  const values = submission.value as Record<string, unknown> & { country: string; kind: string[] };
  await saveCountryDocuments(
    services.db,
    values.country,
    values.kind.map((kind) => ({ kind, note: String(values[`note_${kind}`] ?? "") })),
    services.now(),
  );
  const name = countryName(values.country);
  return redirectWithToast(
    "/admin/orders/countries",
    values.kind.length
      ? successToast("Checklist Saved", `${name}: ${values.kind.length} documents.`)
      : errorToast("Checklist Removed", `${name} has no checklist now.`),
  );
}

export default function CountriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { countries, editing, current, choices } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <AdminPageHeader title="Documents by Country" back={{ to: "/admin/orders", label: "Back to Orders" }} />
      <Card>
        <p className="mb-4 text-sm text-slate-700">
          What each importing country asks a shipment for. Check each list with the importer and the country's current
          rules: the ones the demo came with are examples.
        </p>
        <AdminTable
          count={countries.length}
          empty="No country has a checklist yet."
          columns={
            <>
              <th className="px-4 py-3">Country</th>
              <th className="px-4 py-3">Documents</th>
            </>
          }
        >
          {countries.map((country) => (
            <tr key={country.code}>
              <td className="px-4 py-2">
                <Link to={`?country=${country.code}`} className="font-medium text-brand-700 hover:underline">
                  {country.name}
                </Link>
              </td>
              <td className="px-4 py-2 text-sm">{country.documents.join(", ")}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-brand-900">
          {editing ? `Checklist for ${countryName(editing)}` : "Add a Checklist"}
        </h2>
        <SchemaForm key={editing} of={countryDocumentsForm} result={actionData} method="post" className="space-y-4">
          <SelectField name="country" label="Country" options={choices} defaultValue={editing || undefined} />
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-semibold text-slate-700">Documents it asks for</legend>
            {DOCUMENT_KINDS.map((kind) => (
              <div key={kind} className="grid gap-2 sm:grid-cols-2 sm:items-center">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="kind"
                    value={kind}
                    defaultChecked={kind in current}
                    className="size-4 accent-brand-700"
                  />
                  {documentKindLabel(kind)}
                </label>
                <input
                  name={`note_${kind}`}
                  aria-label={`Note: ${documentKindLabel(kind)}`}
                  placeholder="Note (optional)"
                  maxLength={NOTE_MAX}
                  defaultValue={current[kind] ?? ""}
                  className={inputClass}
                />
              </div>
            ))}
          </fieldset>
          <SubmitButton pendingLabel="Saving...">Save Checklist</SubmitButton>
        </SchemaForm>
      </Card>
    </div>
  );
}
