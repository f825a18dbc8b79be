import { useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { RowActions } from "~/components/admin/row-actions";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { MAX_SYNONYM_GROUPS, synonymGroupForm } from "~/features/search/synonyms-admin.schema";
import {
  addSynonymGroup,
  deleteSynonymGroup,
  listSynonymGroups,
  updateSynonymGroup,
} from "~/features/search/synonyms-admin.server";
import { readFormData } from "~/lib/form-data.server";
import { openedVersionOf } from "~/lib/forms/edit-version";
import {
  attempt,
  errorToast,
  formFailure,
  redirectBack,
  redirectWithToast,
  refuse,
  successToast,
} from "~/lib/forms/respond.server";
import { parseSubmission, type FormFailure, type Refusal } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/search-synonyms";

// The words buyers use for one thing (issue 43). The public search reads the groups on every search (it is never
// cached), so a save counts from the next search on, on every instance.
export const meta = () => [{ title: "Search synonyms" }];

const PAGE = "/admin/search-synonyms";

export async function loader({ context }: Route.LoaderArgs) {
  return { groups: await listSynonymGroups(getServices(context).db), max: MAX_SYNONYM_GROUPS };
}

const SAVE_FAILED: Refusal = {
  ok: false,
  title: "Synonyms Not Saved",
  message: "The synonym group could not be saved. Please try again.",
};
const DELETE_FAILED: Refusal = {
  ok: false,
  title: "Error Deleting Synonyms",
  message: "The synonym group could not be deleted. Please try again.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "save": {
      const submission = parseSubmission(form, synonymGroupForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: "save" }, synonymGroupForm.invalidToast(submission.errors));
      const { id, words } = submission.value;
      const opened = openedVersionOf(submission.values);
      const result = await attempt(
        "search-synonyms",
        () => (id ? updateSynonymGroup(db, actor, id, words, opened) : addSynonymGroup(db, actor, words)),
        SAVE_FAILED,
      );
      if (!result.ok) return refuse({ ...submission, form: "save" }, result, result === SAVE_FAILED ? 500 : 400);
      return redirectWithToast(
        PAGE,
        id
          ? successToast("Synonym Group Saved!", "Searches use its words from now on.")
          : successToast("Synonym Group Added!", "A search for any of its words now finds the others."),
      );
    }
    case "delete": {
      const id = String(form.get("id") ?? "");
      const result = await attempt("search-synonyms", () => deleteSynonymGroup(db, actor, id), DELETE_FAILED);
      if (!result.ok) return refuse({ values: {}, form: "delete" }, result, 500);
      return redirectBack(request, successToast("Synonym Group Deleted!", "Its words are searched on their own."));
    }
    default:
      return formFailure({}, errorToast("Error", "Unknown request."));
  }
}

export default function SearchSynonyms({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, max } = loaderData;
  const failure = actionData as FormFailure | undefined;
  useToastOnChange(failure?.form === "delete" ? failure.toast : undefined);
  // Editing lives in the address (`?edit={id}`), so it works without JavaScript and survives a reload.
  const [params] = useSearchParams();
  const editing = groups.find((group) => group.id === params.get("edit")) ?? null;

  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader title="Search synonyms" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <p className="text-muted">
        Words buyers use for the same thing, one group a line: in any language, and as buyers spell them (pyaz, kanda,
        onion, بصل, পেঁয়াজ). A search for any word of a group finds the others. Changes count from the next search.
      </p>

      <Card>
        <h2 className="mb-4 text-lg font-semibold text-brand-900">
          {editing ? "Edit synonym group" : "Add a synonym group"}
        </h2>
        <SchemaForm
          of={synonymGroupForm}
          intent="save"
          result={actionData}
          method="post"
          // A new form after each add or delete: the words just added do not stay in the input.
          key={editing?.id ?? `new-${groups.length}-${groups.at(-1)?.id}`}
          version={editing?.version ?? null}
          className="space-y-4"
        >
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <Field
            name="words"
            label="Words"
            hint="Single words separated by commas: at least 2, at most 20, each up to 40 characters."
            placeholder="e.g. onion, pyaz, kanda, بصل, পেঁয়াজ"
            defaultValue={editing ? editing.words.join(", ") : ""}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pendingLabel={editing ? "Saving..." : "Adding..."}>
              {editing ? "Save Group" : "Add Group"}
            </SubmitButton>
            {editing ? (
              <ButtonLink to={PAGE} variant="outline">
                Cancel
              </ButtonLink>
            ) : null}
          </div>
        </SchemaForm>
      </Card>

      <Card>
        <h2 className="mb-2 flex items-baseline justify-between gap-2 text-lg font-semibold text-brand-900">
          Synonym groups
          <span className="text-sm font-normal text-muted">{`${groups.length} of at most ${max}`}</span>
        </h2>
        {groups.length === 0 ? (
          <p className="py-6 text-center text-muted">No synonym groups yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {groups.map((group) => (
              <li
                key={group.id}
                aria-current={group.id === editing?.id ? "true" : undefined}
                className={`flex items-center gap-2 py-3 ${group.id === editing?.id ? "-mx-2 rounded-md bg-brand-50 px-2" : ""}`}
              >
                <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
                  {group.words.map((word) => (
                    <li
                      key={word}
                      dir="auto"
                      className="rounded-full bg-white px-2.5 py-0.5 text-sm text-slate-800 ring-1 ring-slate-200"
                    >
                      {word}
                    </li>
                  ))}
                </ul>
                <RowActions
                  name={group.words.join(", ")}
                  kind="synonym group"
                  id={group.id}
                  editTo={`${PAGE}?edit=${encodeURIComponent(group.id)}`}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
