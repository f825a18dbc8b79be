import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ImageField } from "~/components/admin/image-field";
import { AdminPageHeader, Card, FieldLabel, inputClass } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import { saveCategory } from "~/features/catalogue/category-admin.server";
import { imageFieldValue } from "~/features/media/upload.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { slugFollowsName, slugify } from "~/lib/slug";
import { getServices } from "~/services.server";
import type { Route } from "./+types/category-form";

// One module for /admin/manage-categories/add and /admin/manage-categories/edit/:categoryId.
export const meta = ({ params }: Route.MetaArgs) => [
  { title: params.categoryId ? "Edit Category" : "Add New Category" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.categoryId) return { category: null };
  const category = await getServices(context)
    .db.selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url"])
    .where("id", "=", params.categoryId)
    .executeTakeFirst();
  if (!category) throw data("Category not found", { status: 404 });
  return { category: { ...category, image_url: safeImageSrc(category.image_url) } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const form = await readFormData(request);
  const values = {
    name: String(form.get("name") ?? ""),
    slug: String(form.get("slug") ?? ""),
    description: String(form.get("description") ?? ""),
  };
  const result = await saveCategory(
    db,
    storage,
    { id: params.categoryId, ...values, ...imageFieldValue(form, "image") },
    config.uploadMaxBytes,
  );
  if (!result.ok) {
    const toast: ToastInput = { title: result.title, description: result.message, variant: "destructive" };
    return data({ toast, values }, { status: 400 });
  }
  const title = params.categoryId ? "Category Updated" : "Category Added";
  throw redirect("/admin/manage-categories", {
    headers: {
      "Set-Cookie": flashCookie({ title, description: `"${values.name.trim()}" has been saved.`, variant: "success" }),
    },
  });
}

export default function CategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  const saving = useNavigation().state === "submitting";
  useToastOnChange(actionData?.toast);
  const initial = actionData?.values ?? {
    name: category?.name ?? "",
    slug: category?.slug ?? "",
    description: category?.description ?? "",
  };
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  const [slugTouched, setSlugTouched] = useState(false);
  const originalSlug = category?.slug ?? "";

  // Spec §5: on add the slug follows the name until edited by hand; on edit, while it is still following.
  const onNameChange = (value: string) => {
    const follows = category ? slugFollowsName(slug, name, originalSlug) : !slugTouched;
    setName(value);
    if (follows) setSlug(slugify(value));
  };

  return (
    <div className="max-w-3xl">
      <AdminPageHeader
        title={category ? "Edit Category" : "Add New Category"}
        back={{ to: "/admin/manage-categories", label: "Back to Categories" }}
      />
      <Card>
        <Form method="post" encType="multipart/form-data" className="space-y-5">
          <div>
            <FieldLabel htmlFor="name" required>
              Category Name
            </FieldLabel>
            <input
              id="name"
              name="name"
              value={name}
              onChange={(e) => onNameChange(e.target.value)}
              maxLength={120}
              className={inputClass}
            />
          </div>
          <div>
            <FieldLabel htmlFor="slug" required>
              Slug
            </FieldLabel>
            <input
              id="slug"
              name="slug"
              value={slug}
              onChange={(e) => {
                setSlugTouched(true);
                setSlug(e.target.value);
              }}
              maxLength={120}
              className={`${inputClass} font-mono`}
            />
            <p className="mt-1 text-xs text-muted">Used in the address: /products/{slug || "…"}</p>
          </div>
          <div>
            <FieldLabel htmlFor="description">Description</FieldLabel>
            <textarea
              id="description"
              name="description"
              rows={4}
              defaultValue={initial.description ?? ""}
              maxLength={2000}
              className={inputClass}
            />
          </div>
          <ImageField name="image" label="Category Image" currentUrl={category?.image_url ?? null} />
          <div className="flex gap-3 pt-2">
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {saving ? "Saving..." : category ? "Update Category" : "Add Category"}
            </button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
