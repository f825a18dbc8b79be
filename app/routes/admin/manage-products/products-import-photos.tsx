import { FileArchive } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { Refusal } from "~/components/admin/refusal";
import { SiteTime } from "~/components/admin/site-time";
import { FieldLabel, FileInput, SubmitButton } from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import { NAMING_RULE } from "~/features/catalogue/photos/naming";
import { zipTooLarge } from "~/features/catalogue/photos/limits";
import { receivePhotoZip } from "~/features/catalogue/photos/receive.server";
import { recentPhotoJobs } from "~/features/catalogue/photos/view.server";
import { megabytes } from "~/features/images/upload-limits";
import { attempt } from "~/lib/forms/respond.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-import-photos";

// /admin/manage-products/import-photos: 'Import Photos (ZIP)' (issue 29, ADR 0042). The ZIP is streamed to disk and
// checked as a job; its page (…/import-photos/:jobId) shows the progress, then the preview and the Import button.
export const meta = () => [{ title: "Import Photos (ZIP)" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const jobs = await recentPhotoJobs(db, getAdminUser(context).id);
  return { jobs, zipMaxBytes: config.zipMaxBytes, uploadMaxBytes: config.uploadMaxBytes };
}

const FAILED = { ok: false as const, title: "Import Error", message: "The ZIP could not be read. Please try again." };

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  // Checking and storing pictures changes no page: the Import on the job's page does.
  services.changed(pageTag.none);
  const { db, storage, config } = services;
  const result = await attempt(
    "photos-import",
    () => receivePhotoZip(db, storage, getAdminUser(context), request, config),
    FAILED,
  );
  if (!result.ok) return data({ message: result.message }, { status: result.status ?? 500 });
  return redirect(`/admin/manage-products/import-photos/${result.jobId}`, 303);
}

export default function ImportPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, zipMaxBytes, uploadMaxBytes } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader
        title="Import Photos (ZIP)"
        back={{ to: "/admin/manage-products/import", label: "Back to Import Products" }}
      />
      <Card>
        {/* A plain form post (no script needed): the browser sends the file as it reads it, whatever its size. */}
        <Form method="post" encType="multipart/form-data" reloadDocument className="space-y-4">
          <p className="text-sm" data-testid="naming-rule">
            {NAMING_RULE}
          </p>
          <p className="text-sm text-muted">
            You see which product gets which picture before anything changes. Every picture passes the same checks as an
            upload (JPEG, PNG or WebP, up to {megabytes(uploadMaxBytes)} and 50 megapixels each; camera and location
            data removed). A picture already stored is recognised and not stored again.
          </p>
          {actionData?.message ? <Refusal testId="import-message">{actionData.message}</Refusal> : null}
          <div>
            <FieldLabel htmlFor="zip" required>
              ZIP file (at most {megabytes(zipMaxBytes)})
            </FieldLabel>
            <FileInput
              name="zip"
              accept=".zip,application/zip"
              required
              maxBytes={zipMaxBytes}
              tooLargeMessage={() => zipTooLarge(zipMaxBytes)}
            />
          </div>
          <SubmitButton pendingLabel="Uploading...">
            <FileArchive className="size-4" aria-hidden /> Upload and Check
          </SubmitButton>
        </Form>
      </Card>
      {jobs.length ? (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">Recent Photo Imports</h2>
          <ul className="space-y-1 text-sm">
            {jobs.map((job) => (
              <li key={job.id}>
                <Link className="underline" to={`/admin/manage-products/import-photos/${job.id}`}>
                  {job.file_name}
                </Link>{" "}
                · {job.state} · {job.done} of {job.total} pictures · <SiteTime iso={job.created_at} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
