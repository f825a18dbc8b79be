import { FileUp } from "lucide-react";
import { data, Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { Refusal } from "~/components/admin/refusal";
import { FieldLabel, FileInput, SubmitButton } from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import {
  importTranslationFile,
  previewTranslationImport,
  type TranslationImportPreview,
} from "~/features/translations/exchange/import.server";
import {
  isExchangeFormat,
  MAX_TRANSLATION_FILE_BYTES,
  MAX_TRANSLATION_FILE_MB,
  TRANSLATION_FILE_TOO_LARGE,
} from "~/features/translations/exchange/limits";
import { importSummary } from "~/features/translations/exchange/summary";
import { readFormData } from "~/lib/form-data.server";
import { attempt, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { LANGUAGE_INFO } from "~/lib/i18n/languages";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/translations-import";

export const meta = () => [{ title: "Import Translations" }];

export function loader() {
  return null;
}

type Answer = { message?: string; preview?: TranslationImportPreview; content?: string; format?: string };
const answer = (body: Answer, status = 200) => data(body, { status });

const FAILED = { ok: false as const, title: "Import Error", message: "The file could not be read. Please try again." };

/** XLIFF starts with markup; anything else is read as CSV. */
const formatOf = (text: string) => (/^\uFEFF?\s*</.test(text) ? "xliff" : "csv");

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db } = services;
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  if (form.get("intent") !== "import") {
    // Step 1, the preview: reads the file and writes nothing.
    services.changed(pageTag.none);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return answer({ message: "Please choose a file." }, 400);
    if (file.size > MAX_TRANSLATION_FILE_BYTES) return answer({ message: TRANSLATION_FILE_TOO_LARGE }, 413);
    const text = new TextDecoder("utf-8").decode(await file.arrayBuffer());
    const format = formatOf(text);
    const result = await attempt(
      "translations-import",
      () => previewTranslationImport(db, actor, format, text),
      FAILED,
    );
    if (!result.ok) return answer({ message: result.message }, 400);
    return answer({ preview: result.preview, content: text, format });
  }
  // Step 2: the previewed file, carried by the page (it is the administrator's own upload, read again from scratch).
  const content = form.get("content");
  const format = form.get("format");
  const previewed = Number(form.get("change"));
  if (typeof content !== "string" || !isExchangeFormat(format) || !Number.isInteger(previewed))
    return answer({ message: "Choose the file and preview it again." }, 400);
  if (new TextEncoder().encode(content).length > MAX_TRANSLATION_FILE_BYTES)
    return answer({ message: TRANSLATION_FILE_TOO_LARGE }, 413);
  const result = await attempt(
    "translations-import",
    () => importTranslationFile(db, actor, format, content, previewed),
    FAILED,
  );
  if ("ok" in result) return answer({ message: result.message }, 500);
  switch (result.kind) {
    case "error":
      return answer({ message: result.message }, 400);
    case "changed":
      return answer(
        {
          message:
            "The translations or the English changed since the preview, so nothing was imported. Check the new preview below, then import again.",
          preview: result.preview,
          content,
          format,
        },
        409,
      );
    case "imported":
      services.changed(...result.changed);
      return redirectWithToast(
        "/admin/translations",
        successToast("Import Successful", `${result.count} ${LANGUAGE_INFO[result.lang].englishName} fields imported.`),
      );
  }
}

export default function ImportTranslations({ actionData }: Route.ComponentProps) {
  const preview = actionData?.preview;
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader
        title="Import Translations"
        back={{ to: "/admin/translations", label: "Back to Translations" }}
      />
      <Card>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <p className="text-sm text-muted">
            Choose a file exported from the Translations screen (XLIFF 2.0 or CSV) after the translator filled it in.
            You see what it would change before anything is saved. Empty translations are skipped, never deleted.
          </p>
          {actionData?.message ? <Refusal testId="import-message">{actionData.message}</Refusal> : null}
          <div>
            <FieldLabel htmlFor="file" required>
              Translation file (.xlf, .xliff or .csv, at most {MAX_TRANSLATION_FILE_MB} MB)
            </FieldLabel>
            <FileInput
              name="file"
              accept=".xlf,.xliff,.csv,application/xliff+xml,text/csv"
              required
              maxBytes={MAX_TRANSLATION_FILE_BYTES}
              tooLargeMessage={() => TRANSLATION_FILE_TOO_LARGE}
            />
          </div>
          <SubmitButton name="intent" value="preview" pendingLabel="Reading...">
            <FileUp className="size-4" aria-hidden /> Preview Import
          </SubmitButton>
        </Form>
      </Card>

      {preview ? (
        <Card>
          <h2 className="text-lg font-semibold text-brand-900">{LANGUAGE_INFO[preview.lang].englishName}: preview</h2>
          <p className="mt-2 font-medium" data-testid="import-summary">
            {importSummary(preview)}
          </p>
          {preview.reasons.length ? (
            <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-slate-700">
              {preview.reasons.map(({ reason, count, ids }) => (
                <li key={reason}>
                  {count} refused, {reason}: <span className="break-all text-muted">{ids.join(", ")}</span>
                  {count > ids.length ? "…" : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {preview.sample.length ? (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-slate-600 uppercase">
                  <tr>
                    <th className="py-2 pe-4">Field</th>
                    <th className="py-2 pe-4">Now</th>
                    <th className="py-2">After the import</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {preview.sample.map((change) => (
                    <tr key={change.id}>
                      <td className="py-2 pe-4 break-all text-muted">{change.id}</td>
                      <td className="py-2 pe-4" lang={preview.lang} dir={LANGUAGE_INFO[preview.lang].dir}>
                        {change.before ?? <span className="text-muted">(missing)</span>}
                      </td>
                      <td className="py-2" lang={preview.lang} dir={LANGUAGE_INFO[preview.lang].dir}>
                        {change.after}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {preview.change > preview.sample.length ? (
                <p className="mt-2 text-sm text-muted">And {preview.change - preview.sample.length} more.</p>
              ) : null}
            </div>
          ) : null}
          {preview.change > 0 ? (
            <Form method="post" encType="multipart/form-data" className="mt-4">
              <input type="hidden" name="content" value={actionData?.content ?? ""} />
              <input type="hidden" name="format" value={actionData?.format ?? ""} />
              <input type="hidden" name="change" value={preview.change} />
              <SubmitButton name="intent" value="import" pendingLabel="Importing...">
                Import {preview.change} fields
              </SubmitButton>
            </Form>
          ) : (
            <p className="mt-4 text-sm text-muted">Nothing to import: the file changes nothing.</p>
          )}
        </Card>
      ) : null}
    </div>
  );
}
