import { StatusBadge } from "~/components/admin/publish-fields";
import { Plus } from "lucide-react";
import { Pagination, SearchBox } from "~/components/admin/list-controls";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable, CARD } from "~/components/admin/admin-table";
import { RowActions } from "~/components/admin/row-actions";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { PAGE_SIZE, parseListQuery } from "~/lib/web/list-query";
import { getAdminUser } from "~/features/auth/guard.server";
import { deleteCategory, listCategoriesForAdmin } from "~/features/catalogue/category-admin.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/categories";

export const meta = () => [{ title: "Manage Categories" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListQuery(request);
  const { rows, total } = await listCategoriesForAdmin(getServices(context).db, query);
  return { categories: rows.map((c) => ({ ...c, image_url: safeImageSrc(c.image_url) })), total, page: query.page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage } = getServices(context);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return formFailure({}, errorToast("Error", "Unknown request."));
  const result = await deleteCategory(db, storage, actor, String(form.get("id") ?? ""));
  if (!result.ok) return refuse({ values: {}, form: "delete" }, result, 409);
  getServices(context).changed(...result.changed);
  return redirectBack(request, successToast("Success!", "Category deleted."));
}

export default function ManageCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, total, page } = loaderData;
  useToastOnChange(actionData?.toast);
  return (
    <div>
      <AdminPageHeader title="Manage Categories" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <ButtonLink to="/admin/manage-categories/add">
          <Plus className="size-4" aria-hidden /> Add New Category
        </ButtonLink>
      </AdminPageHeader>
      <div className="mb-4">
        <SearchBox placeholder="Search by name or slug" />
      </div>
      <AdminTable
        count={categories.length}
        empty="No categories found."
        wide
        cards
        columns={
          <>
            <th className="px-4 py-3">Image</th>
            <th className="px-4 py-3">Name</th>
            <th className="hidden px-4 py-3 sm:table-cell">Slug</th>
            <th className="hidden px-4 py-3 md:table-cell">Description</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3 text-right">Actions</th>
          </>
        }
      >
        {categories.map((category) => (
          <tr key={category.id} className={CARD.row}>
            <td className={`px-4 py-2 ${CARD.picture}`}>
              {category.image_url ? (
                <img
                  src={category.image_url}
                  alt=""
                  width={64}
                  height={48}
                  className="h-12 w-12 rounded object-cover sm:w-16"
                />
              ) : (
                <div className="h-12 w-12 rounded bg-slate-100 sm:w-16" />
              )}
            </td>
            <td className={`px-4 py-2 font-medium ${CARD.name}`}>{category.name}</td>
            <td className="hidden px-4 py-2 font-mono text-xs text-muted sm:table-cell">{category.slug}</td>
            <td className="hidden max-w-xs px-4 py-2 text-muted md:table-cell">
              <span className="line-clamp-2">{category.description}</span>
            </td>
            <td className={`px-4 py-2 ${CARD.status}`}>
              <StatusBadge status={category.status} />
            </td>
            <td className={`px-4 py-2 ${CARD.actions}`}>
              <RowActions
                name={category.name}
                kind="category"
                id={category.id}
                editTo={`/admin/manage-categories/edit/${category.id}`}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}
