import { StatusBadge } from "~/components/admin/publish-fields";
import { ImageOff, Plus, Upload } from "lucide-react";
import { Pagination, SearchBox } from "~/components/admin/list-controls";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable, CARD } from "~/components/admin/admin-table";
import { RowActions } from "~/components/admin/row-actions";
import { ExportLink } from "~/components/admin/export-link";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { PAGE_SIZE, parseListQuery } from "~/lib/web/list-query";
import { getAdminUser } from "~/features/auth/guard.server";
import { deleteProduct, listProductsForAdmin } from "~/features/catalogue/product-admin.server";
import { productsNamed } from "~/features/search/search.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products";
import { isPublic, productIsPublic } from "~/features/publishing/visibility";
import { productPath } from "~/lib/web/public-paths";

export const meta = () => [{ title: "Manage Products" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListQuery(request);
  const { db } = getServices(context);
  // A search reads the site search's index: words of a name or address in any language, from their start.
  const named = query.q ? await productsNamed(db, query.q) : null;
  const { rows, total } = await listProductsForAdmin(db, { page: query.page, named });
  return { products: rows.map((p) => ({ ...p, image_url: safeImageSrc(p.image_url) })), total, page: query.page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage } = getServices(context);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return formFailure({}, errorToast("Error", "Unknown request."));
  const failed = {
    ok: false as const,
    title: "Error Deleting Product",
    message: "The product could not be deleted. Please try again.",
  };
  const result = await attempt(
    "products",
    () => deleteProduct(db, storage, actor, String(form.get("id") ?? "")),
    failed,
  );
  if (!result.ok) return refuse({ values: {}, form: "delete" }, result, result === failed ? 500 : 404);
  getServices(context).changed(...result.changed);
  return redirectBack(request, successToast("Success!", "Product deleted."));
}

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, page } = loaderData;
  useToastOnChange(actionData?.toast);
  return (
    <div>
      <AdminPageHeader title="Manage Products" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <ButtonLink to="/admin/manage-products/import" variant="outline">
          <Upload className="size-4" aria-hidden /> Import Products (CSV)
        </ButtonLink>
        <ExportLink href="/admin/manage-products/export" label="Export Products (CSV)" what="products" />
        <ButtonLink to="/admin/manage-products/add">
          <Plus className="size-4" aria-hidden /> Add New Product
        </ButtonLink>
      </AdminPageHeader>
      <div className="mb-4">
        <SearchBox placeholder="Search by name or slug" />
      </div>
      <AdminTable
        count={products.length}
        empty="No products found."
        wide
        cards
        columns={
          <>
            <th className="px-2 py-3 sm:px-4">Image</th>
            <th className="px-4 py-3">Name</th>
            <th className="hidden px-4 py-3 sm:table-cell">Category</th>
            <th className="hidden px-4 py-3 sm:table-cell">Featured</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3 text-right">Actions</th>
          </>
        }
      >
        {products.map((product) => (
          <tr key={product.id} className={CARD.row}>
            <td className={`px-2 py-2 sm:px-4 ${CARD.picture}`}>
              {product.image_url ? (
                <img
                  src={product.image_url}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded object-cover sm:w-16"
                />
              ) : (
                <div
                  role="img"
                  aria-label="No image"
                  className="flex h-12 w-12 items-center justify-center rounded bg-slate-100 text-slate-400 sm:w-16"
                >
                  <ImageOff className="size-5" aria-hidden />
                </div>
              )}
            </td>
            <td className={`px-4 py-2 font-medium ${CARD.name}`}>{product.name}</td>
            <td className="hidden px-4 py-2 text-muted sm:table-cell">{product.category_name}</td>
            <td className="hidden px-4 py-2 sm:table-cell">{product.is_featured ? "Yes" : "No"}</td>
            <td className={`px-4 py-2 ${CARD.status}`}>
              <StatusBadge status={product.status} publishAt={product.publish_at} />
              {isPublic(product) && !productIsPublic(product) ? (
                <span className="block text-xs text-muted">Its category is a draft</span>
              ) : null}
            </td>
            <td className={`px-4 py-2 ${CARD.actions}`}>
              <RowActions
                name={product.name}
                kind="product"
                id={product.id}
                editTo={`/admin/manage-products/edit/${product.id}`}
                viewHref={productIsPublic(product) ? productPath(product.category_slug, product.slug) : undefined}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}
