import { ImageOff, Images, Pencil, Plus, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { ImageField } from "~/components/forms";
import {
  AdminPageHeader,
  Card,
  DeleteForm,
  FieldLabel,
  InlineFormButtons,
  inputClass,
  MoveButtons,
  SortOrderField,
  useInlineEditing,
} from "~/components/admin/ui";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { failure, successRedirect } from "~/features/admin/item-actions.server";
import { moveItem } from "~/features/admin/reorder.server";
import { deleteGalleryItem, listGalleryForAdmin, saveGalleryItem } from "~/features/gallery/gallery-admin.server";
import { imageFieldValue } from "~/features/media/upload.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/gallery";

const LIST = "/admin/edit-pages/gallery";
export const meta = () => [{ title: "Manage Gallery" }];

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listGalleryForAdmin(getServices(context).db);
  return { items: rows.map((item) => ({ ...item, image_url: safeImageSrc(item.image_url) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const form = await readFormData(request);
  const text = (name: string) => String(form.get(name) ?? "");
  switch (text("intent")) {
    case "save": {
      const values = { title: text("title"), sortOrder: text("sort_order") };
      const id = text("id") || undefined;
      const result = await saveGalleryItem(
        db,
        storage,
        { id, ...values, ...imageFieldValue(form, "image") },
        config.uploadMaxBytes,
      );
      if (!result.ok) return failure(result.title, result.message, 400, values);
      return successRedirect(LIST, id ? "Gallery Item Updated" : "Gallery Item Added");
    }
    case "move":
      await moveItem(db, "gallery_items", text("id"), text("direction") === "up" ? "up" : "down");
      return successRedirect(LIST, "Order saved");
    case "delete":
      if (!(await deleteGalleryItem(db, storage, text("id"))))
        return failure("Error deleting gallery item", "The gallery item no longer exists.", 404);
      return successRedirect(LIST, "Gallery Item Deleted");
    default:
      return failure("Error", "Unknown request.");
  }
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

function GalleryForm({ item, count, typed }: { item: Item | null; count: number; typed?: Record<string, string> }) {
  return (
    <Card className="mb-6">
      <h2 className="mb-4 text-lg font-semibold text-brand-900">
        {item ? "Edit Gallery Item" : "Add New Gallery Item"}
      </h2>
      <Form method="post" encType="multipart/form-data" className="grid gap-5 sm:grid-cols-2" key={item?.id ?? "new"}>
        <input type="hidden" name="intent" value="save" />
        {item ? <input type="hidden" name="id" value={item.id} /> : null}
        <div>
          <FieldLabel htmlFor="title">Title</FieldLabel>
          <input
            id="title"
            name="title"
            defaultValue={typed?.title ?? item?.title ?? ""}
            maxLength={200}
            className={inputClass}
            placeholder="e.g. Grading red onions in Nashik"
          />
        </div>
        <SortOrderField defaultValue={typed?.sortOrder ?? String(item?.sort_order ?? count)} />
        <div className="sm:col-span-2">
          <ImageField name="image" label="Image (required)" currentUrl={item?.image_url ?? null} />
        </div>
        <InlineFormButtons label={item ? "Update Item" : "Add Item"} cancelTo={LIST} />
      </Form>
    </Card>
  );
}

export default function ManageGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  useToastOnChange(actionData?.toast);
  const { editing, formOpen } = useInlineEditing(items);

  return (
    <div>
      <AdminPageHeader title="Manage Gallery" back={{ to: "/admin/edit-pages", label: "Back to Edit Pages" }}>
        <ButtonLink to="?edit=new">
          <Plus className="size-4" aria-hidden /> Add New Gallery Item
        </ButtonLink>
      </AdminPageHeader>
      {formOpen ? <GalleryForm item={editing} count={items.length} typed={actionData?.values} /> : null}
      {items.length === 0 ? (
        <Card className="text-center">
          <Images className="mx-auto size-10 text-slate-300" aria-hidden />
          <p className="mt-3 font-semibold text-brand-900">No gallery items found.</p>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {items.map((item, index) => {
            const name = item.title || `image ${index + 1}`;
            return (
              <li
                key={item.id}
                className="group relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
                data-testid="gallery-card"
              >
                <div className="aspect-[4/3] bg-slate-100">
                  {item.image_url ? (
                    <img
                      src={item.image_url}
                      alt={item.title ?? ""}
                      width={400}
                      height={300}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <ImageOff className="m-auto size-10 h-full text-slate-300" aria-label="No image" />
                  )}
                </div>
                {/* Spec §2: a hover overlay with the title (2 lines) and the edit and delete icons; always shown on touch screens. */}
                <div className="absolute inset-x-0 top-0 flex aspect-[4/3] flex-col justify-between bg-gradient-to-t from-black/70 via-black/10 to-transparent p-3 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
                  <div className="flex justify-end gap-1">
                    <Link
                      to={`?edit=${item.id}`}
                      className="rounded-md bg-white/90 p-2 text-brand-700 hover:bg-white"
                      aria-label={`Edit ${name}`}
                      title="Edit"
                    >
                      <Pencil className="size-4" aria-hidden />
                    </Link>
                    <DeleteForm
                      what={`the gallery item "${name}"`}
                      id={item.id}
                      label={`Delete ${name}`}
                      className="rounded-md bg-white/90 p-2 text-red-600 hover:bg-white"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </DeleteForm>
                  </div>
                  <p className="line-clamp-2 text-sm font-medium text-white">{item.title}</p>
                </div>
                <div className="flex items-center justify-between px-2 py-1 text-xs text-muted">
                  <span>#{index + 1}</span>
                  <MoveButtons id={item.id} name={name} first={index === 0} last={index === items.length - 1} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
