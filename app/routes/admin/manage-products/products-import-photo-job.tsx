import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PhotoJobProgress, PhotoJobPreview } from "~/routes/admin/manage-products/photo-import-job";
import { getAdminUser } from "~/features/auth/guard.server";
import { cancelPhotoJob, importPhotoJob } from "~/features/catalogue/photos/import.server";
import { loadPhotoJob } from "~/features/catalogue/photos/view.server";
import { picture } from "~/features/images/images.server";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-import-photo-job";

// A photo import job's page: its progress while it runs (the page refreshes itself, with or without JavaScript),
// then what Import would do, with Import and Cancel.
const REFRESH_SECONDS = 2;

export const meta = ({ data: loaded }: Route.MetaArgs) => [
  { title: "Import Photos (ZIP)" },
  ...(loaded?.job.state === "processing" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const job = await loadPhotoJob(db, storage, getAdminUser(context).id, params.jobId);
  if (!job) throw data("Not Found", { status: 404 });
  // Small copies for the preview's thumbnails (a ZIP may hold a thousand pictures).
  const thumbnails: Record<string, string> = {};
  for (const product of job.products)
    for (const photo of [product.main, ...product.gallery])
      if (photo?.url) thumbnails[photo.url] = picture(storage, photo.url)?.srcSet?.split(" ")[0] ?? photo.url;
  return { job, thumbnails };
}

const FAILED = {
  ok: false as const,
  title: "Import Error",
  message: "The photos could not be imported, and nothing was changed. Please try again.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, storage } = services;
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const here = `/admin/manage-products/import-photos/${params.jobId}`;
  if (form.get("intent") === "cancel") {
    services.changed(pageTag.none);
    await cancelPhotoJob(db, storage, actor.id, params.jobId);
    return redirectWithToast("/admin/manage-products/import-photos", successToast("Photo Import Cancelled"));
  }
  const result = await attempt("photos-import", () => importPhotoJob(db, storage, actor, params.jobId), FAILED);
  if (!result.ok) {
    services.changed(pageTag.none);
    return redirectWithToast(here, errorToast("Import Error", result.message));
  }
  // Pictures of any product of any category changed: every page is refreshed, as after a CSV import.
  return redirectWithToast(here, successToast("Import Successful", `Photos imported for ${result.count} products.`));
}

export default function PhotoImportJob({ loaderData }: Route.ComponentProps) {
  const { job, thumbnails } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <AdminPageHeader
        title="Import Photos (ZIP)"
        back={{ to: "/admin/manage-products/import-photos", label: "Back to Import Photos" }}
      />
      {job.state === "processing" ? (
        <PhotoJobProgress job={job} />
      ) : (
        <PhotoJobPreview job={job} thumbnails={thumbnails} />
      )}
    </div>
  );
}
