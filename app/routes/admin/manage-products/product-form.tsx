import { useState } from "react";
import { data } from "react-router";
import { ProductGalleryField } from "~/routes/admin/manage-products/product-gallery-field";
import { SpecEditor } from "~/routes/admin/manage-products/spec-editor";
import { TradeTermsFields } from "~/routes/admin/manage-products/trade-terms-fields";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PreviewLink, ScheduleField, StatusField } from "~/components/admin/publish-fields";
import { previewToken } from "~/features/publishing/preview.server";
import { siteOrigin } from "~/config.server";
import { Card } from "~/components/admin/card";
import { LocalDraft } from "~/components/admin/local-draft";
import {
  CheckboxField,
  ImageField,
  NameSlugFields,
  SchemaForm,
  SelectField,
  SubmitButton,
  TextareaField,
  useField,
} from "~/components/forms/index";
import type { ToastInput } from "~/lib/web/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { productForm } from "~/features/catalogue/catalogue.schema";
import { EMPTY_TRADE_TERMS } from "~/features/catalogue/trade-terms/vocabulary";
import { findProductForEdit, listCategoryOptions, saveProduct } from "~/features/catalogue/product-admin.server";
import { HistoryLink, HistoryPanel } from "~/components/admin/history-panel";
import { loadHistory } from "~/features/versions/restore.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import { readFormData } from "~/lib/form-data.server";
import { attempt, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { openedVersionOf } from "~/lib/forms/edit-version";
import { editVersion } from "~/features/history/edit-version.server";
import { resolveSchedule, savedText } from "~/features/publishing/schedule.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/product-form";

// One module for /admin/manage-products/add and /admin/manage-products/edit/:productId.
export const meta = ({ params }: Route.MetaArgs) => [{ title: params.productId ? "Edit Product" : "Add New Product" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, now } = getServices(context);
  const categories = await listCategoryOptions(db);
  if (!params.productId) return { categories, product: null, previewUrl: null, history: [] };
  const product = await findProductForEdit(db, params.productId);
  if (!product) throw data("Product not found", { status: 404 });
  // A draft (or a product of a draft category) can be shown to someone through a signed link (ADR 0033).
  const category = categories.find((c) => c.id === product.category_id);
  const previewUrl =
    category && (product.status === "draft" || category.status === "draft")
      ? `${siteOrigin(config)}/products/${category.slug}/${product.slug}?preview=${await previewToken(db, "product", product.id, now())}`
      : null;
  return {
    categories,
    previewUrl,
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      category_id: product.category_id,
      description: product.description ?? "",
      export_info: product.export_info ?? "",
      is_featured: product.is_featured === 1,
      status: product.status,
      publish_at: product.publish_at,
      image_url: safeImageSrc(product.image_url),
      gallery: product.gallery.map((url) => ({ url, src: safeImageSrc(url) })),
      specs: product.specs.map(([key, value]) => ({
        key,
        type: typeof value === "boolean" ? ("boolean" as const) : ("text" as const),
        value: value === true ? "yes" : value === false ? "no" : value,
      })),
      terms: product.terms,
      version: await editVersion(db, "product", product.id, product.updated_at),
    },
    history: await loadHistory(db, "product", product.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const actor = getAdminUser(context);
  const submission = parseSubmission(await readFormData(request), productForm.schema);
  if (!submission.ok) return formFailure(submission, productForm.invalidToast(submission.errors));
  const adding = !params.productId;
  const { status: chosen, publish_at, ...values } = submission.value;
  const schedule = await resolveSchedule(db, getServices(context).now(), {
    status: chosen,
    local: publish_at,
    saved: { table: "products", id: params.productId },
  });
  if (!schedule.ok)
    return refuse(submission, { ok: false, title: "Schedule", message: schedule.message, field: "publish_at" });
  const failed = {
    ok: false as const,
    title: adding ? "Error Adding Product" : "Error Updating Product",
    message: "The product could not be saved. Please try again.",
  };
  const result = await attempt(
    "products",
    () =>
      saveProduct(
        db,
        storage,
        actor,
        {
          id: params.productId,
          ...values,
          status: schedule.status,
          publishAt: schedule.publishAt,
          opened: openedVersionOf(submission.values),
        },
        config.uploadMaxBytes,
      ),
    failed,
  );
  if (!result.ok) return refuse(submission, result, result === failed ? 500 : undefined);
  getServices(context).changed(...result.changed);
  const title = adding ? "Product Added!" : "Product Updated!";
  // Spec §8: a gallery picture that cannot be stored is skipped, not fatal; the toast names it.
  const toast: ToastInput = result.warnings.length
    ? { title, description: `Saved, but ${result.warnings.join("; ")}`, variant: "default" }
    : successToast(title, savedText(submission.value.name, schedule));
  return redirectWithToast("/admin/manage-products", toast);
}

type Loaded = Route.ComponentProps["loaderData"];

export default function ProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const { product, previewUrl } = loaderData;
  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title={product ? "Edit Product" : "Add New Product"}
        back={{ to: "/admin/manage-products", label: "Back to Products" }}
      >
        {product ? <HistoryLink entries={loaderData.history} /> : null}
      </AdminPageHeader>
      {previewUrl ? <PreviewLink url={previewUrl} what="product" /> : null}
      <Card>
        <SchemaForm
          of={productForm}
          result={actionData}
          version={product?.version}
          method="post"
          encType="multipart/form-data"
          className="space-y-6"
        >
          <LocalDraft storageKey={`draft:product:${product?.id ?? "new"}`} />
          <ProductFields {...loaderData} />
          <SubmitButton>{product ? "Update Product" : "Add Product"}</SubmitButton>
        </SchemaForm>
      </Card>
      {product ? (
        <HistoryPanel entries={loaderData.history} restoreAction={`/admin/history/product/${product.id}/restore`} />
      ) : null}
    </div>
  );
}

function ProductFields({ categories, product }: Loaded) {
  const category = useField("category_id", product?.category_id);
  const [categoryId, setCategoryId] = useState(String(category.defaultValue ?? ""));
  const categorySlug = categories.find((c) => c.id === categoryId)?.slug;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <NameSlugFields
          nameLabel="Product Name"
          saved={product}
          addressPrefix={`/products/${categorySlug ?? "…"}/`}
          className="contents"
        />
        <SelectField
          name="category_id"
          label="Category"
          placeholder="Select a category"
          defaultValue={product?.category_id}
          options={categories.map((c) => ({ value: c.id, label: c.status === "draft" ? `${c.name} (Draft)` : c.name }))}
          onChange={(event) => setCategoryId(event.target.value)}
        />
        <CheckboxField
          name="is_featured"
          label="Featured product"
          defaultChecked={product?.is_featured}
          className="sm:pt-8"
        />
        <StatusField status={product?.status} />
        <ScheduleField publishAt={product?.publish_at} />
      </div>
      <TextareaField name="description" label="Description" rows={5} defaultValue={product?.description} />
      <ImageField name="image" label="Main Image" currentUrl={product?.image_url ?? null} />
      <ProductGalleryField existing={product?.gallery ?? []} />
      <SpecEditor initial={product?.specs ?? []} />
      <TradeTermsFields terms={product?.terms ?? EMPTY_TRADE_TERMS} />
      <TextareaField
        name="export_info"
        label="Export Information"
        hint="Anything else buyers should know, as free text."
        rows={4}
        defaultValue={product?.export_info}
      />
    </>
  );
}
