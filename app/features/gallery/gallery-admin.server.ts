import type { Db } from "~/db/database.server";
import { nextSortOrder, parseSortOrder } from "~/features/admin/reorder.server";
import type { ItemResult } from "~/features/certificates/certificates-admin.server";
import { removeStoredImageIfUnused } from "~/features/media/images.server";
import type { Storage } from "~/features/media/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/media/upload.server";
import { newId, nowIso } from "~/lib/time";

export async function listGalleryForAdmin(db: Db) {
  return db.selectFrom("gallery_items").selectAll().orderBy("sort_order", "asc").orderBy("created_at", "asc").execute();
}

export interface GalleryInput {
  id?: string;
  title: string;
  sortOrder: string;
  image: File | null;
  removeImage: boolean;
}

export async function saveGalleryItem(
  db: Db,
  storage: Storage,
  input: GalleryInput,
  maxBytes: number,
): Promise<ItemResult> {
  const existing = input.id
    ? await db.selectFrom("gallery_items").selectAll().where("id", "=", input.id).executeTakeFirst()
    : undefined;
  if (input.id && !existing)
    return { ok: false, title: "Error fetching gallery items", message: "The gallery item no longer exists." };
  const adding = !existing;
  // Spec §5: no new file, no existing image, or the existing one marked for removal → an image is missing.
  if (!input.image && (!existing?.image_url || input.removeImage))
    return { ok: false, title: "Missing Image", message: "Gallery item image is required." };
  let uploaded: { path: string; publicUrl: string } | null = null;
  if (input.image) {
    try {
      // Spec §7: gallery files are named gallery-{timestamp}; the random part keeps two uploads in one millisecond apart.
      uploaded = await storeUploadedImage(storage, input.image, {
        folder: "public/gallery",
        prefix: `gallery-${Date.now()}`,
        maxBytes,
      });
    } catch (error) {
      if (error instanceof UploadError)
        return { ok: false, title: "Image Operation Failed", message: `Image upload failed: ${error.message}` };
      throw error;
    }
  }
  const imageUrl = uploaded ? uploaded.publicUrl : existing!.image_url;
  const now = nowIso();
  const values = {
    title: input.title.trim().slice(0, 200) || null,
    image_url: imageUrl,
    sort_order: parseSortOrder(input.sortOrder, existing?.sort_order ?? (await nextSortOrder(db, "gallery_items"))),
    updated_at: now,
  };
  try {
    if (existing) await db.updateTable("gallery_items").set(values).where("id", "=", existing.id).execute();
    else
      await db
        .insertInto("gallery_items")
        .values({ id: newId(), ...values, created_at: now })
        .execute();
  } catch (error) {
    if (uploaded) await discardImages(storage, [uploaded.path]);
    return {
      ok: false,
      title: adding ? "Error adding gallery item" : "Error updating gallery item",
      message: (error as Error).message.slice(0, 200),
    };
  }
  if (existing?.image_url !== imageUrl) await removeStoredImageIfUnused(db, storage, existing?.image_url);
  return { ok: true };
}

export async function deleteGalleryItem(db: Db, storage: Storage, id: string): Promise<boolean> {
  const row = await db.selectFrom("gallery_items").select("image_url").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom("gallery_items").where("id", "=", id).execute();
  await removeStoredImageIfUnused(db, storage, row.image_url);
  return true;
}
