import type { SortedImageItems } from "~/features/sorted-image-items/sorted-image-items.server";
import { pageTag } from "~/lib/web/page-tags";
import { gallery, GALLERY_IMAGE_REQUIRED, galleryForm } from "./gallery.schema";

export const galleryItems = {
  table: "gallery_items",
  ...gallery,
  list: "/admin/edit-pages/gallery",
  // Spec §7: gallery-{timestamp}; the random suffix keeps two uploads in one millisecond apart.
  folder: "public/gallery",
  filePrefix: () => `gallery-${Date.now()}`,
  changes: pageTag.gallery,
  // Checked again against the stored row: the form's own check trusts what the browser says is saved.
  imageRequired: { ok: false, title: "Missing Image", message: GALLERY_IMAGE_REQUIRED, field: "image" },
} satisfies SortedImageItems<typeof galleryForm.schema>;
