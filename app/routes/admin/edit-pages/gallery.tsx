import { ImageOff, Images } from "lucide-react";
import { ItemPicture, SortedImageItemsPage } from "~/routes/admin/edit-pages/sorted-image-items";
import { Field } from "~/components/forms/index";
import { galleryItems } from "~/features/gallery/gallery-admin.server";
import { gallery } from "~/features/gallery/gallery.schema";
import type { Route } from "./+types/gallery";
import { sortedItemsAction, sortedItemsLoader } from "./sorted-image-items.server";

export const meta = () => [{ title: "Manage Gallery" }];
export const loader = sortedItemsLoader(galleryItems.table);
export const action = sortedItemsAction(galleryItems);

export default function ManageGallery(props: Route.ComponentProps) {
  return (
    <SortedImageItemsPage
      title="Manage Gallery"
      kind={gallery}
      {...props}
      nameOf={(item, index) => item.title || `image ${index + 1}`}
      fields={(item) => (
        <Field name="title" label="Title" defaultValue={item?.title} placeholder="e.g. Grading red onions in Nashik" />
      )}
      imageLabel="Image (required)"
      EmptyIcon={Images}
      look="overlay"
      listClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
    >
      {(item, { index, move, handle, actions }) => (
        <div
          className="relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="gallery-card"
        >
          <ItemPicture src={item.image_url} alt={item.title ?? ""} fit="cover" Placeholder={ImageOff} />
          {/* Spec §2's overlay with the title (2 lines) and the edit and delete icons, shown at every width without
              hover (issue 29: hover-only controls are out of reach on touch screens and for keyboard users). */}
          <div className="pointer-events-none absolute inset-x-0 top-0 flex aspect-[4/3] flex-col justify-between bg-gradient-to-t from-black/70 via-transparent to-black/30 p-3">
            <div className="pointer-events-auto flex items-start justify-between gap-1">
              {handle}
              <div className="ms-auto">{actions}</div>
            </div>
            <p className="line-clamp-2 text-sm font-medium text-white">{item.title}</p>
          </div>
          <div className="flex items-center justify-between px-2 py-1 text-xs text-muted">
            <span>#{index + 1}</span>
            {move}
          </div>
        </div>
      )}
    </SortedImageItemsPage>
  );
}
