import { data, Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { Refusal } from "~/components/admin/refusal";
import { TranslationStatusBadge } from "~/components/admin/translation-status-badge";
import { ErrorList, inputClass, SubmitButton } from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import { saveItemTranslations, translationEditVersion } from "~/features/translations/editor.server";
import { reviewedName, shownHashName, shownValueName, textName } from "~/features/translations/editor-form";
import { openedVersionOf, VERSION_FIELD } from "~/lib/forms/edit-version";
import { fieldLabel } from "~/features/translations/field-labels";
import { listEnabledLanguages } from "~/features/translations/languages.server";
import {
  findSourceItem,
  isTranslatableEntity,
  readStoredTranslations,
  translationKey,
} from "~/features/translations/overview.server";
import { TRANSLATABLE } from "~/features/translations/registry.server";
import { sourceHash } from "~/features/translations/source-hash";
import { fieldStatus, needsTranslation } from "~/features/translations/status.server";
import { readFormData } from "~/lib/form-data.server";
import { attempt, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { LANGUAGE_INFO } from "~/lib/i18n/languages";
import { getServices } from "~/services.server";
import type { Route } from "./+types/translation-editor";

export const meta = ({ data: loaded }: Route.MetaArgs) => [
  { title: loaded ? `Translate ${loaded.item.title} (${loaded.language.name})` : "Translations" },
];

/** The item and language a URL names (`/admin/translations/ar/product/<id>`), or a 404 in the spec's words. */
async function findTarget(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const { db } = getServices(context);
  const lang = (await listEnabledLanguages(db)).find((code) => code === params.lang);
  if (!lang) throw data("Language not enabled", { status: 404 });
  const entity = params.entity;
  const item = isTranslatableEntity(entity) ? await findSourceItem(db, entity, params["*"] ?? "") : null;
  if (!item) throw data("Item not found", { status: 404 });
  return { db, lang, item };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, lang, item } = await findTarget(context, params);
  const stored = await readStoredTranslations(db, [lang], item);
  const info = LANGUAGE_INFO[lang];
  return {
    version: await translationEditVersion(db, item),
    language: { code: lang, name: info.englishName, dir: info.dir },
    item: { entity: item.entity, id: item.id, title: item.title, kind: TRANSLATABLE[item.entity].label },
    fields: item.fields.filter(needsTranslation).map((field) => {
      const row = stored.get(translationKey(item.entity, item.id, lang, field.field));
      return {
        name: field.field,
        label: fieldLabel(field.field),
        english: field.english,
        multiline: !!field.multiline,
        slug: !!field.slug,
        value: row?.value ?? "",
        status: fieldStatus(field, row),
        hash: sourceHash(field.english),
      };
    }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, lang, item } = await findTarget(context, params);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const values = Object.fromEntries(
    [...form.entries()].filter(
      ([key, value]) => (key.startsWith("t:") || key === VERSION_FIELD) && typeof value === "string",
    ),
  ) as Record<string, string>;
  const failed = {
    ok: false as const,
    title: "Error Saving Translation",
    message: "The translation could not be saved. Please try again.",
  };
  const opened = openedVersionOf(values);
  const result = await attempt("translations", () => saveItemTranslations(db, actor, item, lang, form, opened), failed);
  if (!result.ok) {
    const errors = "errors" in result ? result.errors : {};
    // Changed by someone else since the editor was opened (ADR 0049): the version now, so saving again goes on.
    const version = "version" in result ? result.version : undefined;
    return data(
      { ok: false as const, errors, values, message: result.message, version },
      { status: "title" in result && version ? 409 : 400 },
    );
  }
  getServices(context).changed(...result.changed);
  const name = LANGUAGE_INFO[lang].englishName;
  return redirectWithToast(
    new URL(request.url).pathname,
    successToast("Translation Saved", `${item.title} in ${name}: ${result.count} fields changed.`),
  );
}

export default function TranslationEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { language, item, fields } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  // A refusal for another reason keeps the version that was sent (ADR 0049), never the page's newest.
  const sentVersion = refused?.values[VERSION_FIELD] ?? loaderData.version ?? "";
  return (
    <div className="max-w-6xl space-y-6">
      <AdminPageHeader
        title={`${item.title}: ${language.name}`}
        back={{ to: `/admin/translations?kind=${item.entity}`, label: "Back to Translations" }}
      />
      <p className="text-sm text-muted">
        {item.kind}. The English text is on the left; write the {language.name} text beside it.{" "}
        {item.entity === "media"
          ? `While it is empty, the ${language.name} pages describe the picture by its item's name instead.`
          : `An empty field shows the English text on the ${language.name} pages.`}{" "}
        Saving changes only the {language.name} version.
      </p>
      {refused ? (
        <Refusal testId="editor-message">
          <strong>Not saved:</strong> {refused.message}
        </Refusal>
      ) : null}
      <Form method="post" className="space-y-4">
        {loaderData.version ? (
          <input
            type="hidden"
            name={VERSION_FIELD}
            value={refused ? (refused.version ?? sentVersion) : loaderData.version}
          />
        ) : null}
        {fields.map((field) => {
          const name = textName(field.name);
          const errors = refused?.errors[name];
          const errorId = errors?.length ? `${name}-error` : undefined;
          const value = refused?.values[name] ?? field.value;
          const control = {
            id: name,
            name,
            // The text is in the translated language and direction; the back office around it stays English, ltr.
            lang: language.code,
            dir: language.dir,
            defaultValue: value,
            "aria-invalid": errors?.length ? true : undefined,
            "aria-describedby": errorId,
            className: inputClass,
          };
          return (
            <Card key={`${field.name}\u0000${field.value}`} className="grid gap-4 md:grid-cols-2">
              <div>
                <p className="mb-1 flex items-center gap-2 text-sm font-medium text-slate-700">
                  {field.label} (English)
                </p>
                <div
                  lang="en"
                  dir="ltr"
                  className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-800"
                  data-testid={`english-${field.name}`}
                >
                  {field.english}
                </div>
              </div>
              <div>
                <label htmlFor={name} className="mb-1 flex items-center gap-2 text-sm font-medium text-slate-700">
                  {field.label} ({language.name}) <TranslationStatusBadge status={field.status} />
                </label>
                {field.multiline ? <textarea rows={6} {...control} /> : <input type="text" {...control} />}
                <input type="hidden" name={shownHashName(field.name)} value={field.hash} />
                <input type="hidden" name={shownValueName(field.name)} value={field.value} />
                {field.slug ? (
                  <p className="mt-1 text-xs text-muted">
                    The end of the page&apos;s web address in {language.name}: /{language.code}/…/
                    {field.value || "…"}. Letters, digits and hyphens; unique among this language&apos;s{" "}
                    {item.entity === "product" ? "products in the category" : "items of this kind"}.
                  </p>
                ) : null}
                {field.status === "outdated" ? (
                  <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                    <input type="checkbox" name={reviewedName(field.name)} />
                    The English changed since this was translated: still correct, mark it up to date
                  </label>
                ) : null}
                <ErrorList id={errorId} errors={errors} />
              </div>
            </Card>
          );
        })}
        <SubmitButton>Save {language.name}</SubmitButton>
      </Form>
    </div>
  );
}
