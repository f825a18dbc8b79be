import { FileUp } from "lucide-react";
import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { CsvImportPreview } from "~/routes/admin/manage-products/csv-import-preview";
import { ImportColumns, ImportTemplates } from "~/routes/admin/manage-products/import-columns";
import { PhotosZipEntry } from "~/routes/admin/manage-products/photos-zip-entry";
import { Refusal } from "~/components/admin/refusal";
import {
  CheckboxField,
  ErrorList,
  FieldLabel,
  FileInput,
  SchemaForm,
  SubmitButton,
  useField,
} from "~/components/forms/index";
import type { ToastInput } from "~/lib/web/toast";
import type { Db } from "~/db/database.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { csvImportForm, csvUploadForm } from "~/features/catalogue/catalogue.schema";
import { importDraft, isXlsxName, previewCsvUpload } from "~/features/catalogue/csv/drafts.server";
import { CSV_TOO_LARGE, MAX_CSV_BYTES, MAX_CSV_MB } from "~/features/catalogue/csv/limits";
import type { ImportPreview } from "~/features/catalogue/csv/preview";
import type { Actor } from "~/lib/actor";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-import";

export const meta = () => [{ title: "Import Products (CSV or XLSX)" }];

/** 'No Products to Import' naming the file's kind: the spec's words for a CSV, "The XLSX file" for a workbook. */
const nothingToImport = (fileName: string): ToastInput =>
  errorToast(
    "No Products to Import",
    `${isXlsxName(fileName) ? "The XLSX file" : "CSV"} might be empty or products are missing required fields (name, slug, valid category_slug).`,
  );

export function loader() {
  return null;
}

/** What the page shows besides a refusal: the file's preview, and the draft its Import button imports. */
const shown = (preview: ImportPreview | null, draftId: string | null = null) => ({ preview, draftId });

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const importing = form.get("intent") === "import";
  // A preview writes nothing. An import may touch any product of any category and names nothing: every page is
  // refreshed.
  if (!importing) getServices(context).changed(pageTag.none);
  return importing ? importFile(db, actor, form) : previewFile(db, actor, form);
}

/** Step 1: read the chosen file and show what its import would do. */
async function previewFile(db: Db, actor: Actor, form: FormData) {
  const submission = parseSubmission(form, csvUploadForm.schema);
  const answer = { values: submission.values, form: "preview" };
  if (!submission.ok)
    return formFailure({ ...answer, errors: submission.errors }, csvUploadForm.invalidToast(submission.errors), 400, {
      extra: shown(null),
    });
  const failed = {
    ok: false as const,
    title: "Import Error",
    message: "The file could not be read. Please try again.",
  };
  const result = await attempt(
    "products-import",
    () =>
      previewCsvUpload(db, actor, submission.value.file, {
        draftsWithoutPicture: submission.value.drafts_without_picture,
      }),
    failed,
  );
  if (!result.ok) return refuse(answer, result, result === failed ? 500 : 400, { extra: shown(null) });
  if (!result.draftId)
    return formFailure(answer, nothingToImport(result.preview.fileName), 400, { extra: shown(result.preview) });
  return data(shown(result.preview, result.draftId));
}

/** Step 2: import the previewed file, all or nothing, if the catalogue still gives the counts the preview showed. */
async function importFile(db: Db, actor: Actor, form: FormData) {
  const submission = parseSubmission(form, csvImportForm.schema);
  // A refusal that leaves nothing to import is shown by the file form: choosing the file again is the way on.
  const again = { values: {}, form: "preview" };
  if (!submission.ok)
    return formFailure(again, csvImportForm.invalidToast(submission.errors), 400, { extra: shown(null) });
  const { draftId, add, update, drafts_without_picture } = submission.value;
  const failed = {
    ok: false as const,
    title: "Import Error",
    message: "The products could not be imported, and nothing was changed. Please try again.",
  };
  const result = await attempt(
    "products-import",
    () => importDraft(db, actor, draftId, { add, update }, { draftsWithoutPicture: drafts_without_picture }),
    failed,
  );
  if (!("kind" in result)) return refuse(again, result, 500, { extra: shown(null) });
  switch (result.kind) {
    case "imported":
      return redirectWithToast(
        "/admin/manage-products",
        successToast("Import Successful", `${result.count} products imported.`),
      );
    case "changed":
      return formFailure({ values: {}, form: "import" }, errorToast("Import Error", result.message), 409, {
        extra: shown(result.preview, result.draftId),
      });
    case "nothing":
      return formFailure(again, nothingToImport(result.preview.fileName), 400, { extra: shown(result.preview) });
    default:
      return formFailure(again, errorToast("Import Error", result.message), 400, { extra: shown(null) });
  }
}

export default function ImportProducts({ actionData }: Route.ComponentProps) {
  const preview = actionData?.preview ?? null;
  const message = actionData && "toast" in actionData ? actionData.toast : undefined;
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader
        title="Import Products (CSV or XLSX)"
        back={{ to: "/admin/manage-products", label: "Back to Products" }}
      />
      <Card className="space-y-4">
        <p className="text-sm text-muted">
          A CSV or XLSX file (the first sheet is read), one product a row under a header row. A row whose category and
          slug match an existing product updates it. Lists may be separated by ; or , and specifications written as Key:
          value; Key: value. Dates are 2026-12-31 or 31/12/2026 (day first).
        </p>
        <ImportTemplates />
        <ImportColumns />
      </Card>
      <Card>
        <SchemaForm
          of={csvUploadForm}
          intent="preview"
          result={actionData}
          method="post"
          encType="multipart/form-data"
          className="space-y-4"
        >
          {/* Also on the page, not only in the toast: it stays readable, and it shows without JavaScript. */}
          {message ? (
            <Refusal testId="import-message" announced>
              <strong>{message.title}:</strong> {message.description}
            </Refusal>
          ) : null}
          <CsvFileField />
          <div>
            <CheckboxField name="drafts_without_picture" label="Keep products without a picture as drafts" />
            <p className="mt-1 text-sm text-muted">
              A new product with no image_url and no status is added as a draft: off the site until it has a picture and
              you publish it. The status column, where the file has one, decides for its rows.
            </p>
          </div>
          <SubmitButton pendingLabel="Reading...">
            <FileUp className="size-4" aria-hidden /> Preview Import
          </SubmitButton>
        </SchemaForm>
      </Card>

      <PhotosZipEntry />

      {preview ? (
        <CsvImportPreview preview={preview} draftId={actionData?.draftId ?? null} result={actionData} />
      ) : null}
    </div>
  );
}

/** Spec §5, with issue 29's workbooks: .csv or .xlsx; a file over the limit is refused before it is sent. */
function CsvFileField() {
  const field = useField("file");
  return (
    <div>
      <FieldLabel htmlFor="file" required>
        XLSX or CSV file (at most {MAX_CSV_MB} MB)
      </FieldLabel>
      <FileInput
        name="file"
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        required
        maxBytes={MAX_CSV_BYTES}
        tooLargeMessage={() => CSV_TOO_LARGE}
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
