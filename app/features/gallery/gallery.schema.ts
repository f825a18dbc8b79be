import { z } from "zod";
import { itemWords, missingToast, sortOrder, type ItemKind } from "~/features/sorted-image-items/sorted-image-items";
import { checkbox, defineForm, optionalFile, text } from "~/lib/forms/submission";
import { GALLERY_ITEM_FIELDS } from "~/features/sorted-image-items/item-entities";

export const GALLERY_IMAGE_REQUIRED = "Gallery item image is required.";

export const galleryForm = defineForm(
  z
    .object({
      title: text.optional(GALLERY_ITEM_FIELDS.title.label, GALLERY_ITEM_FIELDS.title.max),
      sort_order: sortOrder(),
      image: optionalFile(),
      image_remove: checkbox(),
      // Sent by the form when the item has a saved picture. Only a hint for the check below: the server decides by
      // the stored row.
      image_saved: checkbox(),
    })
    // Spec §5: no new file, no saved picture, or the saved one marked for removal → the picture is missing.
    .refine((v) => v.image || (v.image_saved && !v.image_remove), { path: ["image"], message: GALLERY_IMAGE_REQUIRED }),
  missingToast("image", "Missing Image", GALLERY_IMAGE_REQUIRED),
);

// 'Add New Gallery Item', 'No gallery items found.', 'Gallery Item Added' / 'Updated' / 'Deleted', 'Error adding
// gallery item', 'Error updating gallery item', 'Error deleting gallery item' (spec §2, §8).
export const gallery = { words: itemWords("gallery item", "Gallery Item"), form: galleryForm } satisfies ItemKind<
  typeof galleryForm.schema
>;

export type GalleryValues = z.output<typeof galleryForm.schema>;
