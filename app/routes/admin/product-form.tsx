import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ImageField } from "~/components/forms";
import { SpecEditor } from "~/components/admin/spec-editor";
import { AdminPageHeader, Card, FieldLabel, inputClass } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import {
  findProductForEdit,
  listCategoryOptions,
  saveProduct,
  type SpecRow,
} from "~/features/catalogue/product-admin.server";
import { chosenFile } from "~/features/media/upload.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { slugify } from "~/lib/slug";
import { getServices } from "~/services.server";
import type { Route } from "./+types/product-form";

// One module for /admin/manage-products/add and /admin/manage-products/edit/:productId.
export const meta = ({ params }: Route.MetaArgs) => [{ title: params.productId ? "Edit Product" : "Add New Product" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const categories = await listCategoryOptions(db);
  if (!params.productId) return { categories, product: null };
  const product = await findProductForEdit(db, params.productId);
  if (!product) throw data("Product not found", { status: 404 });
  return {
    categories,
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      category_id: product.category_id,
      description: product.description ?? "",
      export_info: product.export_info ?? "",
      is_featured: product.is_featured === 1,
      image_url: safeImageSrc(product.image_url),
      gallery: product.gallery.map((url) => ({ url, src: safeImageSrc(url) })),
      specs: product.specs.map(([key, value]) => ({
        key,
        type: typeof value === "boolean" ? ("boolean" as const) : ("text" as const),
        value: value === true ? "yes" : value === false ? "no" : value,
      })),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const form = await readFormData(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const keys = form.getAll("spec_key").map(String);
  const types = form.getAll("spec_type").map(String);
  const values = form.getAll("spec_value").map(String);
  const specs: SpecRow[] = keys
    .slice(0, 100)
    .map((key, i) => ({ key, type: types[i] === "boolean" ? "boolean" : "text", value: values[i] ?? "" }));
  const result = await saveProduct(
    db,
    storage,
    {
      id: params.productId,
      name: text("name"),
      slug: text("slug"),
      category_id: text("category_id"),
      description: text("description"),
      export_info: text("export_info"),
      is_featured: form.get("is_featured") === "on",
      specs,
      image: chosenFile(form.get("image")),
      removeImage: form.get("image_remove") === "1",
      newGallery: form
        .getAll("gallery_new")
        .map(chosenFile)
        .filter((f): f is File => !!f),
      removeGallery: form.getAll("gallery_remove").map(String),
    },
    config.uploadMaxBytes,
  );
  if (!result.ok) {
    const toast: ToastInput = { title: result.title, description: result.message, variant: "destructive" };
    return data(
      {
        toast,
        values: {
          name: text("name"),
          slug: text("slug"),
          category_id: text("category_id"),
          description: text("description"),
          export_info: text("export_info"),
        },
      },
      { status: 400 },
    );
  }
  const title = params.productId ? "Product Updated!" : "Product Added!";
  const toast: ToastInput = result.warnings.length
    ? { title, description: `Saved, but ${result.warnings.join("; ")}`, variant: "default" }
    : { title, description: `"${text("name").trim()}" has been saved.`, variant: "success" };
  throw redirect("/admin/manage-products", { headers: { "Set-Cookie": flashCookie(toast) } });
}

export default function ProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, product } = loaderData;
  const saving = useNavigation().state === "submitting";
  useToastOnChange(actionData?.toast);
  const initial = actionData?.values ??
    product ?? { name: "", slug: "", category_id: "", description: "", export_info: "" };
  const [name, setName] = useState(initial.name);
  const [slug, setSlug] = useState(initial.slug);
  const [slugTouched, setSlugTouched] = useState(!!product);

  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title={product ? "Edit Product" : "Add New Product"}
        back={{ to: "/admin/manage-products", label: "Back to Products" }}
      />
      <Card>
        <Form method="post" encType="multipart/form-data" className="space-y-6">
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <FieldLabel htmlFor="name" required>
                Product Name
              </FieldLabel>
              <input
                id="name"
                name="name"
                value={name}
                maxLength={200}
                onChange={(e) => {
                  setName(e.target.value);
                  if (!slugTouched || slug === "") setSlug(slugify(e.target.value));
                }}
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
                maxLength={200}
                onChange={(e) => {
                  setSlugTouched(true);
                  setSlug(e.target.value);
                }}
                className={`${inputClass} font-mono`}
              />
            </div>
            <div>
              <FieldLabel htmlFor="category_id" required>
                Category
              </FieldLabel>
              <select id="category_id" name="category_id" defaultValue={initial.category_id} className={inputClass}>
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                name="is_featured"
                defaultChecked={product?.is_featured}
                className="size-4 accent-brand-700"
              />{" "}
              Featured product
            </label>
          </div>
          <div>
            <FieldLabel htmlFor="description">Description</FieldLabel>
            <textarea
              id="description"
              name="description"
              rows={5}
              maxLength={10_000}
              defaultValue={initial.description}
              className={inputClass}
            />
          </div>
          <ImageField name="image" label="Main Image" currentUrl={product?.image_url ?? null} />
          <GalleryField existing={product?.gallery ?? []} />
          <SpecEditor initial={product?.specs ?? []} />
          <div>
            <FieldLabel htmlFor="export_info">Export Information</FieldLabel>
            <textarea
              id="export_info"
              name="export_info"
              rows={4}
              maxLength={5000}
              defaultValue={initial.export_info}
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {saving ? "Saving..." : product ? "Update Product" : "Add Product"}
          </button>
        </Form>
      </Card>
    </div>
  );
}

/** Existing gallery pictures with a staged "remove" (applied on save), and new ones with previews. */
function GalleryField({ existing }: { existing: Array<{ url: string; src: string | null }> }) {
  const [previews, setPreviews] = useState<string[]>([]);
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Gallery Images</legend>
      {existing.length ? (
        <ul className="mb-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {existing.map((image, i) => (
            <li key={image.url} className="space-y-1">
              {image.src ? (
                <img
                  src={image.src}
                  alt={`Gallery image ${i + 1}`}
                  className="aspect-[4/3] w-full rounded object-cover ring-1 ring-slate-200"
                />
              ) : null}
              <label className="flex items-center gap-1 text-xs text-red-700">
                <input type="checkbox" name="gallery_remove" value={image.url} /> Remove
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor="gallery_new" className="sr-only">
        Add gallery images
      </label>
      <input
        id="gallery_new"
        name="gallery_new"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        onChange={(e) => setPreviews([...(e.target.files ?? [])].map((f) => URL.createObjectURL(f)))}
        className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
      />
      {previews.length ? (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {previews.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={`New gallery image ${i + 1}`}
                className="aspect-[4/3] w-full rounded object-cover ring-1 ring-slate-200"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
