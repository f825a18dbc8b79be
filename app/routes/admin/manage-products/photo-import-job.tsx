import { Form, Link } from "react-router";
import { Card } from "~/components/admin/card";
import { SubmitButton } from "~/components/forms/index";
import { Button } from "~/components/ui/button";
import type { PhotoJobView, ProductPhotos } from "~/features/catalogue/photos/view.server";
import { Refusal } from "~/components/admin/refusal";

/** A running job: entries done of total, refreshed by the page every few seconds (a meta refresh, so no script). */
export function PhotoJobProgress({ job }: { job: PhotoJobView }) {
  const percent = job.total ? Math.floor((job.done / job.total) * 100) : 100;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Checking and storing pictures</h2>
      <p className="mt-1 text-sm text-muted">
        {job.fileName}: you may leave this page and come back; the work goes on and nothing changes on the site until
        you import.
      </p>
      <label htmlFor="photo-progress" className="mt-4 block text-sm font-medium">
        {job.done} of {job.total} pictures ({percent}%)
      </label>
      <progress id="photo-progress" className="mt-2 h-3 w-full" max={job.total || 1} value={job.done} />
      <p className="mt-3 text-sm">
        <Link to="." reloadDocument className="underline">
          Refresh
        </Link>
      </p>
    </Card>
  );
}

/** What Import would do: each product with its pictures, files that match nothing or were refused, products left bare. */
export function PhotoJobPreview({ job, thumbnails }: { job: PhotoJobView; thumbnails: Record<string, string> }) {
  return (
    <>
      <Card>
        <h2 className="text-lg font-semibold">{job.fileName}</h2>
        <StateLine job={job} />
        {job.state === "ready" ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="import" />
              <SubmitButton pendingLabel="Importing..." disabled={job.productCount === 0}>
                Import
              </SubmitButton>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="outline">
                Cancel
              </Button>
            </Form>
          </div>
        ) : null}
      </Card>
      {job.products.length ? (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">
            Pictures for {job.productCount} products ({job.pictureCount} pictures)
          </h2>
          <ul className="divide-line divide-y" data-testid="photo-products">
            {job.products.map((product) => (
              <ProductRow key={product.id} product={product} thumbnails={thumbnails} />
            ))}
          </ul>
        </Card>
      ) : null}
      <FileList
        title={`Files that match nothing (${job.unmatchedCount})`}
        testId="photo-unmatched"
        files={job.unmatched}
      />
      <FileList title={`Files refused (${job.refusedCount})`} testId="photo-refused" files={job.refused} />
      {job.withoutPictureCount ? (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">Products still without a picture ({job.withoutPictureCount})</h2>
          <ul className="columns-1 text-sm sm:columns-2" data-testid="photo-without">
            {job.withoutPicture.map((p) => (
              <li key={p.id}>
                {p.name} <span className="text-muted">({p.slug})</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

function StateLine({ job }: { job: PhotoJobView }) {
  switch (job.state) {
    case "ready":
      return (
        <p className="mt-1 text-sm" data-testid="photo-state">
          Checked: nothing has changed yet. Import gives each product below its pictures (a main picture replaces the
          current one; gallery pictures replace the current gallery).
        </p>
      );
    case "imported":
      return (
        <p className="mt-1 text-sm text-green-800" data-testid="photo-state">
          Imported. The pictures below are on the products.
        </p>
      );
    case "cancelled":
      return (
        <p className="mt-1 text-sm" data-testid="photo-state">
          Cancelled: nothing was imported.
        </p>
      );
    default:
      return (
        <Refusal testId="photo-state" className="mt-2">
          {job.error ?? "The job failed, and nothing was imported."}
        </Refusal>
      );
  }
}

function ProductRow({ product, thumbnails }: { product: ProductPhotos; thumbnails: Record<string, string> }) {
  const photos = [product.main, ...product.gallery].filter((p) => p !== null);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-product={product.slug}>
      <div className="min-w-0 sm:w-56">
        <p className="font-medium break-words">{product.name}</p>
        <p className="text-xs break-all text-muted">{product.slug}</p>
      </div>
      <ul className="flex flex-wrap gap-2">
        {photos.map((photo) => (
          <li key={photo.file} className="w-20 text-center text-xs">
            <img
              src={thumbnails[photo.url!] ?? photo.url}
              alt=""
              loading="lazy"
              className="border-line size-20 rounded-md border object-cover"
            />
            <span className="mt-1 block break-all">{photo.position === 1 ? "Main" : `Gallery ${photo.position}`}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function FileList({
  title,
  testId,
  files,
}: {
  title: string;
  testId: string;
  files: Array<{ file: string; reason: string }>;
}) {
  if (!files.length) return null;
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <ul className="space-y-1 text-sm" data-testid={testId}>
        {files.map((f, i) => (
          <li key={`${f.file}-${i}`} className="break-all">
            <span className="font-mono">{f.file}</span> — {f.reason}
          </li>
        ))}
      </ul>
    </Card>
  );
}
