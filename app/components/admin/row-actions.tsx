import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { DeleteForm } from "./delete-form";

/**
 * A table row's action icons (spec §2): view on the public site in a new tab (when given), edit, delete with the
 * confirmation. 40 px to tap on a phone, 32 px wider up.
 */
export function RowActions({
  name,
  kind,
  id,
  editTo,
  viewHref,
}: {
  name: string;
  kind: string;
  id: string;
  editTo: string;
  viewHref?: string;
}) {
  return (
    <div className="flex justify-end gap-1">
      {viewHref ? (
        <a
          href={viewHref}
          target="_blank"
          rel="noreferrer"
          className="rounded-md p-3 text-slate-600 hover:bg-slate-100 sm:p-2"
          aria-label={`View ${name} on the site`}
          title="View on site"
        >
          <ExternalLink className="size-4" aria-hidden />
        </a>
      ) : null}
      <Link
        to={editTo}
        className="rounded-md p-3 text-brand-700 hover:bg-brand-50 sm:p-2"
        aria-label={`Edit ${name}`}
        title="Edit"
      >
        <Pencil className="size-4" aria-hidden />
      </Link>
      <DeleteForm
        what={`the ${kind} "${name}"`}
        id={id}
        label={`Delete ${name}`}
        className="rounded-md p-3 text-red-600 hover:bg-red-50 sm:p-2"
      >
        <Trash2 className="size-4" aria-hidden />
      </DeleteForm>
    </div>
  );
}
