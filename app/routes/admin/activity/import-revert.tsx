import { data, Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { SiteTime } from "~/components/admin/site-time";
import { getAdminUser } from "~/features/auth/guard.server";
import { loadImportChangeSet, revertImport } from "~/features/versions/import-revert.server";
import { attempt, errorToast, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/import-revert";

// /admin/activity/:activityId/revert: 'Revert import' from a CSV import's activity entry (issue 27): a preview
// that names every product and those edited since, then one POST that reverts them all.
export const meta = () => [{ title: "Revert Import" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const set = await loadImportChangeSet(getServices(context).db, params.activityId);
  if (!set) throw data("Not Found", { status: 404 });
  return { set };
}

export async function action({ params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const actor = getAdminUser(context);
  const failed = {
    ok: false as const,
    title: "Cannot Revert Import",
    message: "The import could not be reverted. Please try again.",
  };
  const result = await attempt("history", () => revertImport(services.db, actor, params.activityId), failed);
  const back = `/admin/activity/${params.activityId}/revert`;
  if (!result.ok) return redirectWithToast(back, errorToast(result.title, result.message));
  services.changed(...result.changed);
  return redirectWithToast(
    back,
    successToast("Import Reverted", `${result.restored} products restored, ${result.removed} removed.`),
  );
}

export default function ImportRevert({ loaderData }: Route.ComponentProps) {
  const { set } = loaderData;
  const edited = set.products.filter((p) => p.editedSince && !p.gone);
  return (
    <div className="max-w-4xl">
      <AdminPageHeader title="Revert Import" back={{ to: "/admin/activity", label: "Back to Activity" }} />
      <Card>
        <p className="text-sm">
          {set.summary} · by {set.actorName ?? "the system"} · <SiteTime iso={set.at} />
        </p>
        {edited.length ? (
          <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
            {`Edited since the import (reverting undoes these edits too): ${edited.map((p) => p.name).join(", ")}`}
          </p>
        ) : null}
        <ul className="mt-4 space-y-1 text-sm">
          {set.products.map((product) => (
            <li key={product.id} data-product={product.id}>
              <span className="font-medium">{product.name}</span>
              {" — "}
              {product.gone
                ? "deleted since; nothing to revert"
                : product.kind === "added"
                  ? "added by the import: will be removed"
                  : "updated by the import: will be restored to its version before it"}
              {product.editedSince && !product.gone ? (
                <span className="ml-2 text-amber-800">
                  {`(edited since by ${product.editedSince.by ?? "the system"})`}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {set.reverted ? (
          <p className="mt-4 text-sm font-medium">This import has been reverted.</p>
        ) : (
          <Form
            method="post"
            className="mt-4"
            onSubmit={(event) => {
              if (!window.confirm("Revert this import? Every product above is restored or removed."))
                event.preventDefault();
            }}
          >
            <button
              type="submit"
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              Revert import
            </button>
          </Form>
        )}
      </Card>
    </div>
  );
}
