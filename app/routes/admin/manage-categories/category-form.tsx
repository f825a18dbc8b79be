import { HistoryLink, HistoryPanel } from "~/components/admin/history-panel";
import { loadHistory } from "~/features/versions/restore.server";
import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PreviewLink, StatusField } from "~/components/admin/publish-fields";
import { previewToken } from "~/features/publishing/preview.server";
import { siteOrigin } from "~/config.server";
import { Card } from "~/components/admin/card";
import { ImageField, NameSlugFields, SchemaForm, SubmitButton, TextareaField } from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import { categoryForm } from "~/features/catalogue/catalogue.schema";
import { findCategoryForEdit, saveCategory } from "~/features/catalogue/category-admin.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import { readFormData } from "~/lib/form-data.server";
import { attempt, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { openedVersionOf } from "~/lib/forms/edit-version";
import { editVersion } from "~/features/history/edit-version.server";
import { parseSubmission } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/category-form";

// One module for /admin/manage-categories/add and /admin/manage-categories/edit/:categoryId.
export const meta = ({ params }: Route.MetaArgs) => [
  { title: params.categoryId ? "Edit Category" : "Add New Category" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, now } = getServices(context);
  if (!params.categoryId) return { category: null, previewUrl: null, history: [] };
  const category = await findCategoryForEdit(db, params.categoryId);
  if (!category) throw data("Category not found", { status: 404 });
  // A draft category can be shown to someone through a signed link (ADR 0033).
  const previewUrl =
    category.status === "draft"
      ? `${siteOrigin(config)}/products/${category.slug}?preview=${await previewToken(db, "category", category.id, now())}`
      : null;
  return {
    category: {
      ...category,
      image_url: safeImageSrc(category.image_url),
      version: await editVersion(db, "category", category.id, category.updated_at),
    },
    previewUrl,
    history: await loadHistory(db, "category", category.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const actor = getAdminUser(context);
  const submission = parseSubmission(await readFormData(request), categoryForm.schema);
  if (!submission.ok) return formFailure(submission, categoryForm.invalidToast(submission.errors));
  const adding = !params.categoryId;
  const result = await attempt(
    "categories",
    () =>
      saveCategory(
        db,
        storage,
        actor,
        { id: params.categoryId, ...submission.value, opened: openedVersionOf(submission.values) },
        config.uploadMaxBytes,
      ),
    {
      ok: false,
      title: adding ? "Error Adding Category" : "Error Updating Category",
      message: "The category could not be saved. Please try again.",
    },
  );
  if (!result.ok) return refuse(submission, result, result.field || result.version ? undefined : 500);
  getServices(context).changed(...result.changed);
  const title = adding ? "Category Added" : "Category Updated";
  return redirectWithToast(
    "/admin/manage-categories",
    successToast(title, `"${submission.value.name}" has been saved.`),
  );
}

export default function CategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { category, previewUrl } = loaderData;
  return (
    <div className="max-w-3xl">
      <AdminPageHeader
        title={category ? "Edit Category" : "Add New Category"}
        back={{ to: "/admin/manage-categories", label: "Back to Categories" }}
      >
        {category ? <HistoryLink entries={loaderData.history} /> : null}
      </AdminPageHeader>
      {previewUrl ? <PreviewLink url={previewUrl} what="category" /> : null}
      <Card>
        <SchemaForm
          of={categoryForm}
          result={actionData}
          version={category?.version}
          method="post"
          encType="multipart/form-data"
          className="space-y-5"
        >
          <NameSlugFields nameLabel="Category Name" saved={category} addressPrefix="/products/" />
          <TextareaField name="description" label="Description" rows={4} defaultValue={category?.description} />
          <ImageField name="image" label="Category Image" currentUrl={category?.image_url ?? null} />
          <StatusField status={category?.status} />
          <p className="text-sm text-muted">A draft category and all its products are absent from the public site.</p>
          <div className="pt-2">
            <SubmitButton>{category ? "Update Category" : "Add Category"}</SubmitButton>
          </div>
        </SchemaForm>
      </Card>
      {category ? (
        <HistoryPanel entries={loaderData.history} restoreAction={`/admin/history/category/${category.id}/restore`} />
      ) : null}
    </div>
  );
}
